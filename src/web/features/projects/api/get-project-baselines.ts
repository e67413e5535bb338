import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { baselineDto } from '@/contracts/baselines';
import { apiRequest } from '@/web/lib/api-client';
import { projectKeys } from './keys';

/** Query keys of a project's baselines; the compared tasks sit under the project's tasks key, so a task save refreshes them. */
export const baselineKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), 'baselines'] as const,
  tasks: (projectId: number, baselineId: number) =>
    [...projectKeys.tasks(projectId), 'baseline', baselineId] as const,
};

/** GET /api/projects/{id}/baselines: oldest (the default) first. */
export const projectBaselinesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: baselineKeys.list(projectId),
    queryFn: async () =>
      z.array(baselineDto).parse(await apiRequest('GET', `/api/projects/${projectId}/baselines`)),
  });

export function useProjectBaselines(projectId: number) {
  return useQuery(projectBaselinesQueryOptions(projectId));
}
