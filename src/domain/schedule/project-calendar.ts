/**
 * A project's working calendar as it is stored (`projects.calendar`, JSON) and exposed by the API:
 * which weekdays are worked, hours per day, dated exceptions, and whether US federal holidays are
 * off. The app schedules in whole working days, so a day is either worked or not; the periods of a
 * working day are the standard ones of {@link workCalendar} for the hours given.
 *
 * Weekdays here are ISO numbers, 1 = Monday … 7 = Sunday (as people and most files count them);
 * the calendar module's {@link Weekday} is 0 = Sunday … 6 = Saturday.
 */
import { DEFAULT_CALENDAR, hoursPerDay, periodMinutes, type WorkCalendar, workCalendar } from './calendar.js';
import { type IsoDate, parseIsoDate, serialOfIsoDate, type Weekday, weekdayOfSerial } from './iso-date.js';
import { usFederalHolidays } from './us-holidays.js';

/** A working calendar in plain data (see the module comment). */
export interface ProjectCalendar {
  /** ISO weekdays that are worked, 1 = Monday … 7 = Sunday, ascending. */
  workDays: number[];
  /** Working hours in a day. */
  hoursPerDay: number;
  /** Dates not worked besides the weekly pattern (holidays, shutdowns), ascending. */
  nonWorkingDates: IsoDate[];
  /** Dates worked although the weekly pattern (or a listed date or holiday) says not, ascending. */
  workingDates: IsoDate[];
  /** Whether US federal holidays are off too. */
  usFederalHolidays: boolean;
  /** Where it came from, e.g. the imported file's calendar name. */
  name?: string;
}

/** The most dated exceptions a stored calendar may list (a P6 calendar over decades stays far below). */
export const MAX_CALENDAR_DATES = 20_000;

const isoWeekday = (weekday: Weekday): number => (weekday === 0 ? 7 : weekday);
const jsWeekday = (iso: number): Weekday => (iso % 7) as Weekday;

/** The {@link WorkCalendar} the scheduler uses for a stored calendar. */
export function workCalendarOf(calendar: ProjectCalendar): WorkCalendar {
  return workCalendar({
    workDays: calendar.workDays.map(jsWeekday),
    hoursPerDay: calendar.hoursPerDay,
    holidays: calendar.usFederalHolidays ? 'us-federal' : 'none',
    nonWorkingDates: calendar.nonWorkingDates,
    workingDates: calendar.workingDates,
  });
}

/**
 * A {@link WorkCalendar} (an imported file's) as a stored calendar: its worked weekdays, its hours
 * per day (given, or the usual day's), a dated exception without working time as a non-working
 * date, and one with working time as a working date where the day would otherwise be off (a short
 * day on a normal working day is just a working day at whole-day resolution).
 */
export function projectCalendarOf(
  calendar: WorkCalendar,
  options: { hoursPerDay?: number; name?: string } = {},
): ProjectCalendar {
  const worked = new Set<number>();
  calendar.week.forEach((periods, weekday) => {
    if (periodMinutes(periods) > 0) worked.add(weekday);
  });
  const federal = calendar.holidays === 'us-federal';
  const holidayYears = new Map<number, Set<IsoDate>>();
  const isFederalHoliday = (date: IsoDate) => {
    const year = Number(date.slice(0, 4));
    let dates = holidayYears.get(year);
    if (!dates) {
      dates = new Set(usFederalHolidays(year).map((h) => h.date));
      holidayYears.set(year, dates);
    }
    return dates.has(date);
  };
  const listedOff = new Set(calendar.nonWorkingDates);
  const off = new Set(calendar.nonWorkingDates);
  const on = new Set<IsoDate>();
  for (const exception of calendar.exceptions) {
    if (periodMinutes(exception.periods) <= 0) {
      off.add(exception.date);
      continue;
    }
    // An exception wins over everything: the date is worked.
    off.delete(exception.date);
    const weekdayOff = !worked.has(weekdayOfSerial(serialOfIsoDate(exception.date)));
    if (weekdayOff || listedOff.has(exception.date) || (federal && isFederalHoliday(exception.date))) {
      on.add(exception.date);
    }
  }
  const result: ProjectCalendar = {
    workDays: [...worked].map((d) => isoWeekday(d as Weekday)).sort((a, b) => a - b),
    hoursPerDay: options.hoursPerDay ?? hoursPerDay(calendar),
    nonWorkingDates: [...off].sort(),
    workingDates: [...on].sort(),
    usFederalHolidays: federal,
  };
  if (options.name !== undefined) result.name = options.name;
  return result;
}

/** The reading of outside data: the calendar, or why it was refused. */
export type ProjectCalendarResult = { ok: true; value: ProjectCalendar } | { ok: false; error: string };

const refuse = (error: string): ProjectCalendarResult => ({ ok: false, error });

/**
 * Reads a stored or sent calendar, checking every field: at least one worked ISO weekday, hours per
 * day above 0 and at most 24, real `YYYY-MM-DD` dates (at most {@link MAX_CALENDAR_DATES}). Dates
 * come back sorted without repeats.
 */
export function readProjectCalendar(value: unknown): ProjectCalendarResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse('The calendar must be an object.');
  const v = value as Record<string, unknown>;
  const { workDays, nonWorkingDates, workingDates, usFederalHolidays: federal, name } = v;
  if (!Array.isArray(workDays) || workDays.length === 0)
    return refuse('The calendar needs at least one working weekday.');
  if (!workDays.every((d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7))
    return refuse('Working weekdays are numbers 1 (Monday) to 7 (Sunday).');
  const hours = v.hoursPerDay;
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0 || hours > 24)
    return refuse('Hours per day must be a number above 0 and at most 24.');
  if (typeof federal !== 'boolean') return refuse('usFederalHolidays must be true or false.');
  if (name !== undefined && typeof name !== 'string') return refuse('The calendar name must be text.');
  const off = readDates(nonWorkingDates, 'Non-working dates');
  if (!off.ok) return refuse(off.error);
  const on = readDates(workingDates, 'Working dates');
  if (!on.ok) return refuse(on.error);
  if (off.dates.length + on.dates.length > MAX_CALENDAR_DATES)
    return refuse(`A calendar may list at most ${MAX_CALENDAR_DATES} dates.`);
  const calendar: ProjectCalendar = {
    workDays: [...new Set(workDays as number[])].sort((a, b) => a - b),
    hoursPerDay: hours,
    nonWorkingDates: off.dates,
    workingDates: on.dates,
    usFederalHolidays: federal,
  };
  if (typeof name === 'string') calendar.name = name;
  return { ok: true, value: calendar };
}

function readDates(
  value: unknown,
  label: string,
): { ok: true; dates: IsoDate[] } | { ok: false; error: string } {
  if (value === undefined) return { ok: true, dates: [] };
  if (!Array.isArray(value)) return { ok: false, error: `${label} must be a list of dates.` };
  const bad = value.find((d) => typeof d !== 'string' || parseIsoDate(d) === null);
  if (bad !== undefined) return { ok: false, error: `${label}: "${String(bad)}" is not a YYYY-MM-DD date.` };
  return { ok: true, dates: [...new Set(value as string[])].sort() };
}

/**
 * The calendar a project is scheduled on, from its stored column: its own, or the default
 * (Monday–Friday, US federal holidays) when it has none. A stored value the reader refuses (the column
 * is only written by the import) falls back to the default too rather than making the project
 * unschedulable.
 */
export function projectWorkCalendar(stored: unknown): WorkCalendar {
  if (stored === null || stored === undefined) return DEFAULT_CALENDAR;
  const read = readProjectCalendar(stored);
  return read.ok ? workCalendarOf(read.value) : DEFAULT_CALENDAR;
}
