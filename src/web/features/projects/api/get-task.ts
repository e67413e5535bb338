import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskDto } from '@/contracts/tasks';
import { getQueryFn } from '@/web/lib/api-client';
import { taskKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/tasks/{id}: one task. */
export const taskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: async (context) => taskDto.parse(await fetchJson(context)),
  });

export function useTask(id: number) {
  return useQuery(taskQueryOptions(id));
}
