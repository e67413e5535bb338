import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { taskDto } from '@/contracts/tasks';
import { apiRequest } from '@/web/lib/api-client';
import { delayKeys } from './keys';

/** What the Record delay dialog shows of a task. */
const delayTaskChoice = taskDto.pick({
  id: true,
  name: true,
  isCritical: true,
  status: true,
  startDate: true,
});
export type DelayTaskChoice = z.infer<typeof delayTaskChoice>;

/** GET /api/projects/{id}/tasks, read for the tasks a delay can be recorded on. */
export const delayTasksQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: delayKeys.taskChoices(projectId),
    queryFn: async () =>
      z.array(delayTaskChoice).parse(await apiRequest('GET', `/api/projects/${projectId}/tasks`)),
  });

export function useDelayTasks(projectId: number, enabled: boolean) {
  return useQuery({ ...delayTasksQueryOptions(projectId), enabled });
}
