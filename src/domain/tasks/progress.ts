/** Task progress and status, project progress and overdue tasks. */

export type ProgressStatus = 'not-started' | 'in-progress' | 'completed';

/** A whole percentage between 0 and 100; anything not a number is 0. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return value === Number.POSITIVE_INFINITY ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The progress bar's rule: 0 is not started, 100 is completed, anything else is in progress. */
export function statusForProgress(progress: number): ProgressStatus {
  const p = clampProgress(progress);
  if (p === 0) return 'not-started';
  if (p === 100) return 'completed';
  return 'in-progress';
}

/** What a click on the progress bar sets: the clamped percentage and the status that goes with it. */
export function progressBarChange(value: number): { progress: number; status: ProgressStatus } {
  const progress = clampProgress(value);
  return { progress, status: statusForProgress(progress) };
}

/** Project progress when derived from its tasks: the share of tasks completed, 0 without tasks. */
export function projectProgressFromTasks(tasks: readonly { status: string }[]): number {
  if (tasks.length === 0) return 0;
  const done = tasks.filter((t) => t.status === 'completed').length;
  return Math.round((done / tasks.length) * 100);
}

/** A task is overdue when its end date has passed and it is not at 100%. */
export function isOverdue(task: { endDate: Date | string; progress: number }, now: Date): boolean {
  const end = typeof task.endDate === 'string' ? new Date(task.endDate) : task.endDate;
  return end.getTime() < now.getTime() && task.progress < 100;
}
