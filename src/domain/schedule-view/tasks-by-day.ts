/**
 * Tasks placed on the days of a period in one pass: each task goes to every day it spans within the
 * period, so drawing a cell reads its own list instead of filtering all tasks again.
 */
import { hasNoWorkingDay, type WorkingDays } from '../schedule/calendar-days.js';
import { type IsoDate, isoDateOfSerial, serialOfIsoDate } from '../schedule/iso-date.js';
import { daysBetween } from './period.js';

/** A task's first and last calendar day, both included. */
export interface DayRange {
  startDay: IsoDate;
  endDay: IsoDate;
}

/** The calendar day (UTC, the product's date convention) of an ISO timestamp. */
export function dayOf(timestamp: string): IsoDate {
  return new Date(timestamp).toISOString().slice(0, 10);
}

/** Whether the task has a day between `from` and `to` (both included). */
export function spans(task: DayRange, from: IsoDate, to: IsoDate): boolean {
  return task.startDay <= to && task.endDay >= from;
}

/**
 * The tasks of each day from `from` to `to`, in the order given. Every day of the period has a list
 * (empty when nothing is on). A task ending before it starts counts on its start day only. With
 * `calendarOf` (each task's project calendar), a task is on its working days only, unless no day
 * of its span is worked (then on every day of it, so it still shows).
 */
export function tasksByDay<T extends DayRange>(
  tasks: readonly T[],
  from: IsoDate,
  to: IsoDate,
  calendarOf?: (task: T) => WorkingDays,
): Map<IsoDate, T[]> {
  const days = daysBetween(from, to);
  const lists: T[][] = days.map(() => []);
  const first = serialOfIsoDate(from);
  const last = first + days.length - 1;
  for (const task of tasks) {
    const startSerial = serialOfIsoDate(task.startDay);
    const start = Math.max(first, startSerial);
    const endSerial = Math.max(serialOfIsoDate(task.endDay), startSerial);
    const end = Math.min(last, endSerial);
    if (start > end) continue;
    const calendar = calendarOf?.(task);
    const everyDay = !calendar || hasNoWorkingDay(calendar, task.startDay, isoDateOfSerial(endSerial));
    for (let s = start; s <= end; s++) {
      if (!calendar || everyDay || calendar.isWorkingSerial(s)) lists[s - first]?.push(task);
    }
  }
  return new Map(days.map((day, i) => [day, lists[i] ?? []]));
}
