import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { updateDto } from '@/contracts/updates';
import { getQueryFn } from '@/web/lib/api-client';
import { taskKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/tasks/{id}/updates: the task's updates, newest first. */
export const taskUpdatesQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: taskKeys.updates(taskId),
    queryFn: async (context) => z.array(updateDto).parse(await fetchJson(context)),
  });

export function useTaskUpdates(taskId: number) {
  return useQuery(taskUpdatesQueryOptions(taskId));
}
