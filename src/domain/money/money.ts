/**
 * Money in its own currency. A company's projects may keep their money in different currencies and
 * amounts are never converted: sums are kept per currency, and each amount is written with its
 * currency's sign, in whole units.
 */

/** An amount and the ISO 4217 code of the currency it is in. */
export interface CurrencyAmount {
  currency: string;
  amount: number;
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
 * (text that is no currency code is written after the figure).
 */
export function formatMoney(value: number, currency: string): string {
  const format = moneyFormat(currency);
  if (format) return format.format(value);
  return `${Math.round(value).toLocaleString('en-US')} ${currency}`;
}

const exactFormats = new Map<string, Intl.NumberFormat | null>();

/**
 * "$16,174.20", "¥1,500,000", "OMR 172,530.500": to the currency's own minor unit, for the places
 * where money is read to the cent (a budget, a bill).
 */
export function formatMoneyExact(value: number, currency: string): string {
  let format = exactFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(MONEY_LOCALES[currency] ?? 'en-US', { style: 'currency', currency });
    } catch {
      format = null;
    }
    exactFormats.set(currency, format);
  }
  if (format) return format.format(value);
  return `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** The sign an amount in the currency is written with: `$`, `€`, `₹`, `CA$`; the code when it has none. */
export function currencySign(currency: string): string {
  return (
    moneyFormat(currency)
      ?.formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/** The one currency all of them keep their money in, or null when they differ (or there are none). */
export function sharedCurrency(items: readonly { currency: string }[]): string | null {
  const codes = new Set(items.map((p) => p.currency));
  const [only] = codes;
  return codes.size === 1 && only !== undefined ? only : null;
}

/** A new project's currency. */
const DEFAULT_CURRENCY = 'USD';

/**
 * The currency of money that belongs to no one project (an insight about the company): the one all
 * the projects share, else a new project's.
 */
export function currencyOfNoProject(projects: readonly { currency: string }[]): string {
  return sharedCurrency(projects) ?? DEFAULT_CURRENCY;
}

/** Sums per currency (to the cent), largest first; zero sums and amounts that are not numbers are left out. */
export function sumByCurrency(amounts: Iterable<CurrencyAmount>): CurrencyAmount[] {
  const sums = new Map<string, number>();
  for (const { currency, amount } of amounts) {
    if (!Number.isFinite(amount) || amount === 0) continue;
    sums.set(currency, (sums.get(currency) ?? 0) + amount);
  }
  return [...sums]
    .map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }))
    .filter((s) => s.amount !== 0)
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

/** "$5,000", "$5,000 and ₹1,20,000", "$5,000, €800 and ₹1,20,000"; `none` when there is nothing. */
export function formatAmounts(amounts: readonly CurrencyAmount[], none: string): string {
  const written = amounts.map((a) => formatMoney(a.amount, a.currency));
  if (written.length === 0) return none;
  if (written.length === 1) return written[0] as string;
  return `${written.slice(0, -1).join(', ')} and ${written[written.length - 1]}`;
}
