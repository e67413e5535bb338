import { queryOptions, useQuery } from '@tanstack/react-query';
import { delayListDto, delayListPath } from '@/contracts/delays';
import { apiRequest } from '@/web/lib/api-client';
import { delayKeys } from './keys';

/** GET /api/projects/{id}/delays: the project's recorded delays, by date. */
export const delaysQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: delayKeys.list(projectId),
    queryFn: async () => delayListDto.parse(await apiRequest('GET', delayListPath(projectId))),
  });

export function useDelays(projectId: number) {
  return useQuery(delaysQueryOptions(projectId));
}
