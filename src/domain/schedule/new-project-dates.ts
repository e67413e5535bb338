/**
 * The dates a new project is offered: it starts on the next working day and runs seven months (the
 * span of the product's original example, 1 September to 1 April), so a plan generated at once lies
 * ahead of today rather than in the past.
 */
import { DEFAULT_CALENDAR, type WorkCalendar } from './calendar.js';
import { type IsoDate, isoDateOfSerial, partsOfSerial, serialOfIsoDate, serialOfParts } from './iso-date.js';
import { createWorkingDayIndex, startDateAt } from './working-days.js';

/** Months from a new project's start to its end. */
export const NEW_PROJECT_MONTHS = 7;

/** The same day `months` later; a day the month lacks falls to its last day (31 Jan → 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = partsOfSerial(serialOfIsoDate(date));
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const lastDay = partsOfSerial(serialOfParts(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) - 1).day;
  return isoDateOfSerial(serialOfParts(y, m, Math.min(day, lastDay)));
}

/** The first working day after `today`. */
export function nextWorkingDay(today: IsoDate, calendar: WorkCalendar = DEFAULT_CALENDAR): IsoDate {
  return startDateAt(createWorkingDayIndex(calendar, isoDateOfSerial(serialOfIsoDate(today) + 1), 1), 0);
}

/** A new project's start (the next working day) and end (seven months later). */
export function newProjectDates(today: IsoDate, calendar: WorkCalendar = DEFAULT_CALENDAR) {
  const startDate = nextWorkingDay(today, calendar);
  return { startDate, endDate: addMonths(startDate, NEW_PROJECT_MONTHS) };
}

/**
 * The start and end of a plan moved to start today, keeping its length in calendar days: the choice
 * offered when a plan's start lies in the past.
 */
export function startToday(dates: { startDate: IsoDate; endDate: IsoDate }, today: IsoDate) {
  const span = Math.max(0, serialOfIsoDate(dates.endDate) - serialOfIsoDate(dates.startDate));
  return { startDate: today, endDate: isoDateOfSerial(serialOfIsoDate(today) + span) };
}
