/**
 * A task's remaining duration (working days of work left as of the project's data date) and its
 * progress percentage, kept consistent by one rule for the server and the web:
 *
 * - A finished task (100 % or the status completed) has 0 days left.
 * - Otherwise a remaining duration given for the task is what is left; when none is given it is
 *   derived from the progress: `round(duration × (1 − progress / 100))` (a task not started has its
 *   whole duration left).
 * - Giving a remaining duration says the work is under way with that much left: the progress becomes
 *   `round(100 × (1 − remaining / duration))`, kept between 1 and 99 (still started, not finished;
 *   0 days left is 99 % and finishes on the data date; more days than the duration is 1 %).
 * - Changing the progress or the status afterwards forgets a given remaining duration: it is derived
 *   from the new progress again.
 */
import { isCompleted } from './actual-dates.js';
import { clampProgress } from './progress.js';

/** Lowest and highest progress a remaining duration can set: the task stays started and unfinished. */
export const REMAINING_PROGRESS_MIN = 1;
export const REMAINING_PROGRESS_MAX = 99;

/** What the rule reads of a task. */
export interface RemainingInput {
  /** Planned working days. */
  duration: number;
  progress: number;
  status: string;
  /** The remaining duration given for the task, or null when it is derived from the progress. */
  remainingDuration: number | null;
}

/** Working days derived from the progress alone: `round(duration × (1 − progress / 100))`. */
export function remainingFromProgress(duration: number, progress: number): number {
  const days = Math.max(0, duration);
  return Math.max(0, Math.round(days * (1 - clampProgress(progress) / 100)));
}

/** The working days left on the task: 0 when finished, the given figure, or the derived one. */
export function remainingDurationOf(task: RemainingInput): number {
  if (isCompleted(task)) return 0;
  if (task.remainingDuration !== null) return Math.max(0, task.remainingDuration);
  return remainingFromProgress(task.duration, task.progress);
}

/**
 * The progress a given remaining duration sets: `round(100 × (1 − remaining / duration))` between 1
 * and 99. A milestone (no duration) is 1 % with days left and 99 % with none.
 */
export function progressForRemaining(duration: number, remaining: number): number {
  const left = Math.max(0, remaining);
  const value = duration > 0 ? Math.round(100 * (1 - left / duration)) : left > 0 ? 0 : 100;
  return Math.min(REMAINING_PROGRESS_MAX, Math.max(REMAINING_PROGRESS_MIN, value));
}

/**
 * The progress and status a task gets when a remaining duration is given for it: the progress from
 * {@link progressForRemaining}; a task not started or completed becomes in-progress, any other status
 * (in progress, on track, behind, blocked, on hold) is kept.
 */
export function progressChangeForRemaining<Status extends string>(
  task: { duration: number; status: Status },
  remaining: number,
): { progress: number; status: Status | 'in-progress' } {
  const settled = task.status === 'not-started' || task.status === 'completed';
  return {
    progress: progressForRemaining(task.duration, remaining),
    status: settled ? 'in-progress' : task.status,
  };
}
