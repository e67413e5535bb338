import {
  type CompiledCalendar,
  compileCalendar,
  periodMinutes,
  type WorkCalendar,
  type WorkPeriod,
} from './calendar.js';
import { formatIsoDateTime, type IsoDateTime, parseIsoDateTime } from './iso-date.js';

/**
 * Working-minute offsets ↔ local instants from an origin (a data date), precomputed: the
 * clock for schedules kept in hours, as Primavera and MS Project files are.
 *
 * Offset 0 is the origin moved to the next working instant; offset `m` is the instant after `m`
 * working minutes. An instant on a period boundary reads two ways: work *starting* at the end of a
 * day starts at the next day's first period (`'start'`), work *finishing* there finishes at the end
 * of that day's last period (`'finish'`).
 */
export interface WorkingTimeIndex {
  readonly calendar: CompiledCalendar;
  /** Day serial and minute of the origin. */
  readonly originSerial: number;
  readonly originMinute: number;
  /** Day serial of each indexed working day. */
  readonly serials: Int32Array;
  /** Working minutes before each indexed day; one entry more than days (the last is the total). */
  readonly cumulative: Float64Array;
  /** Working periods of each indexed day (the origin's day clipped to after the origin). */
  readonly periods: readonly (readonly WorkPeriod[])[];
}

/** Which reading of a boundary instant is wanted (see {@link WorkingTimeIndex}). */
export type InstantEdge = 'start' | 'finish';

/** What a {@link WorkingTimeIndex} must cover. */
export interface WorkingTimeExtent {
  /** Working minutes after the origin to cover (exclusive of the first day after them). */
  throughMinutes?: number;
  /** A local instant to cover. */
  throughInstant?: IsoDateTime;
}

const MAX_DAYS_WITHOUT_WORK = 3_700;

/**
 * Indexes working time from `origin` far enough for `extent`. Throws a RangeError when the origin
 * or `throughInstant` is not `'YYYY-MM-DDTHH:mm'` or the calendar has no working time.
 */
export function createWorkingTimeIndex(
  calendar: WorkCalendar | CompiledCalendar,
  origin: IsoDateTime,
  extent: WorkingTimeExtent = {},
): WorkingTimeIndex {
  const compiled = 'periodsOn' in calendar ? calendar : compileCalendar(calendar);
  const start = requireInstant(origin);
  const throughSerial = extent.throughInstant ? requireInstant(extent.throughInstant).serial : start.serial;
  const throughMinutes = Math.max(0, extent.throughMinutes ?? 0);
  const serials: number[] = [];
  const periods: (readonly WorkPeriod[])[] = [];
  const cumulative: number[] = [0];
  let total = 0;
  let idleDays = 0;
  for (let serial = start.serial; total <= throughMinutes || serial <= throughSerial; serial++) {
    const dayPeriods =
      serial === start.serial
        ? clipAfter(compiled.periodsOn(serial), start.minute)
        : compiled.periodsOn(serial);
    const minutes = periodMinutes(dayPeriods);
    if (minutes === 0) {
      if (++idleDays > MAX_DAYS_WITHOUT_WORK) throw new RangeError('The calendar has no working time.');
      continue;
    }
    idleDays = 0;
    serials.push(serial);
    periods.push(dayPeriods);
    total += minutes;
    cumulative.push(total);
  }
  return {
    calendar: compiled,
    originSerial: start.serial,
    originMinute: start.minute,
    serials: Int32Array.from(serials),
    cumulative: Float64Array.from(cumulative),
    periods,
  };
}

/** Total working minutes the index covers. */
export function indexedMinutes(index: WorkingTimeIndex): number {
  return index.cumulative[index.cumulative.length - 1] ?? 0;
}

/**
 * The local instant after `minutes` of work from the origin, read as a start or a finish.
 * Throws a RangeError outside the indexed working time: index far enough first.
 */
export function instantAtOffset(index: WorkingTimeIndex, minutes: number, edge: InstantEdge): IsoDateTime {
  const finishing = edge === 'finish' && minutes > 0;
  const total = indexedMinutes(index);
  if (!(minutes >= 0 && (minutes < total || (finishing && minutes <= total)))) {
    throw new RangeError(`Offset ${minutes} min is outside the indexed working time.`);
  }
  const day = finishing
    ? lastDayBefore(index.cumulative, minutes)
    : lastDayAtOrBefore(index.cumulative, minutes);
  let rest = minutes - (index.cumulative[day] ?? 0);
  const serial = index.serials[day] ?? index.originSerial;
  for (const period of index.periods[day] ?? []) {
    const length = period.end - period.start;
    if (finishing ? rest <= length : rest < length) return formatIsoDateTime(serial, period.start + rest);
    rest -= length;
  }
  throw new RangeError(`Offset ${minutes} min could not be placed in the calendar.`);
}

/**
 * Working minutes from the origin to a local instant; an instant in non-working time counts up
 * to the work before it. Instants before the origin give 0. Throws a RangeError when the instant
 * is malformed or after the indexed range.
 */
export function offsetOfInstant(index: WorkingTimeIndex, instant: IsoDateTime): number {
  const { serial, minute } = requireInstant(instant);
  if (serial < index.originSerial || (serial === index.originSerial && minute <= index.originMinute))
    return 0;
  const { serials } = index;
  const last = serials[serials.length - 1] ?? index.originSerial;
  if (serial > last) throw new RangeError(`${instant} is after the indexed working time.`);
  let low = 0;
  let high = serials.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((serials[mid] ?? 0) < serial) low = mid + 1;
    else high = mid;
  }
  const before = index.cumulative[low] ?? 0;
  if (serials[low] !== serial) return before;
  return before + workedBefore(index.periods[low] ?? [], minute);
}

function workedBefore(periods: readonly WorkPeriod[], minute: number): number {
  let worked = 0;
  for (const period of periods) {
    if (minute >= period.end) worked += period.end - period.start;
    else if (minute > period.start) worked += minute - period.start;
  }
  return worked;
}

function clipAfter(periods: readonly WorkPeriod[], minute: number): readonly WorkPeriod[] {
  if (minute <= 0) return periods;
  return periods
    .filter((period) => period.end > minute)
    .map((period) => ({ start: Math.max(period.start, minute), end: period.end }));
}

/** Largest day `k` with `cumulative[k] <= value`. */
function lastDayAtOrBefore(cumulative: Float64Array, value: number): number {
  let low = 0;
  let high = cumulative.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((cumulative[mid] ?? 0) <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Largest day `k` with `cumulative[k] < value`. */
function lastDayBefore(cumulative: Float64Array, value: number): number {
  let low = 0;
  let high = cumulative.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((cumulative[mid] ?? 0) < value) low = mid;
    else high = mid - 1;
  }
  return low;
}

function requireInstant(instant: IsoDateTime): { serial: number; minute: number } {
  const split = parseIsoDateTime(instant);
  if (!split) throw new RangeError(`Not a YYYY-MM-DDTHH:mm instant: "${instant}"`);
  return split;
}
