/**
 * Each task's own date constraints as bounds for the passes: the earliest start its constraints,
 * the project start or its actual start allow, and the latest finish its constraints and the
 * project finish allow. Internal to the critical-path engine.
 */
import type { ScheduleTask, TaskId } from './critical-path-types.js';

/** Which tasks have an actual start (their early start is fixed). */
export function startedMask(tasks: readonly ScheduleTask<TaskId>[]): Uint8Array {
  const started = new Uint8Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) if (tasks[i]?.actualStart !== undefined) started[i] = 1;
  return started;
}

/** The earliest start each task's own constraints and the project start allow (its actual start if begun). */
export function earliestStarts(tasks: readonly ScheduleTask<TaskId>[]): Float64Array {
  const earliest = new Float64Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i] as ScheduleTask<TaskId>;
    if (task.actualStart !== undefined) {
      earliest[i] = task.actualStart;
      continue;
    }
    let start = 0;
    if (task.startNoEarlierThan !== undefined && task.startNoEarlierThan > start)
      start = task.startNoEarlierThan;
    if (task.finishNoEarlierThan !== undefined && task.finishNoEarlierThan - task.duration > start) {
      start = task.finishNoEarlierThan - task.duration;
    }
    earliest[i] = start;
  }
  return earliest;
}

/** The latest finish each task's own constraints and the project finish allow. */
export function latestFinishes(tasks: readonly ScheduleTask<TaskId>[], projectFinish: number): Float64Array {
  const latest = new Float64Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i] as ScheduleTask<TaskId>;
    let finish = projectFinish;
    if (task.finishNoLaterThan !== undefined && task.finishNoLaterThan < finish)
      finish = task.finishNoLaterThan;
    if (task.startNoLaterThan !== undefined && task.startNoLaterThan + task.duration < finish) {
      finish = task.startNoLaterThan + task.duration;
    }
    latest[i] = finish;
  }
  return latest;
}
