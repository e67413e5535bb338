import type { QueryClient } from '@tanstack/react-query';
import { projectKeys } from './keys';

/**
 * After a change that may re-schedule a project (a task saved, added, deleted, or the project
 * scheduled): the server moves the project's end date to the new finish, so the project and the
 * portfolio list are read again.
 */
export function invalidateProjectFinish(queryClient: QueryClient, projectId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
    queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
  ]);
}
