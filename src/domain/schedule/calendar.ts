import {
  type IsoDate,
  parseClockTime,
  parseIsoDate,
  partsOfSerial,
  serialOfIsoDate,
  serialOfParts,
  type Weekday,
  weekdayOfSerial,
} from './iso-date.js';
import { usFederalHolidaySerials } from './us-holidays.js';

/** A stretch of working time within a day, in minutes after midnight: `[start, end)`. */
export interface WorkPeriod {
  start: number;
  end: number;
}

/** A date with its own working periods (a worked Saturday, a short day); none = a day off. */
export interface CalendarException {
  date: IsoDate;
  periods: readonly WorkPeriod[];
}

/** Which public holidays a calendar observes by rule. */
export type HolidayRule = 'us-federal' | 'none';

/**
 * A working calendar as plain data (storable as JSON).
 *
 * A day is worked when it has working periods: a {@link CalendarException} for that date wins,
 * then a listed non-working date or a rule holiday makes it a day off, otherwise the weekday's
 * periods apply. The app schedules in whole working days and only asks *whether* a day is worked;
 * imported schedules run in working minutes and also use the periods.
 */
export interface WorkCalendar {
  /** Working periods of each weekday, index 0 = Sunday … 6 = Saturday; empty = not worked. */
  week: readonly (readonly WorkPeriod[])[];
  holidays: HolidayRule;
  /** Dates not worked, besides the holiday rule (shutdowns, local holidays). */
  nonWorkingDates: readonly IsoDate[];
  /** Dates with their own periods, overriding the week, the holidays and the non-working dates. */
  exceptions: readonly CalendarException[];
}

/** Options of {@link workCalendar}; every field has the product's default. */
export interface WorkCalendarOptions {
  /** Worked weekdays (0 = Sunday … 6 = Saturday); default Monday–Friday. */
  workDays?: readonly Weekday[];
  /** Default `'us-federal'`. */
  holidays?: HolidayRule;
  nonWorkingDates?: readonly IsoDate[];
  /** Extra worked dates (e.g. a Saturday), worked with the normal day's hours. */
  workingDates?: readonly IsoDate[];
  /** Hours of a working day; default 8. */
  hoursPerDay?: number;
  /** When the working day starts, `'HH:mm'`; default `'08:00'`. */
  dayStart?: string;
}

/** Monday to Friday. */
export const WEEKDAYS_MON_FRI: readonly Weekday[] = [1, 2, 3, 4, 5];

const LUNCH_AFTER_HOURS = 4;

/** Working periods of a day of `hours` from `startMinute`, with a one-hour lunch after four hours. */
export function standardDayPeriods(hours: number, startMinute = 8 * 60): WorkPeriod[] {
  const minutes = Math.round(hours * 60);
  if (minutes <= 0) return [];
  const morning = Math.min(minutes, LUNCH_AFTER_HOURS * 60);
  const periods: WorkPeriod[] = [{ start: startMinute, end: startMinute + morning }];
  if (minutes > morning) {
    const afternoonStart = startMinute + morning + 60;
    periods.push({ start: afternoonStart, end: afternoonStart + minutes - morning });
  }
  return periods;
}

/**
 * A calendar built from simple options: by default Monday–Friday, 08:00–12:00 and 13:00–17:00,
 * observing US federal holidays.
 */
export function workCalendar(options: WorkCalendarOptions = {}): WorkCalendar {
  const workDays = new Set(options.workDays ?? WEEKDAYS_MON_FRI);
  const dayStart = parseClockTime(options.dayStart ?? '08:00');
  if (dayStart === null) throw new RangeError(`Not an HH:mm time: "${options.dayStart}"`);
  const day = standardDayPeriods(options.hoursPerDay ?? 8, dayStart);
  return {
    week: [0, 1, 2, 3, 4, 5, 6].map((weekday) => (workDays.has(weekday as Weekday) ? day : [])),
    holidays: options.holidays ?? 'us-federal',
    nonWorkingDates: [...(options.nonWorkingDates ?? [])],
    exceptions: (options.workingDates ?? []).map((date) => ({ date, periods: day })),
  };
}

/** The product's default calendar: Monday–Friday, 8 hours a day, US federal holidays off. */
export const DEFAULT_CALENDAR: WorkCalendar = workCalendar();

/** Minutes worked in a list of periods. */
export function periodMinutes(periods: readonly WorkPeriod[]): number {
  let total = 0;
  for (const period of periods) total += period.end - period.start;
  return total;
}

/**
 * Hours of the calendar's usual working day: the most common length among the worked weekdays
 * (0 when no weekday is worked).
 */
export function hoursPerDay(calendar: WorkCalendar): number {
  const counts = new Map<number, number>();
  for (const periods of calendar.week) {
    const minutes = periodMinutes(periods);
    if (minutes > 0) counts.set(minutes, (counts.get(minutes) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [minutes, count] of counts) {
    if (count > bestCount || (count === bestCount && minutes > best)) {
      best = minutes;
      bestCount = count;
    }
  }
  return best / 60;
}

/**
 * A calendar prepared for fast day look-ups. Holidays are computed per year on first use and
 * remembered inside the object; its answers depend only on the calendar it was made from.
 */
export interface CompiledCalendar {
  readonly calendar: WorkCalendar;
  /** The working periods of a day serial; empty when the day is not worked. */
  periodsOn(serial: number): readonly WorkPeriod[];
  /** Whether a day serial is worked. */
  isWorkingDay(serial: number): boolean;
}

const NO_PERIODS: readonly WorkPeriod[] = [];

/** Prepares a calendar for many look-ups (see {@link CompiledCalendar}). */
export function compileCalendar(calendar: WorkCalendar): CompiledCalendar {
  const exceptions = new Map<number, readonly WorkPeriod[]>();
  // An exception without working time is a day off (the same object as every other day off).
  for (const exception of calendar.exceptions)
    exceptions.set(
      serialOfIsoDate(exception.date),
      periodMinutes(exception.periods) > 0 ? exception.periods : NO_PERIODS,
    );
  const nonWorking = new Set(calendar.nonWorkingDates.map(serialOfIsoDate));
  const isHoliday = calendar.holidays === 'none' ? () => false : holidayLookup();
  const week = calendar.week.map((periods) => (periodMinutes(periods) > 0 ? periods : NO_PERIODS));
  const periodsOn = (serial: number): readonly WorkPeriod[] => {
    const exception = exceptions.get(serial);
    if (exception) return exception;
    const weekly = week[weekdayOfSerial(serial)] ?? NO_PERIODS;
    if (weekly === NO_PERIODS || nonWorking.has(serial)) return NO_PERIODS;
    if (isHoliday(serial)) return NO_PERIODS;
    return weekly;
  };
  return {
    calendar,
    periodsOn,
    isWorkingDay: (serial) => periodsOn(serial) !== NO_PERIODS,
  };
}

/**
 * Whether a day serial is a US federal holiday. Holidays are computed per year on first use; the
 * last year looked up is kept at hand, as calendars are mostly walked day after day.
 */
function holidayLookup(): (serial: number) => boolean {
  const byYear = new Map<number, ReadonlySet<number>>();
  let first = 0;
  let last = -1;
  let current: ReadonlySet<number> = new Set();
  return (serial) => {
    if (serial < first || serial > last) {
      const { year } = partsOfSerial(serial);
      let set = byYear.get(year);
      if (!set) {
        set = new Set(usFederalHolidaySerials(year).map((h) => h.serial));
        byYear.set(year, set);
      }
      current = set;
      first = serialOfParts(year, 1, 1);
      last = serialOfParts(year, 12, 31);
    }
    return current.has(serial);
  };
}

/** Checks that a calendar is usable: seven weekdays, ordered non-overlapping periods, valid dates. */
export function validateCalendar(calendar: WorkCalendar): string | null {
  if (calendar.week.length !== 7) return 'A calendar needs working periods for all seven weekdays.';
  const lists = [...calendar.week, ...calendar.exceptions.map((e) => e.periods)];
  for (const periods of lists) {
    let previousEnd = 0;
    for (const period of periods) {
      if (!(period.start >= previousEnd && period.end > period.start && period.end <= 1440)) {
        return 'Working periods must be ordered, non-overlapping and within one day.';
      }
      previousEnd = period.end;
    }
  }
  if (!calendar.week.some((periods) => periodMinutes(periods) > 0))
    return 'A calendar needs at least one working weekday.';
  const dates = [...calendar.nonWorkingDates, ...calendar.exceptions.map((e) => e.date)];
  const bad = dates.find((date) => parseIsoDate(date) === null);
  return bad === undefined ? null : `Not a YYYY-MM-DD date: "${bad}".`;
}
