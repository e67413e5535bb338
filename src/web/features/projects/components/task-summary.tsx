import { useState } from 'react';
import type { TaskDto, UpdateTaskBody } from '@/contracts/tasks';
import { progressBarChange } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useProjectTasks } from '../api/get-project-tasks';
import { useUndoableTaskChange } from '../api/restore-tasks';
import { useOptimisticTaskUpdate, useUpdateTask } from '../api/update-task';
import { formatDay } from '../lib/dates';
import { ProgressSlider } from './progress-slider';
import { TaskActualStartDialog } from './task-actual-start-dialog';
import { TaskAssignee } from './task-assignee';
import { TaskDependencies } from './task-dependencies';
import { TaskRemaining } from './task-remaining';

const failed = (error: unknown) =>
  toast({
    variant: 'destructive',
    title: 'Error',
    description: serverMessage(error) ?? 'Failed to update task.',
  });

/** Not started: no work recorded and no actual start. */
const notStarted = (task: TaskDto) =>
  task.progress === 0 && !task.actualStart && task.status === 'not-started';

/** What the prompt is asking: the start of a progress being recorded, or a corrected actual start. */
type Asking = { progress: number } | { progress: null };

/**
 * The task at a glance: description, the clickable progress bar, dates and actual dates. Progress on a
 * task not started first asks for its actual start (the planned start offered); every progress or
 * actual-start change can be undone from its notice.
 */
export function TaskSummary({ task }: { task: TaskDto }) {
  const save = useOptimisticTaskUpdate(task.id);
  const clear = useUpdateTask();
  const projectTasks = useProjectTasks(task.projectId);
  const undoable = useUndoableTaskChange();
  const [asking, setAsking] = useState<Asking | null>(null);

  const change = (title: string, body: UpdateTaskBody, optimistic: Partial<TaskDto> = {}) =>
    undoable(task.projectId, title, () => save.mutateAsync({ body, optimistic })).catch(failed);

  const onProgress = (value: number): Promise<unknown> => {
    if (value > 0 && notStarted(task)) {
      setAsking({ progress: value });
      return Promise.resolve();
    }
    const bar = progressBarChange(value);
    return change(`Progress set to ${value}%`, bar, bar);
  };

  const onActualStart = (actualStart: string) => {
    const current = asking;
    setAsking(null);
    if (!current) return;
    if (current.progress === null) {
      void change(`Actual start set to ${formatDay(`${actualStart}T00:00:00Z`)}`, { actualStart });
      return;
    }
    const bar = progressBarChange(current.progress);
    void change(`Progress set to ${current.progress}%`, { ...bar, actualStart }, bar);
  };

  return (
    <div className="grid gap-5">
      <div>
        <h2 className="text-sm font-medium text-muted-foreground">Description</h2>
        <p className="mt-1 whitespace-pre-line">{task.description || 'No description provided.'}</p>
      </div>
      <div>
        <div className="flex items-center justify-between text-sm">
          <h2 className="font-medium text-muted-foreground">Progress</h2>
          <span className="font-medium tabular-nums">{task.progress}%</span>
        </div>
        <ProgressSlider value={task.progress} onCommit={onProgress} label="Task progress" className="mt-1" />
        <p className="mt-1 text-xs text-muted-foreground">Click the bar to set the progress.</p>
      </div>
      <TaskRemaining key={`${task.remainingDuration}-${task.progress}`} task={task} />
      <TaskAssignee task={task} />
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Start Date</dt>
          <dd className="mt-1">{formatDay(task.startDate)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Due Date</dt>
          <dd className="mt-1">{formatDay(task.endDate)}</dd>
        </div>
        {!notStarted(task) && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Actual start</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-1">
              {task.actualStart ? formatDay(task.actualStart) : 'Not recorded'}
              <Button variant="ghost" size="sm" onClick={() => setAsking({ progress: null })}>
                {task.actualStart ? 'Edit' : 'Record'}
              </Button>
              {task.actualStart && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={save.isPending}
                  onClick={() =>
                    void change('Actual start cleared', { actualStart: null }, { actualStart: null })
                  }
                >
                  Clear
                </Button>
              )}
            </dd>
          </div>
        )}
        {task.actualFinish && (
          <div>
            <dt className="text-sm font-medium text-muted-foreground">Actual finish</dt>
            <dd className="mt-1">{formatDay(task.actualFinish)}</dd>
          </div>
        )}
        {task.startNoEarlierThan && (
          <div className="col-span-2">
            <dt className="text-sm font-medium text-muted-foreground">Starts no earlier than</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              {formatDay(task.startNoEarlierThan)}
              <Button
                variant="ghost"
                size="sm"
                disabled={clear.isPending}
                onClick={() =>
                  void undoable(task.projectId, 'Start date constraint removed', () =>
                    clear.mutateAsync({ id: task.id, body: { startNoEarlierThan: null } }),
                  ).catch(failed)
                }
              >
                Remove
              </Button>
            </dd>
          </div>
        )}
      </dl>
      <TaskDependencies task={task} />
      {asking && (
        <TaskActualStartDialog
          task={task}
          projectTasks={projectTasks.data ?? []}
          progress={asking.progress}
          pending={save.isPending}
          onConfirm={onActualStart}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
