import { isoDateOfSerial, serialOfParts, weekdayOfSerial } from './iso-date.js';

/** One observed US federal holiday. */
export interface Holiday {
  /** The day the holiday is observed (a weekend holiday moves to the Friday before or Monday after). */
  date: string;
  name: string;
}

type HolidayRule = (year: number) => { name: string; serial: number } | null;

/** The n-th (1-based) given weekday of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = serialOfParts(year, month, 1);
    const shift = (weekday - weekdayOfSerial(first) + 7) % 7;
    return first + shift + (n - 1) * 7;
  }
  const last = serialOfParts(year, month + 1, 1) - 1;
  const shift = (weekdayOfSerial(last) - weekday + 7) % 7;
  return last - shift;
}

/** Saturday holidays are observed on the Friday before, Sunday ones on the Monday after (5 U.S.C. 6103). */
function observed(serial: number): number {
  const weekday = weekdayOfSerial(serial);
  if (weekday === 6) return serial - 1;
  if (weekday === 0) return serial + 1;
  return serial;
}

const fixed =
  (name: string, month: number, day: number, since = 0): HolidayRule =>
  (year) =>
    year >= since ? { name, serial: observed(serialOfParts(year, month, day)) } : null;

const floating =
  (name: string, month: number, weekday: number, n: number, since = 0): HolidayRule =>
  (year) =>
    year >= since ? { name, serial: nthWeekday(year, month, weekday, n) } : null;

/** The eleven federal holidays of 5 U.S.C. 6103, by rule. */
const FEDERAL_HOLIDAY_RULES: readonly HolidayRule[] = [
  fixed("New Year's Day", 1, 1),
  floating('Birthday of Martin Luther King, Jr.', 1, 1, 3, 1986),
  floating("Washington's Birthday", 2, 1, 3),
  floating('Memorial Day', 5, 1, -1),
  fixed('Juneteenth National Independence Day', 6, 19, 2021),
  fixed('Independence Day', 7, 4),
  floating('Labor Day', 9, 1, 1),
  floating('Columbus Day', 10, 1, 2),
  fixed('Veterans Day', 11, 11),
  floating('Thanksgiving Day', 11, 4, 4),
  fixed('Christmas Day', 12, 25),
];

/**
 * Day serials of the US federal holidays observed within `year`, in date order. New Year's Day
 * of the next year falls in this one when 1 January is a Saturday (observed on 31 December).
 */
export function usFederalHolidaySerials(year: number): { name: string; serial: number }[] {
  const first = serialOfParts(year, 1, 1);
  const last = serialOfParts(year, 12, 31);
  const candidates = [year, year + 1].flatMap((y) =>
    FEDERAL_HOLIDAY_RULES.map((rule) => rule(y)).filter((h) => h !== null),
  );
  return candidates.filter((h) => h.serial >= first && h.serial <= last).sort((a, b) => a.serial - b.serial);
}

/** The US federal holidays observed within `year`, with their observed dates, in date order. */
export function usFederalHolidays(year: number): Holiday[] {
  return usFederalHolidaySerials(year).map((h) => ({ date: isoDateOfSerial(h.serial), name: h.name }));
}
