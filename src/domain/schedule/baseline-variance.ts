/**
 * How far a task has moved from its baseline: the working days on the project's calendar between
 * the finish it was planned on and the finish it has now. A finish is the end of its day, so the
 * variance counts the working days after the earlier finish up to and including the later one:
 * Friday → next Monday is one day late, Friday → Saturday none, and a holiday between counts for
 * nothing. Positive = late, negative = early; a task added after the baseline has no variance.
 */
import type { WorkCalendar } from './calendar.js';
import { type IsoDate, isoDateOfSerial, serialOfIsoDate } from './iso-date.js';
import { createWorkingDayIndex, offsetOfDate } from './working-days.js';

/** A task's dates in a baseline. */
export interface BaselineDates {
  start: IsoDate;
  finish: IsoDate;
}

/** A task compared with its baseline (nulls when the baseline does not hold it). */
export interface BaselineComparison {
  baselineStart: IsoDate | null;
  baselineFinish: IsoDate | null;
  finishVarianceDays: number | null;
}

const dayAfter = (date: IsoDate) => isoDateOfSerial(serialOfIsoDate(date) + 1);

/**
 * A counter of finish variances on the calendar, indexed once over the dates it will be asked about
 * (`dates`, any order; dates outside them still count, more slowly).
 */
export function finishVarianceCounter(
  calendar: WorkCalendar,
  dates: readonly IsoDate[],
): (baselineFinish: IsoDate, currentFinish: IsoDate) => number {
  if (dates.length === 0) return () => 0;
  const sorted = [...dates].sort();
  const first = sorted[0] as IsoDate;
  const last = sorted[sorted.length - 1] as IsoDate;
  // Every calendar day is at most one working day: the span bounds the index size.
  const span = serialOfIsoDate(last) - serialOfIsoDate(first) + 2;
  const index = createWorkingDayIndex(calendar, first, span);
  return (baselineFinish, currentFinish) =>
    offsetOfDate(index, dayAfter(currentFinish)) - offsetOfDate(index, dayAfter(baselineFinish));
}

/** Each task's baseline dates and finish variance, in the order given. */
export function compareWithBaseline<T extends { id: number; finish: IsoDate }>(
  calendar: WorkCalendar,
  tasks: readonly T[],
  baseline: ReadonlyMap<number, BaselineDates>,
): (T & BaselineComparison)[] {
  const dates: IsoDate[] = tasks.map((t) => t.finish);
  for (const b of baseline.values()) dates.push(b.finish);
  const variance = finishVarianceCounter(calendar, dates);
  return tasks.map((task) => {
    const saved = baseline.get(task.id);
    return saved
      ? {
          ...task,
          baselineStart: saved.start,
          baselineFinish: saved.finish,
          finishVarianceDays: variance(saved.finish, task.finish),
        }
      : { ...task, baselineStart: null, baselineFinish: null, finishVarianceDays: null };
  });
}
