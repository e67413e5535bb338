import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectScheduleDto } from '@/contracts/schedule';
import { getQueryFn } from '@/web/lib/api-client';
import { projectKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/**
 * GET /api/projects/{id}/schedule: the critical-path schedule of the stored tasks (dates, floats,
 * critical flags), computed by the server without writing anything; 422 on a dependency cycle.
 * A task save re-schedules the project in its own transaction, so after a save this query is only
 * invalidated (a read), never a second POST.
 */
export const projectScheduleQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.schedule(projectId),
    queryFn: async (context) => projectScheduleDto.parse(await fetchJson(context)),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useProjectSchedule(projectId: number) {
  return useQuery(projectScheduleQueryOptions(projectId));
}
