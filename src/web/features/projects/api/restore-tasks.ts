import { useQueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import type { RestoredTaskState, RestoreTasksBody, TaskDto } from '@/contracts/tasks';
import { ToastAction } from '@/web/components/ui/toast';
import { toast } from '@/web/components/ui/use-toast';
import { apiRequest, serverMessage } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { projectTasksQueryOptions } from './get-project-tasks';
import { projectKeys, taskKeys } from './keys';

/** How long the Undo of a progress or date change is offered. */
export const UNDO_MS = 15_000;

/** POST /api/tasks/restore: puts the project's tasks back as they were. */
export async function restoreTasks(body: RestoreTasksBody): Promise<void> {
  await apiRequest('POST', '/api/tasks/restore', body);
}

/** What the undo puts back of one task. */
export function restoredState(t: TaskDto): RestoredTaskState {
  return {
    id: t.id,
    startDate: t.startDate,
    endDate: t.endDate,
    duration: t.duration,
    isCritical: t.isCritical,
    progress: t.progress,
    status: t.status,
    startNoEarlierThan: t.startNoEarlierThan,
    actualStart: t.actualStart,
    actualFinish: t.actualFinish,
    remainingDuration: t.remainingDuration,
  };
}

/**
 * A progress or date change that can be undone: `run(projectId, title, change)` reads the project's
 * tasks as they stand, makes the change, and shows a notice with Undo for {@link UNDO_MS}, which puts
 * every task of the project back exactly as it was (the change re-schedules the whole project).
 */
export function useUndoableTaskChange() {
  const queryClient = useQueryClient();
  const refresh = (projectId: number, taskIds: readonly number[]) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.tasks(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.schedule(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
      queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ...taskIds.map((id) => queryClient.invalidateQueries({ queryKey: taskKeys.detail(id) })),
    ]);

  const undo = async (projectId: number, before: readonly TaskDto[]) => {
    try {
      await restoreTasks({ projectId, tasks: before.map(restoredState) });
      await refresh(
        projectId,
        before.map((t) => t.id),
      );
      toast({ title: 'Change undone', description: 'The schedule is back as it was.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The change could not be undone',
        description: serverMessage(error) ?? 'Try again in a moment.',
      });
    }
  };

  return async function run<T>(
    projectId: number,
    title: string,
    change: () => Promise<T>,
    description?: string,
  ): Promise<T> {
    const before = await queryClient.fetchQuery({ ...projectTasksQueryOptions(projectId), staleTime: 0 });
    const result = await change();
    toast({
      title,
      description: description ?? 'Undo puts every task back where it was.',
      duration: UNDO_MS,
      action: createElement(
        ToastAction,
        { altText: 'Undo the change', onClick: () => void undo(projectId, before) },
        'Undo',
      ),
    });
    return result;
  };
}
