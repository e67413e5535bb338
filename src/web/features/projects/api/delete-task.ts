import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { invalidateProjectFinish } from './invalidate-project-finish';
import { projectKeys, taskKeys } from './keys';

/** DELETE /api/tasks/{id}. */
export async function deleteTask({ id }: { id: number; projectId: number }): Promise<void> {
  await apiRequest('DELETE', `/api/tasks/${id}`);
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: async (_data, { id, projectId }) => {
      queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.updates(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        invalidateProjectFinish(queryClient, projectId),
        // The schedule lists tasks with their project: it reads them again when next shown.
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ]);
    },
  });
}
