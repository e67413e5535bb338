import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TaskDto, taskDto, type UpdateTaskBody } from '@/contracts/tasks';
import { apiRequest } from '@/web/lib/api-client';
import { projectKeys, taskKeys } from './keys';

/** PUT /api/tasks/{id}: any fields of a task; answers the saved task. */
export async function updateTask({ id, body }: { id: number; body: UpdateTaskBody }): Promise<TaskDto> {
  return taskDto.parse(await apiRequest('PUT', `/api/tasks/${id}`, body));
}

/** Stores the saved task and refreshes its project's task list. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: async (task) => {
      queryClient.setQueryData(taskKeys.detail(task.id), task);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(task.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
      ]);
    },
  });
}
