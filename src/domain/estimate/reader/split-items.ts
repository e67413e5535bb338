/**
 * Items whose figures are not on their own line:
 * - a bill item written `CODE  unit  TITLE`, its description on the next lines, and its figures
 *   alone on a line after them (`630,00   1,12   705,60`), as Spanish mediciones y presupuesto print;
 * - a bill item with its quantity (`… m2  4`) whose rate and amount come on a following line
 *   (`26   104.000`), recognised by quantity × rate = amount.
 */
import { parseUnit } from '../numbers.js';
import type { LineContext, ReaderState } from './state.js';
import { near } from './table.js';

const ITEM_HEAD_RE =
  /^([A-Za-z0-9][A-Za-z0-9.\-_/]{1,14}(?: [A-Z0-9]{2,6})?)\s{2,}([A-Za-z0-9²³.]{1,5})\s+(\S.*)$/;

/** `DEM06   Ml  CORTE PAVIMENTO EXISTENTE` under a table with quantities: the head of a bill item. */
export function handleItemHead(st: ReaderState, ctx: LineContext): boolean {
  if (ctx.row.numbers.length > 0 || ctx.row.errors > 0 || ctx.rawLine.includes('\t')) return false;
  if (!st.table?.numericRoles.includes('qty')) return false;
  const m = ITEM_HEAD_RE.exec(ctx.trimmed);
  if (!m?.[1] || !m[2] || !m[3]) return false;
  const code = m[1];
  const unit = m[2];
  const title = m[3].trim();
  if (!/\d/.test(code) && !/^[A-Z]{2,}(?: [A-Z]{2,})?$/.test(code)) return false;
  if (!parseUnit(unit) || !/[a-zà-ÿ]{2}/i.test(title)) return false;
  st.parent = {
    code,
    description: title,
    line: ctx.lineNo,
    continuing: true,
    title,
    unit,
  };
  st.lastMeasured = null;
  return true;
}

/** The description lines of a bill item head, until its figures line (numbers only). */
export function handleItemDescription(st: ReaderState, ctx: LineContext): boolean {
  const parent = st.parent;
  if (!parent?.title || !parent.continuing) return false;
  if (!ctx.desc) return false;
  // A line with figures is a description only when it is prose (`… de 0,40 cm. de ancho, 0,40 de
  // largo y 0,60`); a short text with figures is a priced line of its own.
  const figures = ctx.row.numbers.length > 0 || ctx.row.errors > 0;
  if (
    figures &&
    (ctx.desc.length < 40 || ctx.desc.split(/\s+/).length < 6 || ctx.row.numbers.some((n) => n.currency))
  )
    return false;
  parent.description = `${parent.description} ${ctx.desc}`.slice(0, 2000);
  return true;
}

/**
 * The rate and amount of the item above whose quantity was written with it (`m2  4` then
 * `26  104.000`), or its amount when quantity and rate were (`m2  24  19` then `456.000`).
 */
export function handlePendingPrice(st: ReaderState, ctx: LineContext): boolean {
  const pending = st.pendingPrice;
  if (!pending) return false;
  const { draft, alt } = pending;
  // A figures-only line whose first figure was read as an item number (`26   104.000`).
  const lead = ctx.row.code !== null && /^\d+(?:\.\d+)?$/.test(ctx.row.code) ? Number(ctx.row.code) : null;
  const nums = [
    ...(lead !== null ? [{ value: lead }] : []),
    ...ctx.row.numbers.filter((n) => !n.percent).map((n) => ({ value: n.value })),
  ];
  const addText = () => {
    if (!ctx.desc) return;
    draft.tradeText = `${draft.tradeText} ${ctx.desc}`;
    draft.description = `${draft.description} ${ctx.desc}`.slice(0, 300);
  };
  if (nums.length === 0 && ctx.row.errors === 0) {
    addText();
    return true;
  }
  st.pendingPrice = null;
  st.trailing = { draft, lines: 0 };
  const last = nums[nums.length - 1];
  if (alt && nums.length === 1 && last && near(alt.amount, last.value)) {
    draft.unitCost = alt.unitCost;
    draft.amount = last.value;
    draft.amountOnly = false;
    addText();
    return true;
  }
  const rate = nums[nums.length - 2];
  const quantity = draft.quantity;
  if (alt || !rate || !last || quantity === null || !near(quantity * rate.value, last.value)) {
    st.trailing = null;
    return false;
  }
  draft.unitCost = rate.value;
  draft.amount = last.value;
  draft.amountOnly = false;
  draft.confident = true;
  addText();
  return true;
}

/** Up to three short text lines after a bill item completed over several lines: its wrapped words. */
export function handleTrailingText(st: ReaderState, ctx: LineContext): boolean {
  const trailing = st.trailing;
  if (!trailing) return false;
  if (ctx.row.numbers.length > 0 || ctx.row.errors > 0 || !ctx.desc || trailing.lines >= 3) {
    st.trailing = null;
    return false;
  }
  if (ctx.desc.split(/\s+/).length > 8) {
    st.trailing = null;
    return false;
  }
  trailing.lines += 1;
  trailing.draft.tradeText = `${trailing.draft.tradeText} ${ctx.desc}`;
  return true;
}
