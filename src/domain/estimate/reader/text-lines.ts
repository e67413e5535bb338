/**
 * Line handlers for lines that are not priced items: measurement rows (`Nos × L × B × H = Qty`),
 * totals and subtotals (money or a measured item's quantity), and text-only lines (a section
 * heading, the parent of the sub-rows below it, a percentage addition whose figures follow).
 */
import { ADD_ON_PERCENT_RE, CHARGE_RE, isAllowance, normalise, totalKind } from '../lexicon.js';
import type { Row } from '../rows.js';
import { partsTotal } from './components.js';
import { type ChargeLine, type Draft, type LineContext, newDraft, type ReaderState } from './state.js';
import { canonicalUnit } from './table.js';

const PERCENT_TEXT_RE = /@\s*([\d.]+)\s*%|\b([\d.]+)\s*%\s*(?:of|on|for|over)\b/i;

export function percentOf(text: string, row: Row): number | null {
  const cellPercent = row.numbers.find((n) => n.percent);
  if (cellPercent) return cellPercent.value;
  const m = PERCENT_TEXT_RE.exec(text) ?? ADD_ON_PERCENT_RE.exec(text);
  const v = m ? Number(m[1] ?? m[2]) : Number.NaN;
  return Number.isFinite(v) && v > 0 && v <= 100 ? v : null;
}

/** The row has figures worth reading (a lone 0 is not one). */
export function hasFigures(row: Row): boolean {
  const real = row.numbers.filter((n) => n.value !== 0 || row.numbers.length > 1);
  return real.length > 0 || row.errors > 0;
}

/** Measurement rows: Nos × L × B × H = Qty are the detail of the item above, never items. */
export function handleMeasurementRow(st: ReaderState, ctx: LineContext): boolean {
  if (!(ctx.row.hasOperators && hasFigures(ctx.row))) return false;
  if (st.parent) st.parent.continuing = false;
  return true;
}

/** `Subtotal`, `Total`, `Grand total`…: a money total, or a measured item's quantity total. */
const PER_UNIT_RE =
  /\b(?:per|\/)\s*(?:s\.?f\.?|sq\.?\s?f(?:oo)?t|square (?:foot|feet|met(?:er|re))|sqm|m2|m²|sy|unit|door|key|bed|room|seat|stall|acre|lf|house|home)\b|\bper\s+sf\b|\$\s*\/\s*sf\b|\bcost\s*\/\s*(?:sf|sqm|unit)\b/i;

export function handleTotal(st: ReaderState, ctx: LineContext): boolean {
  const { row, desc, lineNo } = ctx;
  const kindOfTotal = desc.length <= 80 ? totalKind(desc) : null;
  if (!kindOfTotal) return false;
  if (!hasFigures(row)) return desc.length < 40;
  // `TOTAL Price Per SF  102.00`: a rate of the total, not a total.
  if (PER_UNIT_RE.test(desc)) return true;
  const nums = row.numbers.filter((n) => !n.percent);
  const last = nums[nums.length - 1];
  const quantityTotal =
    st.mode === 'measurements' ||
    (last?.unit !== null && last?.unit !== undefined && last.currency === null) ||
    /\bqty\b|quantity|deduction/i.test(desc);
  if (quantityTotal) {
    if (/deduction/i.test(desc)) return true;
    const parent = st.parent;
    if (parent && last && row.errors === 0) {
      const unit = last.unit ?? row.units[0] ?? null;
      const draft: Draft = {
        ...newDraft(parent.line, parent.code, parent.description, st.section, st.sheet),
        quantity: last.value,
        unit: canonicalUnit(unit, row),
        kind: isAllowance(parent.description, null) ? 'allowance' : 'work',
        measured: true,
        confident: false,
      };
      if (st.lastMeasured && st.lastMeasured.line === parent.line) Object.assign(st.lastMeasured, draft);
      else {
        st.drafts.push(draft);
        st.lastMeasured = draft;
      }
    }
    return true;
  }
  st.totals.push({
    line: lineNo,
    kind: kindOfTotal,
    description: desc,
    value:
      row.errors > 0 && (!last || row.elements.findLastIndex((e) => e.kind === 'error') > last.index)
        ? null
        : (partsTotal(
            st.table?.numericRoles ?? [],
            nums.map((n) => n.value),
          ) ??
          last?.value ??
          null),
    sheet: st.sheet,
    section: st.section,
  });
  st.parent = null;
  return true;
}

/** A line without figures: a percentage addition, the parent of sub-rows, its wrapped words, or a heading. */
export function handleTextLine(st: ReaderState, ctx: LineContext): boolean {
  const { row, desc, lineNo } = ctx;
  if (hasFigures(row)) return false;
  if (!desc || !/[a-z]{2}/i.test(desc)) return true;
  const measuring = st.mode === 'measurements';
  const wordCount = desc.split(/\s+/).length;
  // "Add @ 7 % for Electrification On Civil Work Part 'A'": its figures follow on the next line.
  const linePercent = percentOf(desc, row);
  if (linePercent !== null && desc.length <= 120 && /^add\b/i.test(desc) && !measuring) {
    if (CHARGE_RE.test(normalise(desc)) && !isAllowance(desc, null)) {
      const charge: ChargeLine = {
        line: lineNo,
        description: desc,
        amount: null,
        percent: linePercent,
        sheet: st.sheet,
      };
      st.charges.push(charge);
      st.pendingCharge = charge;
      return true;
    }
    const draft = newDraft(lineNo, row.code, desc, st.section, st.sheet);
    draft.percent = linePercent;
    draft.amountOnly = true;
    draft.kind = isAllowance(desc, null) ? 'allowance' : 'work';
    st.drafts.push(draft);
    st.pendingPercent = draft;
    return true;
  }
  // A line that goes on in lower case carries on the words above, however long it is: a wrapped
  // description is not the head of a new item.
  if (st.parent?.continuing && row.code === null && /^[a-z]/.test(desc)) {
    st.parent.description = `${st.parent.description} ${desc}`;
    return true;
  }
  const isParent =
    (row.code !== null && (wordCount > 6 || /[:\-–]$/.test(desc))) ||
    (row.code !== null && measuring) ||
    (!row.code && wordCount > 12 && !measuring);
  if (isParent) {
    st.parent = { code: row.code, description: desc, line: lineNo, continuing: true };
    st.lastMeasured = null;
    return true;
  }
  if (st.parent?.continuing && (measuring || /^[a-z(]/.test(desc) || wordCount > 6)) {
    st.parent.description = `${st.parent.description} ${desc}`;
    return true;
  }
  if (measuring) return true;
  if (wordCount <= 12 && desc.length <= 100) {
    st.section = row.code && /^\d{2} \d{2} \d{2}$/.test(row.code) ? `${row.code} ${desc}` : desc;
    st.headings.push({ sheet: st.sheet, section: st.section, line: lineNo });
    st.parent = null;
  }
  return true;
}
