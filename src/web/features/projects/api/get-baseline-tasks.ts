import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectTaskDto } from '@/contracts/baselines';
import { apiRequest } from '@/web/lib/api-client';
import { baselineKeys } from './get-project-baselines';

/**
 * GET /api/projects/{id}/tasks?baseline={baselineId}: the tasks with their baseline dates and finish
 * variance (working days on the project's calendar, counted by the server).
 */
export const baselineTasksQueryOptions = (projectId: number, baselineId: number) =>
  queryOptions({
    queryKey: baselineKeys.tasks(projectId, baselineId),
    queryFn: async () =>
      z
        .array(projectTaskDto)
        .parse(await apiRequest('GET', `/api/projects/${projectId}/tasks?baseline=${baselineId}`)),
    // While a task save is read again, the bars keep the variance they had.
    placeholderData: keepPreviousData,
  });

/** The compared tasks, or nothing asked when no baseline is chosen. */
export function useBaselineTasks(projectId: number, baselineId: number | null) {
  return useQuery({
    ...baselineTasksQueryOptions(projectId, baselineId ?? 0),
    enabled: baselineId !== null,
  });
}
