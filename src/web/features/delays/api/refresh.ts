import type { QueryClient } from '@tanstack/react-query';
import { delayKeys } from './keys';

/**
 * After a delay is recorded or removed the project was re-scheduled: its delays, tasks, schedule
 * and look-ahead (all under the project's key), the task pages and the task lists read again.
 */
export async function refreshAfterDelayChange(queryClient: QueryClient, projectId: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: delayKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: ['/api/tasks'] }),
  ]);
}
