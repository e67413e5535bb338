/**
 * The month view's grid: whole weeks, Sunday first, from the week of the month's first day to the
 * week of its last day. That is 4 rows (a February of 28 days starting on a Sunday), 5, or 6.
 */
import type { IsoDate } from '../schedule/iso-date.js';
import { addDays, monthBounds, weekStart } from './period.js';

/** How many tasks a day cell of the month shows; the rest are counted as "+N more". */
export const MONTH_CELL_TASKS = 2;

/**
 * How many tasks a day of the week view shows before "+N more" (which opens the day): a company
 * with thousands of tasks would otherwise draw a column hundreds of tasks tall.
 */
export const WEEK_CELL_TASKS = 8;

export interface MonthGrid {
  /** The month's first and last day. */
  from: IsoDate;
  to: IsoDate;
  /** Rows of seven days, Sunday to Saturday; days outside the month pad the first and last row. */
  weeks: IsoDate[][];
}

export function monthGrid(anchor: IsoDate): MonthGrid {
  const { from, to } = monthBounds(anchor);
  const weeks: IsoDate[][] = [];
  for (let start = weekStart(from); start <= to; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return { from, to, weeks };
}

/** What a day cell shows: its first tasks and how many more there are. */
export function cellTasks<T>(tasks: readonly T[], limit = MONTH_CELL_TASKS): { shown: T[]; more: number } {
  return { shown: tasks.slice(0, limit), more: Math.max(0, tasks.length - limit) };
}
