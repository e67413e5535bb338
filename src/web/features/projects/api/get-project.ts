import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectDto } from '@/contracts/projects';
import { getQueryFn } from '@/web/lib/api-client';
import { projectKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/projects/{id}: one project. */
export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: async (context) => projectDto.parse(await fetchJson(context)),
  });

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}
