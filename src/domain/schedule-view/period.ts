/**
 * The periods of the schedule screen: a day, a week (Sunday to Saturday) or a month, around an
 * anchor day, and how the previous and next arrows move the anchor. Days are `YYYY-MM-DD` strings.
 */
import {
  type IsoDate,
  isoDateOfSerial,
  parseIsoDate,
  partsOfSerial,
  serialOfIsoDate,
  serialOfParts,
  weekdayOfSerial,
} from '../schedule/iso-date.js';

export const SCHEDULE_VIEWS = ['day', 'week', 'month'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export function isScheduleView(value: unknown): value is ScheduleView {
  return (SCHEDULE_VIEWS as readonly unknown[]).includes(value);
}

/** Whether the text is a real calendar day `YYYY-MM-DD`. */
export function isDay(value: string | null | undefined): value is IsoDate {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

export interface Period {
  view: ScheduleView;
  /** First day, included. */
  from: IsoDate;
  /** Last day, included. */
  to: IsoDate;
  /** Every day from `from` to `to`. */
  days: IsoDate[];
}

/** The day `n` days after `day` (before it when negative). */
export function addDays(day: IsoDate, n: number): IsoDate {
  return isoDateOfSerial(serialOfIsoDate(day) + n);
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const first = serialOfIsoDate(from);
  const last = serialOfIsoDate(to);
  const days: IsoDate[] = [];
  for (let s = first; s <= last; s++) days.push(isoDateOfSerial(s));
  return days;
}

/** The week starts on Sunday: the Sunday on or before `day`. */
export function weekStart(day: IsoDate): IsoDate {
  const serial = serialOfIsoDate(day);
  return isoDateOfSerial(serial - weekdayOfSerial(serial));
}

/** The first and last day of the month `day` is in. */
export function monthBounds(day: IsoDate): { from: IsoDate; to: IsoDate } {
  const { year, month } = partsOfSerial(serialOfIsoDate(day));
  return {
    from: isoDateOfSerial(serialOfParts(year, month, 1)),
    to: isoDateOfSerial(serialOfParts(year, month + 1, 1) - 1),
  };
}

/** The period of `view` that holds `anchor`. */
export function periodOf(view: ScheduleView, anchor: IsoDate): Period {
  let from = anchor;
  let to = anchor;
  if (view === 'week') {
    from = weekStart(anchor);
    to = addDays(from, 6);
  } else if (view === 'month') {
    ({ from, to } = monthBounds(anchor));
  }
  return { view, from, to, days: daysBetween(from, to) };
}

/**
 * The anchor after `steps` presses of next (previous when negative): a day, a week, or a month on.
 * A month keeps the day of the month when it can (31 January → 28 or 29 February).
 */
export function stepAnchor(view: ScheduleView, anchor: IsoDate, steps: number): IsoDate {
  if (view === 'day') return addDays(anchor, steps);
  if (view === 'week') return addDays(anchor, 7 * steps);
  const { year, month, day } = partsOfSerial(serialOfIsoDate(anchor));
  const firstOfTarget = serialOfParts(year, month + steps, 1);
  const target = partsOfSerial(firstOfTarget);
  const daysInTarget = serialOfParts(target.year, target.month + 1, 1) - firstOfTarget;
  return isoDateOfSerial(firstOfTarget + Math.min(day, daysInTarget) - 1);
}
