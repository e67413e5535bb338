/**
 * The document's currency, decided once from three kinds of evidence:
 * - the marks written on its amounts (`$1,200.00`, `2.500,00 €`, `Rs. 500`, `₹500`, `MXN $450`),
 *   in every cell, tab-separated rows included;
 * - the codes it states (`Amount (CAD)`, `All prices in AUD`, `CAD 1,200`, `C$`, `US$`);
 * - the place it names (Muscat → OMR, Madrid → EUR), when nothing else tells.
 * A bare `$` is the sign of several currencies: it never overrides a dollar currency the document
 * states. Marks decide only when one dominates; a document whose amounts disagree is not decided
 * by a coin toss.
 */
import { type CurrencyCode, currencyOfMark, DOLLAR_CURRENCIES } from '../numbers.js';
import { parseRow } from '../rows.js';
import type { LineContext, ReaderState } from './state.js';

const CODES = 'USD|CAD|AUD|NZD|SGD|HKD|MXN|EUR|GBP|INR|OMR|AED|SAR|QAR|KWD|BHD';
/** A figure written as money: grouped thousands or decimals (`1,200`, `1200.00`), not a bare code number. */
const MONEY = String.raw`(?:\d{1,3}(?:[,. ]\d{3})+(?:[.,]\d{1,3})?|\d+[.,]\d{2,3})`;
/**
 * A code stated as the currency: beside a money figure in the same cell (`CAD 1,200.00`,
 * `450.000 OMR`), in a money column's title (`Amount (CAD)`), in a currency note (`All prices in
 * AUD`), or a dollar sign that says whose (`C$`, `US$`). A code next to a bare number in another
 * cell (`CAD⇥142200`, a cost code) or in a description (`Drafting (CAD)`) states nothing.
 */
const STATED_RES: readonly RegExp[] = [
  new RegExp(String.raw`\b(${CODES}) ?\$? ?${MONEY}(?![\d])`, 'g'),
  new RegExp(String.raw`(?<![\d.,])${MONEY} ?(${CODES})\b`, 'g'),
  new RegExp(
    String.raw`\b(?:amount|total|cost|price|rate|value|importe|precio|budget|sum)s?\b[^()\n\t]{0,20}\((${CODES})\)`,
    'gi',
  ),
  new RegExp(
    String.raw`\b(?:currency|amounts?|prices?|figures|costs?|rates?|values?)\b[^.\n\t]{0,30}?\b(?:in|:)\s*(${CODES})\b`,
    'gi',
  ),
  /\b(US|MX|CA|C|AU|A|NZ|S|HK)\$/g,
];
const SYMBOL_CODES: Record<string, CurrencyCode> = {
  US: 'USD',
  MX: 'MXN',
  CA: 'CAD',
  C: 'CAD',
  AU: 'AUD',
  A: 'AUD',
  NZ: 'NZD',
  S: 'SGD',
  HK: 'HKD',
};

function statedCodes(line: string): CurrencyCode[] {
  const found: CurrencyCode[] = [];
  for (const re of STATED_RES) {
    for (const m of line.matchAll(re)) {
      const raw = m[1] ?? '';
      // A code is written in capitals (`in CAD`); `cad` in a sentence is a word.
      if (raw !== raw.toUpperCase()) continue;
      const code = SYMBOL_CODES[raw] ?? currencyOfMark(raw.toUpperCase());
      if (code) found.push(code);
    }
  }
  return found;
}

const add = (votes: Map<CurrencyCode, number>, code: CurrencyCode) =>
  votes.set(code, (votes.get(code) ?? 0) + 1);

/** Counts the line's currency marks (on its amounts, in every cell) and the codes it states. */
export function countCurrency(st: ReaderState, ctx: LineContext): void {
  // A row read through its table's columns is rewritten with plain figures: its marks are in the cells.
  const row = ctx.positional ? parseRow(ctx.rawLine, st.decimalComma) : ctx.row;
  const stated = statedCodes(ctx.trimmed);
  for (const code of stated) add(st.statedCurrencies, code);
  // On a line that names a dollar currency (`MXN $450.00`, `CAD $`), its `$` amounts are in it.
  const lineDollar = stated.find((c) => c !== 'USD' && DOLLAR_CURRENCIES.includes(c)) ?? null;
  const mark = (code: CurrencyCode) =>
    add(st.currencyVotes, code === 'USD' && lineDollar ? lineDollar : code);
  for (const n of row.numbers) if (n.currency) mark(n.currency);
  for (const e of row.elements) if (e.kind === 'cur') mark(e.currency);
  if (/\b(?:lacs?|lakhs?|crores?)\b/i.test(ctx.trimmed)) add(st.currencyVotes, 'INR');
  // A column titled with its currency (`Importe (€)`, `Amount (OMR)`), or amounts in words (`… EUROS`).
  const titled = /\((€|eur|euros|£|gbp|omr|r\.?o\.?|aed|sar|qar|kwd|bhd|mxn|usd|\$|inr|rs\.?|₹)\)/i.exec(
    ctx.trimmed,
  );
  const code = titled?.[1] ? currencyOfMark(titled[1]) : /\beuros?\b/i.test(ctx.trimmed) ? 'EUR' : null;
  if (code) add(st.currencyVotes, code);
}

/** The vote with the most counts when it has at least twice the next one's, else null. */
function dominant(votes: ReadonlyMap<CurrencyCode, number>): CurrencyCode | null {
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] === 0) return null;
  return !second || first[1] >= 2 * second[1] ? first[0] : null;
}

/** The document's currency: see the file's comment for the order of the evidence. */
export function decideCurrency(st: ReaderState): CurrencyCode | null {
  const marked = dominant(st.currencyVotes);
  const stated = dominant(st.statedCurrencies);
  if (marked === 'USD' && stated && DOLLAR_CURRENCIES.includes(stated)) return stated;
  return marked ?? stated ?? st.placeCurrency;
}
