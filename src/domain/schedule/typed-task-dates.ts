/**
 * Dates typed on a task's page, read the way the schedule works: a start becomes a start-no-earlier-than
 * constraint (as a Gantt move does), a due date becomes a duration in working days on the project's
 * calendar; and, when the schedule starts the task later than typed, what holds it there.
 */
import type { WorkCalendar } from './calendar.js';
import type { Dependency } from './dependencies.js';
import type { IsoDate } from './iso-date.js';
import type { LinkType } from './link-types.js';
import { createWorkingDayIndex, offsetOfDate, workingDateAt } from './working-days.js';

/** The working days from `start` to `end`, both included (at least 1). */
export function workingDaysInclusive(calendar: WorkCalendar, start: IsoDate, end: IsoDate): number {
  const index = createWorkingDayIndex(calendar, start < end ? start : end);
  return Math.max(1, offsetOfDate(index, end) + 1 - offsetOfDate(index, start));
}

/** A task as its page shows it: scheduled first and last day and duration. */
export interface TaskDates {
  startDate: IsoDate;
  endDate: IsoDate;
  duration: number;
}

/** What to save for typed dates: nothing for a date left as it was. */
export interface TypedDatesChange {
  startNoEarlierThan?: IsoDate;
  duration?: number;
}

/**
 * A changed start becomes the task's start-no-earlier-than day; a changed due date sets the duration
 * to the working days from the (typed) start to it. A milestone typed with the same start and due date
 * stays a milestone.
 */
export function typedDatesChange(
  calendar: WorkCalendar,
  task: TaskDates,
  typed: { startDate: IsoDate; endDate: IsoDate },
): TypedDatesChange {
  const change: TypedDatesChange = {};
  if (typed.startDate !== task.startDate) change.startNoEarlierThan = typed.startDate;
  if (typed.endDate !== task.endDate) {
    const milestone = task.duration === 0 && typed.endDate === typed.startDate;
    const duration = milestone ? 0 : workingDaysInclusive(calendar, typed.startDate, typed.endDate);
    if (duration !== task.duration) change.duration = duration;
  }
  return change;
}

/** A predecessor as the hold explanation reads it. */
export interface PredecessorDates {
  id: number;
  name: string;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** What holds a task's start later than asked. */
export type StartHold =
  | { kind: 'link'; predecessor: PredecessorDates; type: LinkType; lagDays: number; startDate: IsoDate }
  | { kind: 'materials'; date: IsoDate; startDate: IsoDate };

/**
 * Of a task's links and its materials' expected delivery, the one that allows the latest start, when
 * that start is after `asked`; null when nothing holds the task later (the typed start was kept).
 */
export function whatHoldsStart(
  calendar: WorkCalendar,
  task: { duration: number; dependencies: readonly Dependency[]; materialsDate: IsoDate | null },
  predecessors: ReadonlyMap<number, PredecessorDates>,
  asked: IsoDate,
): StartHold | null {
  const index = createWorkingDayIndex(calendar, asked);
  let best: StartHold | null = null;
  let bestOffset = offsetOfDate(index, asked);
  for (const link of task.dependencies) {
    const pred = predecessors.get(link.taskId);
    if (!pred) continue;
    const predStart = offsetOfDate(index, pred.startDate);
    const predFinish = offsetOfDate(index, pred.endDate) + 1;
    const from = link.type === 'FS' || link.type === 'FF' ? predFinish : predStart;
    const own = link.type === 'FF' || link.type === 'SF' ? task.duration : 0;
    const offset = from + link.lagDays - own;
    if (offset > bestOffset) {
      bestOffset = offset;
      best = {
        kind: 'link',
        predecessor: pred,
        type: link.type,
        lagDays: link.lagDays,
        startDate: workingDateAt(index, offset),
      };
    }
  }
  if (task.materialsDate) {
    const offset = offsetOfDate(index, task.materialsDate);
    if (offset > bestOffset) {
      best = { kind: 'materials', date: task.materialsDate, startDate: workingDateAt(index, offset) };
    }
  }
  return best;
}
