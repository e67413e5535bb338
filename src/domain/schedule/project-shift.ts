/**
 * Moving a project's schedule with its start date: every date of work not yet begun moves by the
 * same number of working days on the project's calendar as the start did (a Friday start moved to
 * the next Monday is one working day, and so is each task's move), so a task keeps its place in the
 * working week and holidays are skipped the same way.
 */
import type { WorkCalendar } from './calendar.js';
import type { IsoDate } from './iso-date.js';
import { createWorkingDayIndex, offsetOfDate, workingDateAt } from './working-days.js';

/** How far the start moved, in working days (negative = earlier), and the matching move of any date. */
export interface WorkingDayShift {
  days: number;
  move(date: IsoDate): IsoDate;
}

/** The shift from `from` to `to` (project start dates) on the calendar. */
export function workingDayShift(calendar: WorkCalendar, from: IsoDate, to: IsoDate): WorkingDayShift {
  const index = createWorkingDayIndex(calendar, from < to ? from : to);
  const days = offsetOfDate(index, to) - offsetOfDate(index, from);
  return {
    days,
    move: (date) => (days === 0 ? date : workingDateAt(index, offsetOfDate(index, date) + days)),
  };
}
