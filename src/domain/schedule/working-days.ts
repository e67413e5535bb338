import { type CompiledCalendar, compileCalendar, type WorkCalendar } from './calendar.js';
import { type IsoDate, isoDateOfSerial, serialOfIsoDate } from './iso-date.js';

/**
 * Working-day offsets ↔ calendar dates for one project start, precomputed.
 *
 * Offset 0 is the first working day on or after the start date; offset k is the k-th working
 * day after it. A task with early start `s` and early finish `f` (working days, `f = s + duration`)
 * works on the days at offsets `s … f-1`.
 */
export interface WorkingDayIndex {
  readonly calendar: CompiledCalendar;
  /** Day serial (days since 1970-01-01) of the start date as given. */
  readonly startSerial: number;
  /** Day serial of each indexed working day, in order. */
  readonly serials: Int32Array;
}

/** How far a search for the next working day may run before the calendar is declared empty. */
const MAX_DAYS_WITHOUT_WORK = 3_700;

/**
 * Indexes at least `workingDays` working days from `start` (more are found on demand, slower).
 * Throws a RangeError when `start` is not `'YYYY-MM-DD'` or the calendar has no working days.
 */
export function createWorkingDayIndex(
  calendar: WorkCalendar | CompiledCalendar,
  start: IsoDate,
  workingDays = 261,
): WorkingDayIndex {
  const compiled = 'periodsOn' in calendar ? calendar : compileCalendar(calendar);
  const startSerial = serialOfIsoDate(start);
  const count = Math.max(1, Math.ceil(workingDays));
  const serials = new Int32Array(count);
  let serial = nextWorkingSerial(compiled, startSerial, 1);
  for (let k = 0; k < count; k++) {
    serials[k] = serial;
    serial = nextWorkingSerial(compiled, serial + 1, 1);
  }
  return { calendar: compiled, startSerial, serials };
}

/** The working day at a whole offset (negative offsets count back before the first working day). */
export function workingDateAt(index: WorkingDayIndex, offset: number): IsoDate {
  const k = Math.floor(offset);
  const known = index.serials[k];
  return isoDateOfSerial(known !== undefined ? known : workingSerialAt(index, k));
}

/** The date a task starting at `offset` starts on: the working day at that offset. */
export function startDateAt(index: WorkingDayIndex, offset: number): IsoDate {
  return workingDateAt(index, offset);
}

/**
 * The date work finishing at `offset` finishes on: the last working day before the offset
 * (the first working day when the offset is 0 or less). A milestone is dated this way too.
 */
export function finishDateAt(index: WorkingDayIndex, offset: number): IsoDate {
  return workingDateAt(index, Math.max(Math.ceil(offset) - 1, 0));
}

/**
 * The working-day offset of a date: the offset of the first working day on or after it, so a
 * weekend or holiday maps to the next working day. Dates before the first working day give
 * negative offsets.
 */
export function offsetOfDate(index: WorkingDayIndex, date: IsoDate): number {
  const serial = serialOfIsoDate(date);
  const { serials } = index;
  const first = serials[0] ?? index.startSerial;
  if (serial <= first) {
    const before = countWorkingDays(index.calendar, serial, first);
    return before === 0 ? 0 : -before;
  }
  const last = serials[serials.length - 1] ?? first;
  if (serial > last) return serials.length + countWorkingDays(index.calendar, last + 1, serial);
  let low = 0;
  let high = serials.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((serials[mid] ?? 0) < serial) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Working days in `[from, to)` (day serials). */
function countWorkingDays(calendar: CompiledCalendar, from: number, to: number): number {
  let count = 0;
  for (let serial = from; serial < to; serial++) if (calendar.isWorkingDay(serial)) count++;
  return count;
}

/** Serial of the working day at whole offset `k`, found by stepping past the indexed range. */
function workingSerialAt(index: WorkingDayIndex, k: number): number {
  const { serials, calendar } = index;
  if (k >= 0) {
    let serial = serials[serials.length - 1] ?? index.startSerial;
    for (let i = serials.length - 1; i < k; i++) serial = nextWorkingSerial(calendar, serial + 1, 1);
    return serial;
  }
  let serial = serials[0] ?? index.startSerial;
  for (let i = 0; i > k; i--) serial = nextWorkingSerial(calendar, serial - 1, -1);
  return serial;
}

/** The first working day at or after (`step` 1) or at or before (`step` -1) a day serial. */
function nextWorkingSerial(calendar: CompiledCalendar, from: number, step: 1 | -1): number {
  let serial = from;
  for (let i = 0; i < MAX_DAYS_WITHOUT_WORK; i++, serial += step) {
    if (calendar.isWorkingDay(serial)) return serial;
  }
  throw new RangeError(`The calendar has no working day within ${MAX_DAYS_WITHOUT_WORK} days.`);
}
