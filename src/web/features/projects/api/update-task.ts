import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TaskDto, taskDto, type UpdateTaskBody } from '@/contracts/tasks';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { invalidateProjectFinish } from './invalidate-project-finish';
import { projectKeys, taskKeys } from './keys';

/** PUT /api/tasks/{id}: any fields of a task; answers the saved task. */
export async function updateTask({ id, body }: { id: number; body: UpdateTaskBody }): Promise<TaskDto> {
  return taskDto.parse(await apiRequest('PUT', `/api/tasks/${id}`, body));
}

/**
 * Stores the saved task and refreshes its project's task list and schedule (a save that changes a
 * duration, link, constraint or the materials re-schedules the project on the server, in the same
 * request: the schedule query is only read again).
 */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: async (task) => {
      queryClient.setQueryData(taskKeys.detail(task.id), task);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(task.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.schedule(task.projectId) }),
        invalidateProjectFinish(queryClient, task.projectId),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ]);
    },
  });
}

export interface TaskPatch {
  body: UpdateTaskBody;
  /** What the task looks like once saved, shown at once; put back as it was if the save fails. */
  optimistic: Partial<TaskDto>;
}

/**
 * Saves some fields of a task with an optimistic update: the task query shows the change at once
 * and returns to what it was when the save fails (the caller says so to the user).
 */
export function useOptimisticTaskUpdate(taskId: number) {
  const queryClient = useQueryClient();
  const key = taskKeys.detail(taskId);
  return useMutation({
    mutationFn: ({ body }: TaskPatch) => updateTask({ id: taskId, body }),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TaskDto>(key);
      if (before) queryClient.setQueryData<TaskDto>(key, { ...before, ...optimistic });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: async (task) => {
      queryClient.setQueryData(key, task);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(task.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.schedule(task.projectId) }),
        invalidateProjectFinish(queryClient, task.projectId),
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ]);
    },
  });
}
