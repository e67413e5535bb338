/** How far a project is, and how much of its time has passed. */

import type { IsoDate } from '../schedule/index.js';
import { serialOfIsoDate } from '../schedule/iso-date.js';
import { isDone } from './project-views.js';
import type { InsightProject, InsightTask } from './types.js';

/**
 * The project's progress 0–100: its tasks' progress weighted by their working days (finished
 * tasks count 100), or the progress stored on the project when it has no task with a duration.
 */
export function projectProgress(project: InsightProject, tasks: readonly InsightTask[]): number {
  let days = 0;
  let done = 0;
  for (const task of tasks) {
    if (task.duration <= 0) continue;
    days += task.duration;
    done += task.duration * (isDone(task) ? 100 : Math.max(0, Math.min(100, task.progress)));
  }
  return days > 0 ? done / days : project.progress;
}

/** The share 0–100 of the project's planned time (start to end date, calendar days) passed by `today`. */
export function elapsedShare(project: InsightProject, today: IsoDate): number {
  const start = serialOfIsoDate(project.startDate);
  const end = serialOfIsoDate(project.endDate);
  const now = serialOfIsoDate(today);
  if (end <= start) return now >= end ? 100 : 0;
  return Math.max(0, Math.min(100, ((now - start) / (end - start)) * 100));
}
