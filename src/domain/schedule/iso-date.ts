/**
 * Calendar-date arithmetic on plain strings, with no time zone and no clock.
 *
 * Dates are `'YYYY-MM-DD'` strings ({@link IsoDate}) and local wall-clock instants are
 * `'YYYY-MM-DDTHH:mm'` strings ({@link IsoDateTime}): a schedule is kept in the project's own
 * local time, so neither carries a zone. Internally a date is a *day serial*: whole days since
 * 1970-01-01 (day 0, a Thursday), which makes stepping through days plain integer arithmetic.
 */

/** A calendar date, `'YYYY-MM-DD'`. */
export type IsoDate = string;

/** A local wall-clock instant, `'YYYY-MM-DDTHH:mm'`. */
export type IsoDateTime = string;

/** Day of the week, 0 = Sunday … 6 = Saturday (the JavaScript convention). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** Day serial of a calendar date given by its parts (month 1–12). */
export function serialOfParts(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** Day serial of `'YYYY-MM-DD'`, or `null` when the text is not a real date. */
export function parseIsoDate(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const serial = serialOfParts(year, month, day);
  return isoDateOfSerial(serial) === date ? serial : null;
}

/** Day serial of `'YYYY-MM-DD'`; throws a RangeError on anything else (use for trusted input). */
export function serialOfIsoDate(date: IsoDate): number {
  const serial = parseIsoDate(date);
  if (serial === null) throw new RangeError(`Not a YYYY-MM-DD date: "${date}"`);
  return serial;
}

/** `'YYYY-MM-DD'` of a day serial (years 0–9999). */
export function isoDateOfSerial(serial: number): IsoDate {
  const { year, month, day } = partsOfSerial(serial);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Day of the week of a day serial. */
export function weekdayOfSerial(serial: number): Weekday {
  return ((((serial + 4) % 7) + 7) % 7) as Weekday;
}

/**
 * Year, month (1–12) and day of a day serial, by integer arithmetic on the proleptic Gregorian
 * calendar (H. Hinnant's days-to-civil algorithm), with no Date object: calendars call it per day.
 */
export function partsOfSerial(serial: number): { year: number; month: number; day: number } {
  const z = serial + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** A local instant split into its day serial and minutes after midnight; `null` when malformed. */
export interface SplitInstant {
  serial: number;
  minute: number;
}

/** Parses `'YYYY-MM-DDTHH:mm'` (a space instead of `T` and trailing seconds are accepted). */
export function parseIsoDateTime(instant: string): SplitInstant | null {
  const match = ISO_DATE_TIME.exec(instant.trim());
  if (!match) return null;
  const serial = parseIsoDate(match[1] ?? '');
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (serial === null || hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return { serial, minute: hours * 60 + minutes };
}

/** `'YYYY-MM-DDTHH:mm'` of a day serial and a minute of that day (midnight at the end rolls over). */
export function formatIsoDateTime(serial: number, minute: number): IsoDateTime {
  const rounded = Math.round(minute);
  if (rounded >= 1440) return formatIsoDateTime(serial + 1, rounded - 1440);
  const whole = rounded;
  const hours = Math.floor(whole / 60);
  const minutes = whole % 60;
  return `${isoDateOfSerial(serial)}T${pad2(hours)}:${pad2(minutes)}`;
}

/** Minutes after midnight of `'HH:mm'`, or `null` when malformed. */
export function parseClockTime(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
