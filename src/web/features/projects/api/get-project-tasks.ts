import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { taskDto } from '@/contracts/tasks';
import { getQueryFn } from '@/web/lib/api-client';
import { projectKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/projects/{id}/tasks: the project's tasks, by start date. */
export const projectTasksQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.tasks(projectId),
    queryFn: async (context) => z.array(taskDto).parse(await fetchJson(context)),
  });

export function useProjectTasks(projectId: number) {
  return useQuery(projectTasksQueryOptions(projectId));
}
