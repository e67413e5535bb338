/**
 * Reading numbers, units, currencies and dates as estimates write them.
 */
import { formatMoney as formatMoneyIn } from '../money/index.js';
import {
  ACRE_TO_SF,
  CF_TO_CY,
  CUM_TO_CY,
  HOURS_PER_DAY,
  LB_TO_KG,
  M_TO_LF,
  QUINTAL_TO_KG,
  ROOFING_SQUARE_TO_SF,
  SHORT_TON_TO_KG,
  SQM_TO_SF,
  SY_TO_SF,
  TONNE_TO_KG,
  type UnitFamily,
  WORKING_DAYS_PER_MONTH,
  WORKING_DAYS_PER_WEEK,
} from './rates.js';

/** Currency markers before or after an amount. */
const CURRENCY_MARK =
  /^(?:\$|us\$|usd|rs\.?|inr|₹|€|eur|euros?|£|gbp|omr|r\.?o\.?|aed|dhs?\.?|sar|sr|qar|kwd|bhd|mxn|mx\$|ca?\$|au?\$|nz\$|s\$|hk\$)$/i;
const CURRENCY_PREFIX = /^(?:us\$|mx\$|ca?\$|au?\$|nz\$|hk\$|s\$|\$|rs\.?\s?|inr\s?|₹\s?|€|£)/i;
const CURRENCY_SUFFIX = /\s*(?:€|usd|inr|eur|gbp|omr|aed|sar|mxn|cad|aud|nzd|\/-|\/=|-)$/i;

export type CurrencyCode =
  | 'USD'
  | 'INR'
  | 'EUR'
  | 'GBP'
  | 'OMR'
  | 'AED'
  | 'SAR'
  | 'QAR'
  | 'KWD'
  | 'BHD'
  | 'MXN'
  | 'CAD'
  | 'AUD'
  | 'NZD'
  | 'SGD'
  | 'HKD';

/** Currencies written with a bare `$`: the sign alone does not tell which one. */
export const DOLLAR_CURRENCIES: readonly CurrencyCode[] = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN'];

export function currencyOfMark(mark: string): CurrencyCode | null {
  const m = mark.toLowerCase().replace(/\s+/g, '');
  if (m.startsWith('mx$') || m === 'mxn') return 'MXN';
  if (/^ca?\$/.test(m) || m === 'cad') return 'CAD';
  if (/^au?\$/.test(m) || m === 'aud') return 'AUD';
  if (m.startsWith('nz$') || m === 'nzd') return 'NZD';
  if (m.startsWith('hk$') || m === 'hkd') return 'HKD';
  if (m.startsWith('s$') || m === 'sgd') return 'SGD';
  if (m.startsWith('$') || m.startsWith('us$') || m === 'usd') return 'USD';
  if (m.startsWith('rs') || m.startsWith('₹') || m === 'inr') return 'INR';
  if (m.startsWith('€') || m === 'eur' || m.startsWith('euro')) return 'EUR';
  if (m.startsWith('£') || m === 'gbp') return 'GBP';
  if (m === 'omr' || /^r\.?o\.?$/.test(m)) return 'OMR';
  if (m === 'aed' || /^dhs?\.?$/.test(m)) return 'AED';
  if (m === 'sar' || m === 'sr') return 'SAR';
  if (m === 'qar') return 'QAR';
  if (m === 'kwd') return 'KWD';
  if (m === 'bhd') return 'BHD';
  return null;
}

export function isCurrencyMark(token: string): boolean {
  return CURRENCY_MARK.test(token.trim());
}

/** Places an estimate names, for its currency when it shows no mark (amounts to 3 decimals: Gulf rials, dinars). */
const COUNTRY_CURRENCY: readonly (readonly [RegExp, CurrencyCode])[] = [
  [/\b(?:sultanate of oman|muscat|oman)\b/i, 'OMR'],
  [/\b(?:united arab emirates|u\.a\.e\.?|dubai|abu dhabi|sharjah)\b/i, 'AED'],
  [/\b(?:saudi arabia|kingdom of saudi|riyadh|jeddah|dammam)\b/i, 'SAR'],
  [/\b(?:qatar|doha)\b/i, 'QAR'],
  [/\b(?:kuwait)\b/i, 'KWD'],
  [/\b(?:bahrain|manama)\b/i, 'BHD'],
  [/\b(?:m[eé]xico|cdmx|guadalajara|monterrey)\b/i, 'MXN'],
  [/\b(?:espa[ñn]a|madrid|ayuntamiento|presupuesto de ejecuci[oó]n)\b/i, 'EUR'],
  [/\b(?:united kingdom|england|london)\b/i, 'GBP'],
];

/** The currency of the place a text names, if any (the fallback when no amount carries a mark). */
export function currencyOfPlace(text: string): CurrencyCode | null {
  for (const [re, code] of COUNTRY_CURRENCY) if (re.test(text)) return code;
  return null;
}

/**
 * How a document writes decimals, decided once per document: `1.234,56` / `12,50` (decimal comma)
 * against `1,234.56` / `12.50`. Ambiguous numbers (`1.500`, `1,500`) follow the document's way.
 */
export function detectDecimalComma(text: string): boolean {
  let comma = 0;
  let dot = 0;
  // An outline number before a title (`1.2   Concrete`, `2.4.1  Bodenplatte`) is a number, not a figure.
  const figures = text.replace(/^[ \t]*\d+(?:\.\d+)+\.?(?=(?: {2,}|\t)\p{L})/gmu, '');
  for (const token of figures.split(/[\s\t;]+/)) {
    const t = token.replace(/^[(€$£-]+|[)€%.]+$/g, '');
    if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(t) || /^\d+,\d{1,2}$/.test(t)) comma += 1;
    else if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(t) || /^\d+\.\d{1,2}$/.test(t)) dot += 1;
  }
  return comma >= 3 && comma > 2 * dot;
}

/** A number as written: its value and what was around it. */
export interface ReadNumber {
  value: number;
  currency: CurrencyCode | null;
  percent: boolean;
}

const US_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const INDIAN_GROUPED = /^\d{1,2}(?:,\d{2})*,\d{3}(?:\.\d+)?$/;
const EURO_GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const EURO_DECIMAL = /^\d+,\d{1,2}$/;
const PLAIN = /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$|^\.\d+$/i;

/**
 * Parses an amount or quantity: `$1,234.56`, `1234.56`, `1.234,56`, `Rs 12,34,567.00`, `₹500`,
 * `(1,200.00)` (negative), `-45`, `7%`. Returns null for anything else (including `#REF!`).
 */
export function parseNumber(raw: string, decimalComma = false): ReadNumber | null {
  let s = raw.trim();
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('−')) {
    negative = !negative;
    s = s.slice(1).trim();
  }
  let currency: CurrencyCode | null = null;
  const prefix = CURRENCY_PREFIX.exec(s);
  if (prefix) {
    currency = currencyOfMark(prefix[0]);
    s = s.slice(prefix[0].length).trim();
  }
  if (s.startsWith('-') || s.startsWith('−')) {
    negative = !negative;
    s = s.slice(1).trim();
  }
  const suffix = CURRENCY_SUFFIX.exec(s);
  if (suffix && suffix[0].trim() !== '' && s.length > suffix[0].length) {
    currency = currencyOfMark(suffix[0].trim()) ?? currency;
    s = s.slice(0, s.length - suffix[0].length).trim();
  }
  let percent = false;
  if (s.endsWith('%')) {
    percent = true;
    s = s.slice(0, -1).trim();
  }
  let value: number;
  if (decimalComma && (EURO_GROUPED.test(s) || /^\d+,\d+$/.test(s)))
    value = Number(s.replace(/\./g, '').replace(',', '.'));
  else if (PLAIN.test(s)) value = Number(s);
  else if (US_GROUPED.test(s) || INDIAN_GROUPED.test(s)) value = Number(s.replace(/,/g, ''));
  else if (EURO_GROUPED.test(s)) value = Number(s.replace(/\./g, '').replace(',', '.'));
  else if (EURO_DECIMAL.test(s)) value = Number(s.replace(',', '.'));
  else return null;
  if (!Number.isFinite(value)) return null;
  return { value: negative ? -value : value, currency, percent };
}

/** Spreadsheet error values (`#REF!`, `#VALUE!`, `#DIV/0!`, `#N/A`, `#NAME?`, `#NUM!`, `#NULL!`). */
export function isErrorValue(raw: string): boolean {
  return /^#(?:REF!|VALUE!|DIV\/0!|N\/A|NAME\?|NUM!|NULL!|SPILL!|CALC!)$/i.test(raw.trim());
}

/** A unit as the analyzer understands it. */
export interface ReadUnit {
  /** Canonical spelling (`sf`, `cum`, `ea`…). */
  unit: string;
  family: UnitFamily;
  /** Multiply a quantity in this unit by this to get the family's base unit. */
  toBase: number;
}

const UNIT_TABLE: readonly (readonly [RegExp, string, UnitFamily, number])[] = [
  [/^(?:sf|s\.f\.?|sq\.?\s?ft\.?|sqft|sft|ft2|ft²|square feet|sq\.? feet)$/, 'sf', 'area', 1],
  [/^(?:sy|s\.y\.?|sq\.?\s?yds?\.?|syd|yd2|square yards?)$/, 'sy', 'area', SY_TO_SF],
  [
    /^(?:sqm|sq\.?\s?m\.?|sq\.?\s?mtrs?\.?|sqmt|m2|m²|sq\.?\s?metres?|square met(?:er|re)s?|smt)$/,
    'sqm',
    'area',
    SQM_TO_SF,
  ],
  [/^(?:sq|squares?)$/, 'sq', 'area', ROOFING_SQUARE_TO_SF],
  [/^(?:ac|acres?)$/, 'ac', 'area', ACRE_TO_SF],
  [/^(?:cy|c\.y\.?|cu\.?\s?yds?\.?|cyd|yd3|cubic yards?)$/, 'cy', 'volume', 1],
  [/^(?:cf|c\.f\.?|cu\.?\s?ft\.?|cft|ft3|cubic feet)$/, 'cf', 'volume', CF_TO_CY],
  [/^(?:cum\.?|cu\.?\s?m\.?|cu\.?\s?mtrs?\.?|m3|m³|cubic met(?:er|re)s?|cmt)$/, 'cum', 'volume', CUM_TO_CY],
  [/^(?:lf|l\.f\.?|lin\.?\s?ft\.?|ln\.?\s?ft\.?|linear feet|ft|feet|vlf)$/, 'lf', 'length', 1],
  [
    /^(?:rm\.?|rmt\.?|r\.?\s?mtrs?\.?|r\.?m\.?|rft|mtrs?\.?|metres?|meters?|lm|running met(?:er|re)s?|m\.?|ml\.?|m\.?l\.?|lfm\.?|lfdm\.?)$/,
    'm',
    'length',
    M_TO_LF,
  ],
  [
    /^(?:ea\.?|each|nos?\.?|nos\.|numbers?|pcs?\.?|pieces?|units?|sets?|pairs?|prs?\.?|points?|no's|uds?\.?|u\.?|unidad(?:es)?|st\.?|stk\.?|stck\.?|stück)$/,
    'ea',
    'count',
    1,
  ],
  [/^(?:kg\.?|kgs\.?|kilograms?)$/, 'kg', 'mass', 1],
  [/^(?:mt\.?|tonnes?|metric tons?|t)$/, 't', 'mass', TONNE_TO_KG],
  [/^(?:tons?|tns?|us short tons?|short tons?)$/, 'ton', 'mass', SHORT_TON_TO_KG],
  [/^(?:lbs?\.?|pounds?)$/, 'lb', 'mass', LB_TO_KG],
  [/^(?:qtls?\.?|quintals?)$/, 'qtl', 'mass', QUINTAL_TO_KG],
  [
    /^(?:ls|l\.s\.?|lump\s?sum|lumpsum|lump|job|lot|al|allow\.?|allowance|p\.a\.?|partida|psch\.?|pschl\.?|pauschal)$/,
    'ls',
    'lump',
    1,
  ],
  [/^(?:hrs?\.?|hours?|mh|man\s?hours?|h|std\.?|stunden?)$/, 'hr', 'time', 1 / HOURS_PER_DAY],
  [/^(?:days?|man\s?days?|md)$/, 'day', 'time', 1],
  [/^(?:wks?\.?|weeks?)$/, 'wk', 'time', WORKING_DAYS_PER_WEEK],
  [/^(?:mos?\.?|months?)$/, 'mo', 'time', WORKING_DAYS_PER_MONTH],
];

/** Reads a unit word (`SF`, `Cum.`, `Nos.`, `LS`, `US SHORT TON`…); null when it is not one. */
export function parseUnit(raw: string): ReadUnit | null {
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/^per\s+|^p\.?\s+|^\/\s*/, '')
    .replace(/\s+/g, ' ');
  if (!s || s.length > 20) return null;
  for (const [re, unit, family, toBase] of UNIT_TABLE) {
    if (re.test(s)) return { unit, family, toBase };
  }
  return null;
}

/** `P Cum`, `per sqm`, `/sf`, `Each` after a rate: a unit the number before it is priced per. */
export function isPerUnit(raw: string): boolean {
  const s = raw.trim().toLowerCase();
  return /^(?:per\s+|p\.?\s+|\/\s*)\S/.test(s) && parseUnit(s) !== null;
}

/** Converts a quantity into its family's base unit. */
export function toBaseQuantity(
  quantity: number,
  unit: string | null,
): { family: UnitFamily; value: number } | null {
  if (unit === null) return null;
  const read = parseUnit(unit);
  if (!read) return null;
  return { family: read.family, value: quantity * read.toBase };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

function monthOf(word: string): number | null {
  const i = MONTHS.indexOf(word.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]);
  return i >= 0 ? i + 1 : null;
}

function isoOf(year: number, month: number, day: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  if (y < 1900 || y > 2200 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(y).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Finds a date in text: `2025-03-15`, `March 15, 2025`, `15 Mar 2025`, `03/15/2025` (month first
 * when `monthFirst`, else day first; an impossible reading falls back to the other), `15.03.2025`.
 */
export function findDate(text: string, monthFirst: boolean): string | null {
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  if (m?.[1] && monthOf(m[1]) !== null) return isoOf(Number(m[3]), monthOf(m[1]) ?? 0, Number(m[2]));
  m = /\b(\d{1,2})(?:st|nd|rd|th)?[\s-]([A-Za-z]{3,9})\.?,?[\s-](\d{2,4})\b/.exec(text);
  if (m?.[2] && monthOf(m[2]) !== null) return isoOf(Number(m[3]), monthOf(m[2]) ?? 0, Number(m[1]));
  m = /\b(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})\b/.exec(text);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = Number(m[4]);
    const dotted = m[2] === '.';
    const first = monthFirst && !dotted ? isoOf(y, a, b) : isoOf(y, b, a);
    return first ?? (monthFirst && !dotted ? isoOf(y, b, a) : isoOf(y, a, b));
  }
  return null;
}

/** Rounds money to cents. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Formats an amount for messages in the document's currency (`$12,400`, `₹12,34,567`, written as the
 * rest of the product writes money), or as a bare figure (`12,400`) when the currency is unknown.
 */
export function formatMoney(value: number, currency: string | null): string {
  if (currency) return formatMoneyIn(value, currency);
  return Math.round(value).toLocaleString('en-US');
}

/** Formats a quantity: up to 2 decimals, grouped. */
export function formatQuantity(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  const [whole = '0', fraction] = String(Math.abs(rounded)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
