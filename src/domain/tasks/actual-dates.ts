/**
 * A task's actual start and finish: the days work on it really began and ended. Re-schedules keep
 * them (finished work stays where it happened; work under way keeps its start), so they are set when
 * the task is started or completed and cleared when it is set back.
 *
 * The rule: a task counts as started with progress above 0 or a started status, and as completed at
 * 100% or with the status completed. When it starts without an actual start, the actual start is its
 * planned (scheduled) start: never today by default, which would move a future task ahead of its
 * predecessors. The task form asks for the day, with the planned start offered. When it is completed
 * without an actual finish, the finish is its scheduled finish, or today when that is later than
 * today (it finished early), and never before the actual start. Dates given explicitly win.
 */
import { isStarted } from './task-start.js';

/** What the rule reads of a task, after the change being made. */
export interface ActualDatesInput {
  status: string;
  progress: number;
  /** Scheduled first and last working day, `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  actualStart: string | null;
  actualFinish: string | null;
}

export interface ActualDates {
  actualStart: string | null;
  actualFinish: string | null;
}

/** Whether the task is done: 100% or the status completed. */
export function isCompleted(task: { status: string; progress: number }): boolean {
  return task.progress >= 100 || task.status === 'completed';
}

const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/** The actual dates the task has after a change; `today` is `YYYY-MM-DD`. */
export function actualDatesAfter(task: ActualDatesInput, today: string): ActualDates {
  if (!isStarted(task)) return { actualStart: null, actualFinish: null };
  const actualStart = task.actualStart ?? task.startDate;
  if (!isCompleted(task)) return { actualStart, actualFinish: null };
  const actualFinish = task.actualFinish ?? later(actualStart, earlier(task.endDate, today));
  return { actualStart, actualFinish: later(actualStart, actualFinish) };
}
