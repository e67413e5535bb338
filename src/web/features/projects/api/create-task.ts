import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateTaskBody, type TaskDto, taskDto } from '@/contracts/tasks';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { invalidateProjectFinish } from './invalidate-project-finish';
import { projectKeys } from './keys';

/** POST /api/tasks: a new task of a project. */
export async function createTask(body: CreateTaskBody): Promise<TaskDto> {
  return taskDto.parse(await apiRequest('POST', '/api/tasks', body));
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: async (task) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(task.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        invalidateProjectFinish(queryClient, task.projectId),
        // The schedule lists tasks with their project: it reads them again when next shown.
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ]);
    },
  });
}
