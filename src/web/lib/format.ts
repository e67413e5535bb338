import { currencySign, formatMoney as formatMoneyIn } from '@/domain/money';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Jan 5, 2026"; an empty string for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/**
 * "$1,250,000", "€1,250,000", "₹12,50,000", "CA$1,250,000" (see the domain's money rules); an empty
 * string for a missing amount or one that is not a number.
 */
export function formatMoney(value: number | string | null | undefined, currency: string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  return formatMoneyIn(n, currency);
}

/** The sign the budget field is labelled with: `$`, `€`, `₹`, `CA$`; the code itself when it has none. */
export { currencySign };
