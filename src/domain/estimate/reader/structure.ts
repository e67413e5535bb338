/**
 * Line handlers for the document's structure: sheets, table headers, structure titles, page
 * furniture, and the continuation line of a percentage addition (`i.e. on Rs. 1125396  Rs. 78778`).
 * Each returns true when it consumed the line.
 */
import { normalise } from '../lexicon.js';
import type { LineContext, ReaderState } from './state.js';
import { headerOf } from './table.js';

const SIGNATURE_RE =
  /^(?:chartered\s+engineer|assistant\s+engineer|executive\s+engineer|junior\s+engineer|superintending\s+engineer|prepared by|checked by|approved by|signature|authori[sz]ed signatory|p\.?w\.?d\.? (?:sub )?div)/i;
const STRUCTURE_RE =
  /^(?:general abstract(?: of cost)?|abstract of cost|abstract|details? of measurements?|measurement sheet|measurements?|bill of quantities|schedule of (?:quantities|rates|values)|technical report|cost estimate|estimate|detailed estimate|bid schedule|bid form|proposal|quotation|quote|presupuestos?(?: parciales)?|mediciones(?: y presupuesto)?|cuadro de precios)\.?$/i;
export const PAGE_FURNITURE_RE =
  /\bpage[\s-]*\d+(?:\s*of\s*\d+)?\b|\bp[áa]gina\s+\d+\b|^\s*-\s*\d+\s*-\s*$|^\d+\s+of\s+\d+|\b\d{1,4}\s+von\s+\d{1,4}(?=\s*$|[A-ZÄÖÜ])/i;
export const CONTINUATION_RE = /^(?:i\.?\s?e\.?|on\s+(?:rs|\$|₹|inr)|on amount|on the amount)/i;

/** `## Sheet: <name>`: a new sheet resets the section, table and pending items. */
export function handleSheet(st: ReaderState, trimmed: string): boolean {
  const sheetMatch = /^##\s*sheet:\s*(.*)$/i.exec(trimmed);
  if (!sheetMatch) return false;
  st.sheet = (sheetMatch[1] ?? '').trim() || null;
  st.section = null;
  st.table = null;
  st.parent = null;
  st.pendingPercent = null;
  st.pendingCharge = null;
  st.pendingPrice = null;
  st.lastMeasured = null;
  st.lastItem = null;
  st.afterTotal = null;
  st.recap = null;
  const name = normalise(st.sheet ?? '');
  const measurement = /\b(?:mes|meas\w*|measur\w*)\b|_mes\b|measur/.test(name);
  st.mode = measurement ? 'measurements' : 'items';
  if (st.sheet) {
    if (measurement) st.sheetKinds.set(st.sheet, 'measurement');
    else if (/gen(?:eral)?[- _]?abs|summary|recap/.test(name)) st.sheetKinds.set(st.sheet, 'general');
    else if (/abs|abstract|boq|estimate/.test(name)) st.sheetKinds.set(st.sheet, 'abstract');
  }
  return true;
}

/** Signatures, a table header, a structure title (`GENERAL ABSTRACT`, `DETAILS OF MEASUREMENTS`), `SAY Rs…`. */
export function handleStructure(st: ReaderState, ctx: LineContext): boolean {
  const { row, desc, rawLine } = ctx;
  if (SIGNATURE_RE.test(desc) && row.numbers.length === 0) return true;
  const header = headerOf(row, rawLine);
  if (header) {
    // A table header repeated at the top of the next page continues the item above.
    const repeated = st.table !== null && st.table.roles.join() === header.roles.join();
    st.table = header;
    if (repeated) return true;
    if (header.measurement) {
      st.mode = 'measurements';
      if (st.sheet) st.sheetKinds.set(st.sheet, 'measurement');
    } else if (st.sheet && !st.sheetKinds.has(st.sheet)) st.sheetKinds.set(st.sheet, 'abstract');
    st.parent = null;
    return true;
  }
  if (row.numbers.length === 0 && row.errors === 0 && STRUCTURE_RE.test(normalise(desc))) {
    const s = normalise(desc);
    if (/measure/.test(s)) {
      st.mode = 'measurements';
      if (st.sheet) st.sheetKinds.set(st.sheet, 'measurement');
    } else if (/general abstract/.test(s) && st.sheet) st.sheetKinds.set(st.sheet, 'general');
    else if (/abstract|bill of quantities|schedule of/.test(s)) {
      if (st.mode === 'measurements') st.mode = 'items';
      if (st.sheet && !st.sheetKinds.has(st.sheet)) st.sheetKinds.set(st.sheet, 'abstract');
    }
    return true;
  }
  return /^say\b/i.test(desc) || /^(?:lacs?|lakhs?)\.?$/i.test(desc);
}

/** "i.e. on Rs. 1125396   Rs. 78778": the base and amount of the percentage line above. */
export function handleContinuation(st: ReaderState, ctx: LineContext): boolean {
  const { row, desc } = ctx;
  if (st.pendingCharge && CONTINUATION_RE.test(desc)) {
    const nums = row.numbers.filter((n) => !n.percent);
    if (nums.length > 0 && row.errors === 0) st.pendingCharge.amount = nums[nums.length - 1]?.value ?? null;
    st.pendingCharge = null;
    return true;
  }
  st.pendingCharge = null;
  if (st.pendingPercent && CONTINUATION_RE.test(desc)) {
    const nums = row.numbers.filter((n) => !n.percent);
    const p = st.pendingPercent;
    if (nums.length >= 2) {
      p.percentBase = nums[0]?.value ?? null;
      p.amount = nums[nums.length - 1]?.value ?? null;
    } else if (nums.length === 1 && row.errors === 0) {
      p.amount = nums[0]?.value ?? null;
    } else if (row.errors > 0) {
      p.broken = true;
      if (nums.length === 1) p.percentBase = nums[0]?.value ?? null;
    }
    st.pendingPercent = null;
    return true;
  }
  st.pendingPercent = null;
  return false;
}
