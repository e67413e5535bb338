/**
 * The line handler for a line with figures: a priced item (with its parent's words when it is a
 * sub-row), a charge (overhead, profit, tax…), or a percentage addition whose figures follow.
 */
import { CHARGE_RE, isAllowance, matchLexicon, normalise } from '../lexicon.js';
import { roundMoney } from '../numbers.js';
import { afterTotalKind } from './alternates.js';
import type { Draft, LineContext, ReaderState } from './state.js';
import { type Assigned, assign, canonicalUnit, near, pricedTable, roundQty } from './table.js';
import { percentOf } from './text-lines.js';
import { where } from './util.js';

const SUB_CODE_RE = /^(?:[a-z]\.?|\(?[a-z]{1,2}\)|\(?[ivx]{1,5}\)|\d{1,3}\.\d{1,3}(?:\.\d{1,3})*)$/i;
const SOFT_COST_RE = /\bsoft ?costs?\b|\bindirect costs?\b|\bowner'?s? costs?\b|\bprofessional fees\b/i;
const SUB_LABEL_RE = /^(?:\(?[a-z]{1,2}\)|\(?[ivx]{1,5}\)|[a-z]\.)\s/i;

/** Quantities of a measurement sheet that are not a Total line: part of the item above. */
export function handleMeasuredQuantity(st: ReaderState, ctx: LineContext): boolean {
  if (
    st.mode !== 'measurements' ||
    st.table?.numericRoles.some((r) => r === 'amount' || r === 'part') ||
    ctx.row.numbers.some((n) => n.currency)
  )
    return false;
  if (st.parent) st.parent.continuing = false;
  return true;
}

/** The words an item takes from its parent: `8 Centering & shuttering … for:` then `(A) Foundations`. */
function withParent(st: ReaderState, ctx: LineContext): string | null {
  const { row, desc: ownText } = ctx;
  // A new main item number ends the item above; a sub-item ((a), A., 20.1) continues it.
  if (st.parent && row.code !== null && !SUB_CODE_RE.test(row.code)) st.parent = null;
  // "(B) In lintels…" after an item that carried its own "(A)" line: the same item's words.
  if (!st.parent && row.code === null && st.lastItem && SUB_LABEL_RE.test(ownText)) {
    const head = st.lastItem.description.split(/\s\(a\)\s|\s—\s/i)[0] ?? st.lastItem.description;
    st.parent = { code: st.lastItem.code, description: head, line: st.lastItem.line, continuing: false };
  }
  const useParent = st.parent !== null && (ownText.length < 200 || !row.code);
  const parentDesc = useParent && st.parent ? st.parent.description : null;
  if (st.parent && !useParent) st.parent = null;
  if (st.parent) st.parent.continuing = false;
  if (parentDesc && ownText) return `${parentDesc} — ${ownText}`;
  return parentDesc ?? ownText;
}

/**
 * An item row whose words cell is a spreadsheet error (`24  #REF!  581  250  145250`): its figures
 * still price it — quantity × rate = amount, as the sheet's total counts it — so it is work, named
 * by its number, with a note saying its words could not be read.
 */
function brokenWordsItem(st: ReaderState, ctx: LineContext, assigned: Assigned): string | null {
  const { row, lineNo } = ctx;
  const errorAt = row.elements.findIndex((e) => e.kind === 'error');
  const error = row.elements[errorAt];
  if (error?.kind !== 'error' || errorAt > (row.numbers[0]?.index ?? 0)) return null;
  const { quantity: q, unitCost: r, amount: a } = assigned;
  if (q === null || r === null || a === null || q <= 0 || r <= 0 || !near(q * r, a)) return null;
  const name = row.code ? `Item ${row.code}` : 'An item';
  st.notes.push(
    `${where(st.sheet, lineNo)}: ${name}'s description reads ${error.raw}; its figures (${q} × ${r} = ${a}) are read as work.`,
  );
  return `${name} (its description reads ${error.raw})`;
}

/** A scope's name in a column of its own: one to three capitalised words (`EIFS`, `SITE CONCRETE`). */
const SCOPE_LABEL_RE = /^[A-Z][A-Z&/-]{2,}(?: [A-Z&/-]{2,}){0,2}$/;

/**
 * The words a priced row is classified by. A proposal that prices each scope as a paragraph names
 * the scope in a column of its own on the amount row (`EIFS      raised band …      $28,721.00`);
 * that name says what the work is, whatever trades the paragraph's list of inclusions mentions
 * first ("…, fixtures by owner, …, and cleanup"), so it leads.
 */
function withScopeLabel(ctx: LineContext, description: string): string {
  const label = ctx.row.cells[0]?.trim() ?? '';
  if (ctx.row.cells.length < 2 || !SCOPE_LABEL_RE.test(label) || !matchLexicon(label)) return description;
  return `${label} — ${description}`;
}

export function handlePricedLine(st: ReaderState, ctx: LineContext): boolean {
  const { row, positional, lineNo, desc: ownText } = ctx;
  const assigned = positional?.assigned ?? assign(row, st.table);
  if (row.errors > 0) st.brokenCells += row.errors;
  // The figures line of a bill item head: the head's title and unit, its description for the trade.
  const head = st.parent?.title && !ownText ? st.parent : null;
  const description = head?.title ?? (withParent(st, ctx) || brokenWordsItem(st, ctx, assigned));
  if (!description) return true;

  const percent = percentOf(ownText, row);
  const unitText = positional
    ? positional.unitText
    : (canonicalUnit(assigned.unit, row) ?? head?.unit ?? null);
  const amountOnly = assigned.quantity === null && assigned.unitCost === null;
  const brokenAmount = row.errors > 0 && assigned.amount === null;

  // Soft costs (design, administration, inspection fees) are not construction work.
  const priced = pricedTable(st.table) || row.numbers.some((n) => n.currency !== null);
  const softCosts = priced && SOFT_COST_RE.test(`${st.sheet ?? ''} ${st.section ?? ''}`);
  const after = afterTotalKind(st, ownText);
  if (!after && (softCosts || CHARGE_RE.test(normalise(ownText))) && !isAllowance(ownText, unitText)) {
    // A charge row with neither amount nor percentage (a rate only) adds nothing.
    if (assigned.amount === null && percent === null) return true;
    st.charges.push({
      line: lineNo,
      description: ownText,
      amount: assigned.amount,
      percent,
      sheet: st.sheet,
    });
    return true;
  }
  const draft: Draft = {
    line: lineNo,
    code: row.code ?? st.parent?.code ?? null,
    description,
    tradeText: head ? head.description : withScopeLabel(ctx, description),
    quantity: assigned.quantity !== null ? roundQty(assigned.quantity) : null,
    unit: unitText,
    unitCost: assigned.unitCost !== null ? roundMoney(assigned.unitCost) : null,
    amount: assigned.amount !== null ? roundMoney(assigned.amount) : null,
    section: st.section,
    sheet: st.sheet,
    kind: isAllowance(ownText || description, unitText) ? 'allowance' : 'work',
    broken: brokenAmount,
    percent: amountOnly || brokenAmount ? percent : null,
    percentBase: null,
    amountOnly,
    measured: false,
    rollup: false,
    computed: false,
    confident:
      pricedTable(st.table) ||
      row.numbers.some((n) => n.currency !== null) ||
      row.elements.some((e) => e.kind === 'cur') ||
      (row.numbers.filter((n) => !n.percent).length >= 3 &&
        assigned.quantity !== null &&
        assigned.unitCost !== null &&
        assigned.amount !== null &&
        assigned.quantity > 0 &&
        assigned.unitCost > 0 &&
        assigned.amount > 0 &&
        // `1 × 13100 = 13100` in a lookup table proves nothing; a product of two real figures does.
        !(assigned.quantity === 1 || assigned.unitCost === 1) &&
        near(assigned.quantity * assigned.unitCost, assigned.amount)),
  };
  if (assigned.doubt) draft.suspect = assigned.doubt;
  if (draft.code !== null && !SUB_CODE_RE.test(draft.code))
    st.lastItem = { code: draft.code, description: ownText, line: lineNo };
  if (
    percent !== null &&
    amountOnly &&
    row.numbers.filter((n) => !n.percent).length === 0 &&
    row.errors === 0
  ) {
    // "Add @ 7 % for Electrification …" with its figures on the next line.
    draft.amount = null;
    st.pendingPercent = draft;
  }
  if (after) draft.afterTotal = after;
  if (head) st.parent = null;
  // A quantity with no price yet: its rate and amount may follow on the next lines.
  const plain = row.numbers.filter((n) => !n.percent);
  if (plain.length === 1 && draft.quantity !== null && draft.amount === null && draft.unitCost === null)
    st.pendingPrice = { draft, alt: null };
  // Two figures under a quantity / rate / amount table, the first with its unit: quantity and
  // rate when the next lines bring their product.
  const [q, r] = plain;
  if (
    plain.length === 2 &&
    q &&
    r &&
    !positional &&
    st.table?.numericRoles.length === 3 &&
    (q.unit !== null || row.units.length > 0) &&
    q.currency === null
  )
    st.pendingPrice = { draft, alt: { unitCost: r.value, amount: roundMoney(q.value * r.value) } };
  st.drafts.push(draft);
  return true;
}
