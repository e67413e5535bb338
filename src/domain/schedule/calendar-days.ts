/**
 * Working days for the screens that draw work on days (the look-ahead's day strip, the schedule's
 * week and month): the same calendar the critical-path engine schedules a project on, asked day by
 * day. A view draws a task only on the days its project works, so a task spanning a weekend or a
 * holiday has a gap there, exactly where the engine did not count the day.
 */
import { type CompiledCalendar, compileCalendar, periodMinutes, type WorkCalendar } from './calendar.js';
import { type IsoDate, serialOfIsoDate, weekdayOfSerial } from './iso-date.js';
import { projectWorkCalendar } from './project-calendar.js';

/** Asks whether calendar days are worked. */
export interface WorkingDays {
  /** Whether the day is worked (its weekday, holidays, dated exceptions). */
  isWorkingDay(day: IsoDate): boolean;
  /** The same by day serial (days since 1970-01-01), for loops over many days. */
  isWorkingSerial(serial: number): boolean;
  /** Whether the day's weekday is worked (or the date is an extra working day), holidays aside. */
  inWorkingWeek(day: IsoDate): boolean;
}

function workingDaysOf(calendar: WorkCalendar, compiled: CompiledCalendar): WorkingDays {
  const extraDays = new Set(
    calendar.exceptions.filter((e) => periodMinutes(e.periods) > 0).map((e) => serialOfIsoDate(e.date)),
  );
  return {
    isWorkingDay: (day) => compiled.isWorkingDay(serialOfIsoDate(day)),
    isWorkingSerial: (serial) => compiled.isWorkingDay(serial),
    inWorkingWeek: (day) => {
      const serial = serialOfIsoDate(day);
      const weekly = calendar.week[weekdayOfSerial(serial)] ?? [];
      return periodMinutes(weekly) > 0 || extraDays.has(serial);
    },
  };
}

/** The working days of a calendar. */
export function workingDays(calendar: WorkCalendar): WorkingDays {
  return workingDaysOf(calendar, compileCalendar(calendar));
}

/**
 * The working days of a project from its stored calendar (`projects.calendar`, the API's
 * `calendar`; null or absent = the default Monday–Friday with US federal holidays off): the very
 * calendar `scheduleProject` dates the project's tasks on.
 */
export function projectWorkingDays(stored: unknown): WorkingDays {
  return workingDays(projectWorkCalendar(stored));
}

/**
 * The days of `days` on which a task from `start` to `end` (both included) is drawn: its working
 * days. A task with no working day at all in its span (dates typed onto a weekend, a milestone on
 * a holiday) is drawn on its days as they are, so it never disappears from the views.
 */
export function taskWorkingDays(
  calendar: WorkingDays,
  start: IsoDate,
  end: IsoDate,
  days: readonly IsoDate[],
): IsoDate[] {
  const inSpan = days.filter((day) => start <= day && day <= end);
  const worked = inSpan.filter((day) => calendar.isWorkingDay(day));
  if (worked.length > 0 || !hasNoWorkingDay(calendar, start, end)) return worked;
  return inSpan;
}

/** Whether no day from `start` to `end` is worked (looked at for at most a year of days). */
export function hasNoWorkingDay(calendar: WorkingDays, start: IsoDate, end: IsoDate): boolean {
  const first = serialOfIsoDate(start);
  const last = Math.min(serialOfIsoDate(end), first + 366);
  for (let serial = first; serial <= last; serial++) if (calendar.isWorkingSerial(serial)) return false;
  return true;
}
