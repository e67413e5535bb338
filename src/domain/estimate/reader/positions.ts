/**
 * Tender positions, as a German Leistungsverzeichnis (and bills printed the same way) lays them
 * out under an `OZ  Menge  Einheit  Einheitspreis  Gesamtbetrag` header: the position number and
 * short text (`2.2.6   RAUSIKKO Box 8.6 SC`), its long text over any number of lines, then the
 * quantity and unit on a line of their own (`6   St`, `1,000  Std.   NEP`), beside which a priced
 * copy gives the unit price and total. Every line of the long text is description whatever
 * figures it holds (dimensions, product numbers, standards); the quantity line closes the position.
 * A number followed by another level (`2.1` then `2.1.1`) was a title, not a position: a section.
 * `NEP` (unit price only) and contingent positions (`Eventualpos.`, `Bedarfspos.`) are not part of
 * the tender's total, nor are alternative positions (`Alternativposition`, priced instead of the
 * base position above them); those flags are printed with the position or just under its quantity.
 */
import { parseNumber, parseUnit, roundMoney } from '../numbers.js';
import type { Draft, LineContext, ReaderState } from './state.js';
import { roundQty } from './table.js';

const HEAD_RE = /^(\d{1,3}(?:\.\d{1,4}){1,5})\.?\s{2,}(\p{L}.*)$/u;
const QUANTITY_RE = /^(\d[\d.,]*)\s+([^\s\d][^\s]{0,7})(?:\s{2,}(.*))?$/;
const UNIT_PRICE_ONLY_RE = /^nep\b|\bnur ep\b/i;
const CONTINGENT_RE = /\b(?:eventualpos(?:ition)?|bedarfspos(?:ition)?)\b\.?/i;
const ALTERNATIVE_RE = /\b(?:alternativpos(?:ition)?|wahlpos(?:ition)?)\b\.?/i;
/** A total printed in the tender (`2.1  Gerüstbau  Summe:  12.345,00`): not the position's words. */
const TOTAL_WORD_RE = /\b(?:summe|zwischensumme|übertrag|gesamt|total)\b/i;

const CONTINGENT = {
  disposition: 'option',
  reason: 'a contingent position priced by unit only (not in the total)',
} as const;
const ALTERNATIVE = {
  disposition: 'alternate',
  reason: 'an alternative position, priced instead of its base position',
} as const;
/** Blank price cells a tender leaves for the bidder to fill (`.........`, `______`). */
const BLANKS_RE = /[._…]{3,}/g;

/** Under a bill's header: a position number, quantity and unit, and price columns (filled or not). */
const inTender = (st: ReaderState) => {
  const table = st.table;
  const roles = table?.roles ?? [];
  const columns = ['code', 'qty', 'unit'] as const;
  return (
    !!table &&
    !table.measurement &&
    columns.every((role) => roles.includes(role)) &&
    (roles.includes('rate') || roles.includes('amount'))
  );
};

/** `2.2.6   RAUSIKKO Box 8.6 SC`: opens a position (and makes the one it extends a section). */
export function handlePositionHead(st: ReaderState, ctx: LineContext): boolean {
  if (!inTender(st) || ctx.rawLine.includes('\t')) return false;
  const m = HEAD_RE.exec(ctx.trimmed);
  const code = m?.[1];
  const title = m?.[2]?.trim() ?? '';
  if (!code || !/[a-zà-ÿ]{3}/i.test(title) || /\d[\d.,]*\s*$/.test(title.replace(BLANKS_RE, '').trim()))
    return false;
  const open = st.position;
  if (open && !open.closed && code.startsWith(`${open.code}.`)) {
    st.section = open.title;
    st.headings.push({ sheet: st.sheet, section: open.title, line: open.line });
  }
  st.position = { code, title, text: title, line: ctx.lineNo, flag: null, closed: null };
  st.parent = null;
  return true;
}

/** The long text of the open position, the quantity line that closes it, and its flags under it. */
export function handlePositionBody(st: ReaderState, ctx: LineContext): boolean {
  const position = st.position;
  if (!position || !inTender(st)) return false;
  const text = ctx.trimmed.replace(BLANKS_RE, ' ').trim();
  const figures = ctx.row.numbers.length > 0;
  if (figures && TOTAL_WORD_RE.test(text)) return false;
  const flag = CONTINGENT_RE.test(text) ? CONTINGENT : ALTERNATIVE_RE.test(text) ? ALTERNATIVE : null;
  if (position.closed) {
    // Under the quantity line: the position's flags, else whatever follows it.
    if (flag) position.closed.excluded = { ...flag };
    return flag !== null || !figures;
  }
  if (flag) position.flag = flag;
  const q = QUANTITY_RE.exec(text);
  const unit = q?.[2] ? parseUnit(q[2]) : null;
  const quantity = q?.[1] ? parseNumber(q[1], st.decimalComma) : null;
  if (!q || !unit || !quantity || quantity.percent) {
    if (ctx.desc) position.text = `${position.text} ${ctx.desc}`.slice(0, 2000);
    return true;
  }
  const rest = (q[3] ?? '').trim();
  const prices = rest
    .split(/\s+/)
    .map((cell) => parseNumber(cell, st.decimalComma))
    .filter((n) => n !== null && !n.percent)
    .map((n) => n?.value ?? 0);
  const [rate = null, amount = null] = prices.length >= 2 ? prices.slice(-2) : [prices[0] ?? null, null];
  const draft: Draft = {
    line: ctx.lineNo,
    code: position.code,
    description: position.title,
    tradeText: `${position.text} ${st.section ?? ''}`,
    quantity: roundQty(quantity.value),
    unit: q[2] ?? null,
    unitCost: rate !== null ? roundMoney(rate) : null,
    amount: amount !== null ? roundMoney(amount) : null,
    section: st.section,
    sheet: st.sheet,
    kind: 'work',
    broken: false,
    percent: null,
    percentBase: null,
    amountOnly: false,
    measured: amount === null,
    rollup: false,
    computed: false,
    confident: amount !== null,
  };
  const excluded = UNIT_PRICE_ONLY_RE.test(rest) ? CONTINGENT : position.flag;
  if (excluded) draft.excluded = { ...excluded };
  st.drafts.push(draft);
  position.closed = draft;
  return true;
}
