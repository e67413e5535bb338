/** Counting working days on a project's calendar. */
import {
  createWorkingDayIndex,
  type IsoDate,
  offsetOfDate,
  startDateAt,
  type WorkCalendar,
} from '../schedule/index.js';

/** Working days from `from` up to (not including) `to`; negative when `to` comes first. */
export function workingDaysBetween(calendar: WorkCalendar, from: IsoDate, to: IsoDate): number {
  if (to < from) return -workingDaysBetween(calendar, to, from);
  return offsetOfDate(createWorkingDayIndex(calendar, from, 1), to);
}

/** The working day `days` working days after the first working day on or after `from`. */
export function workingDayAfter(calendar: WorkCalendar, from: IsoDate, days: number): IsoDate {
  return startDateAt(createWorkingDayIndex(calendar, from, days + 1), days);
}
