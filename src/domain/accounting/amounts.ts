/**
 * Money and dates as accounting files write them: whole cents to two decimals exactly (never
 * through a float), calendar days in the program's order.
 */

/** `12345` → `123.45`, `-5` → `-0.05`, `0` → `0.00`. */
export function centsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A numeric column's text (`'12345.6'`, `'-3'`, `'0.05'`) in whole cents, exactly. Digits past the
 * second decimal are refused rather than rounded.
 */
export function numericToCents(value: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`Not an amount with at most two decimals: ${value}`);
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** The order a file writes a day in: month first (QuickBooks, Xero US) or day first (Xero elsewhere). */
export type DateOrder = 'mdy' | 'dmy';

/** `2026-03-07` → `03/07/2026` (mdy) or `07/03/2026` (dmy). */
export function dayText(isoDay: string, order: DateOrder = 'mdy'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) throw new RangeError(`Not a calendar day YYYY-MM-DD: ${isoDay}`);
  const [, year, month, day] = match;
  return order === 'mdy' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}
