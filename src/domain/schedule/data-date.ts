/**
 * Re-scheduling from a data date (the day progress is reported as of), the way Primavera P6's
 * "retained logic" does:
 *
 * - finished work (an actual start and finish) stays where it happened;
 * - work under way (an actual start, no finish) keeps its start and does its *remaining* duration
 *   from the data date (from its actual start if that is later), however long ago it began: its
 *   scheduled span is actual start → data date + remaining;
 * - work not started follows its links and never starts before the data date.
 *
 * Without a data date nothing changes: work under way does its whole duration from its actual start.
 */
import type { ScheduleTask, TaskId } from './critical-path-types.js';
import type { IsoDate } from './iso-date.js';

/** What the data date needs of a project task (see `ProjectTask`). */
export interface ProgressOfTask {
  duration: number;
  actualStart?: IsoDate | null;
  actualFinish?: IsoDate | null;
  remainingDuration?: number | null;
}

/**
 * The engine's task with the data date applied (changed in place and returned). `dataDate` is the
 * working-day offset of the data date; `engineTask` already carries the task's actual start offset.
 */
export function withDataDate<Id extends TaskId>(
  task: ProgressOfTask,
  engineTask: ScheduleTask<Id>,
  dataDate: number,
): ScheduleTask<Id> {
  if (task.actualStart && task.actualFinish) return engineTask;
  const started = engineTask.actualStart;
  if (started !== undefined) {
    const remaining = Math.max(0, task.remainingDuration ?? task.duration);
    const resume = Math.max(dataDate, started);
    engineTask.duration = resume + remaining - started;
    return engineTask;
  }
  if (engineTask.startNoEarlierThan === undefined || engineTask.startNoEarlierThan < dataDate) {
    engineTask.startNoEarlierThan = dataDate;
  }
  return engineTask;
}
