const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Jan 5, 2026"; an empty string for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/**
 * Money is written in English, in the notation of its currency's home where it groups digits its
 * own way: rupees in lakhs and crores (₹12,50,000), as the estimates themselves write them.
 */
const MONEY_LOCALES: Readonly<Record<string, string>> = { INR: 'en-IN' };

/** One formatter per currency code, made on first use; null for text Intl cannot take as a code. */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(currency: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(MONEY_LOCALES[currency] ?? 'en-US', {
        style: 'currency',
        currency,
        // Whole units, whatever the currency's minor unit (none for JPY, three decimals for OMR).
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
    } catch {
      format = null;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * "$1,250,000", "€1,250,000", "₹12,50,000", "CA$1,250,000": whole units with the currency's sign
 * (text that is no currency code is written after the figure). An empty string for a missing amount.
 */
export function formatMoney(value: number | string | null | undefined, currency: string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  const format = moneyFormat(currency);
  if (format) return format.format(n);
  return `${Math.round(n).toLocaleString('en-US')} ${currency}`;
}

/** The sign the budget field is labelled with: `$`, `€`, `₹`, `CA$`; the code itself when it has none. */
export function currencySign(currency: string): string {
  return (
    moneyFormat(currency)
      ?.formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
