import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { projectKeys } from './keys';

/** DELETE /api/projects/{id}: the project with its tasks, updates and documents. */
export async function deleteProject(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/projects/${id}`);
}

/** Success refreshes /api/projects and /api/projects/stats. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        // The schedule lists tasks with their project: it reads them again when next shown.
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ]);
    },
  });
}
