/**
 * The schedule's figures for a period and its issues (overdue and critical-path tasks). `today` is
 * passed in: the domain reads no clock.
 */
import type { IsoDate } from '../schedule/iso-date.js';
import type { DayRange } from './tasks-by-day.js';

export interface ViewTask extends DayRange {
  id: number;
  projectId: number;
  status: string;
  progress: number;
  isCritical: boolean;
  /** Who the task is assigned to (see `assigneeKey`), or null. */
  assigneeKey: string | null;
}

/** Statuses of work under way: counted as In Progress. */
export const UNDER_WAY_STATUSES: readonly string[] = ['in-progress', 'on-track', 'behind'];

/**
 * A task is overdue once its last day has passed and it is not at 100%. Tasks are dated in whole
 * days, so a task due today is not overdue yet.
 */
export function isOverdueOn(task: Pick<ViewTask, 'endDay' | 'progress'>, today: IsoDate): boolean {
  return task.endDay < today && task.progress < 100;
}

export interface PeriodSummary {
  total: number;
  completed: number;
  inProgress: number;
  overdue: number;
  /** Different people (members, subcontractors, or names left by deleted ones) assigned. */
  crewMembers: number;
}

export function periodSummary(tasks: readonly ViewTask[], today: IsoDate): PeriodSummary {
  const crew = new Set<string>();
  let completed = 0;
  let inProgress = 0;
  let overdue = 0;
  for (const t of tasks) {
    if (t.status === 'completed') completed++;
    if (UNDER_WAY_STATUSES.includes(t.status)) inProgress++;
    if (isOverdueOn(t, today)) overdue++;
    if (t.assigneeKey !== null) crew.add(t.assigneeKey);
  }
  return { total: tasks.length, completed, inProgress, overdue, crewMembers: crew.size };
}

export interface Issue<T> {
  task: T;
  overdue: boolean;
  /** On the critical path and not completed: any slip moves the project's finish. */
  critical: boolean;
}

/**
 * Issues and blockers: tasks overdue, and unfinished tasks on the critical path. Overdue ones first,
 * then by their last day.
 */
export function issuesOf<T extends ViewTask>(tasks: readonly T[], today: IsoDate): Issue<T>[] {
  const issues: Issue<T>[] = [];
  for (const task of tasks) {
    const overdue = isOverdueOn(task, today);
    const critical = task.isCritical && task.status !== 'completed';
    if (overdue || critical) issues.push({ task, overdue, critical });
  }
  return issues.sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      a.task.endDay.localeCompare(b.task.endDay) ||
      a.task.id - b.task.id,
  );
}
