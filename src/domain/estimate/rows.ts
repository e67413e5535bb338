/**
 * One line of estimate text split into typed cells: text, numbers (with their currency, unit,
 * `@` or per-unit marks), units, measurement operators (`x`, `=`), spreadsheet errors.
 *
 * Columns are tab-separated (spreadsheets, csv, docx tables) or runs of two or more spaces (PDF
 * and OCR). A line with neither (plain text, a docx paragraph) has its trailing amounts peeled off
 * word by word.
 */
import {
  type CurrencyCode,
  currencyOfMark,
  isCurrencyMark,
  isErrorValue,
  parseNumber,
  parseUnit,
  type ReadUnit,
} from './numbers.js';

export type Element =
  | { kind: 'text'; text: string }
  | { kind: 'num'; value: number; currency: CurrencyCode | null; percent: boolean }
  | { kind: 'unit'; unit: ReadUnit; raw: string; per: boolean }
  | { kind: 'cur'; currency: CurrencyCode }
  | { kind: 'at' }
  | { kind: 'op'; op: 'x' | '=' | '+' | '-' }
  | { kind: 'error'; raw: string };

/** A number of the row with what surrounds it. */
export interface RowNumber {
  value: number;
  currency: CurrencyCode | null;
  percent: boolean;
  /** The quantity unit written right after it (`120 CY`). */
  unit: ReadUnit | null;
  /** A per-unit mark right after it (`178 P Cum`, `$4.50/sf`, `890 Each` after a quantity). */
  perUnit: boolean;
  /** `@` right before it. */
  at: boolean;
  /** Index of the element. */
  index: number;
}

export interface Row {
  elements: Element[];
  /** Non-empty cells as written (merged-cell repeats collapsed). */
  cells: string[];
  code: string | null;
  /** The text cells joined. */
  description: string;
  numbers: RowNumber[];
  /** Standalone quantity units of the row, in order. */
  units: ReadUnit[];
  errors: number;
  /** Measurement operators present (`x`, `=`): a measurement-sheet row. */
  hasOperators: boolean;
  /** Cells beyond the first (the row had columns). */
  columnar: boolean;
}

const CODE_RE =
  /^(?:\d{1,3}(?:\.\d{1,3}){0,3}\.?|\(?[a-z]{1,2}\)|\(?[ivx]{1,5}\)|[a-z]\.|[a-z]{1,3}-\d{1,3}(?:\.\d+)?|\d{2}\s\d{2}\s\d{2}(?:\.\d{2})?|\d{5,6}|\d{1,3}[a-z]|[a-z]{1,2}\d{1,3}(?:\.\d+)?)$/i;

const NOISE_CELL = /^\[object object\]$/i;

/** Splits a line into cells: tabs, else runs of 2+ spaces, else the whole line. */
export function splitCells(line: string): string[] {
  const parts = line.includes('\t') ? line.split('\t') : line.trim().split(/\s{2,}/);
  const cells: string[] = [];
  for (const part of parts) {
    const cell = part.replace(/\s+/g, ' ').trim();
    if (!cell || NOISE_CELL.test(cell)) continue;
    // A merged spreadsheet cell repeats its text across the columns it spans.
    if (cells.length > 0 && cells[cells.length - 1] === cell && !/^[\d.,\s$₹%-]+$/.test(cell)) continue;
    cells.push(cell);
  }
  return cells;
}

/** Splits a glued value like `$4.50/sf` or `120CY` into words. */
function words(cell: string): string[] {
  return cell
    .replace(/(\d)\s*\/\s*([a-z])/gi, '$1 /$2')
    .replace(/^(\d[\d,.]*)([a-z]{1,4}\.?)$/i, '$1 $2')
    .replace(/\s*@\s*/g, ' @ ')
    .replace(/([×])/g, ' $1 ')
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/** Reads a cell as numeric elements, or null when it has words that are not numbers/units/marks. */
function numericElements(cell: string, decimalComma = false): Element[] | null {
  if (isErrorValue(cell)) return [{ kind: 'error', raw: cell }];
  const ws = words(cell);
  const out: Element[] = [];
  let i = 0;
  while (i < ws.length) {
    const w = ws[i] ?? '';
    if (w === '@') {
      out.push({ kind: 'at' });
      i += 1;
      continue;
    }
    if (w === 'x' || w === 'X' || w === '×' || w === '*') {
      out.push({ kind: 'op', op: 'x' });
      i += 1;
      continue;
    }
    if (w === '=' || w === '+' || w === '-') {
      out.push({ kind: 'op', op: w });
      i += 1;
      continue;
    }
    if (isErrorValue(w)) {
      out.push({ kind: 'error', raw: w });
      i += 1;
      continue;
    }
    if (isCurrencyMark(w)) {
      const currency = currencyOfMark(w);
      if (currency) out.push({ kind: 'cur', currency });
      i += 1;
      continue;
    }
    const n = parseNumber(w, decimalComma);
    if (n) {
      out.push({ kind: 'num', value: n.value, currency: n.currency, percent: n.percent });
      i += 1;
      continue;
    }
    // Units of up to three words (`US SHORT TON`, `P Cum`, `per sq ft`, `lump sum`).
    let matched = false;
    for (let len = Math.min(3, ws.length - i); len >= 1; len--) {
      const raw = ws.slice(i, i + len).join(' ');
      const per = /^(?:per\s|p\.?\s|\/)/i.test(raw);
      const unit = parseUnit(raw);
      if (unit) {
        out.push({ kind: 'unit', unit, raw, per });
        i += len;
        matched = true;
        break;
      }
    }
    if (!matched) return null;
  }
  return out;
}

/**
 * Peels amounts and quantities off the end of a single-cell line (`Framing labor 1,800 sf @ $4.50
 * $8,100.00`). Returns null unless what is peeled looks like an estimate figure (a currency, a
 * decimal or grouped number, two numbers, or a number with a unit) — `Phase 2` stays text.
 */
function peelTrailing(text: string, decimalComma: boolean): { text: string; elements: Element[] } | null {
  const ws = text.split(/\s+/);
  let cut = ws.length;
  for (let k = ws.length - 1; k >= 1; k--) {
    const tail = numericElements(ws.slice(k).join(' '), decimalComma);
    if (tail === null) break;
    cut = k;
  }
  if (cut >= ws.length) return null;
  const elements = numericElements(ws.slice(cut).join(' '), decimalComma);
  if (!elements) return null;
  const nums = elements.filter((e) => e.kind === 'num');
  if (nums.length === 0) return null;
  const rest = ws.slice(0, cut).join(' ');
  if (!/[a-z]{2}/i.test(rest)) return null;
  // "DIVISION 08 - OPENINGS", "Phase 2", "Lot 14": a heading's number, not a figure.
  if (/\b(?:division|div|section|phase|part|level|floor|lot|no|item|page|sheet|unit|suite|#)\.?$/i.test(rest))
    return null;
  if (elements.some((e) => e.kind === 'op')) return null;
  const raw = ws.slice(cut).join(' ');
  const looksLikeFigure =
    elements.some((e) => e.kind === 'cur' || (e.kind === 'num' && (e.currency !== null || e.percent))) ||
    /\d,\d{2,3}\b|\.\d{2}\b/.test(raw) ||
    nums.length >= 2 ||
    elements.some((e) => e.kind === 'unit');
  if (!looksLikeFigure) return null;
  return { text: rest, elements };
}

/** A quantity written at the end of a description cell: `Drywall hang and finish 4,200 sf`. */
function peelQuantity(text: string, decimalComma: boolean): { text: string; elements: Element[] } | null {
  const m = /^(.*[a-z].*?)\s+(\d[\d,]*(?:\.\d+)?)\s*([a-z][a-z. ]{0,12})$/i.exec(text);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  const unit = parseUnit(m[3]);
  const n = parseNumber(m[2], decimalComma);
  if (!unit || !n || unit.family === 'time') return null;
  if (unit.family === 'length' && unit.unit !== 'lf') return null;
  if (unit.family === 'mass' && unit.unit === 't') return null;
  return {
    text: m[1],
    elements: [
      { kind: 'num', value: n.value, currency: null, percent: false },
      { kind: 'unit', unit, raw: m[3], per: false },
    ],
  };
}

/** Reads one line; `decimalComma` when the document writes `1.234,56`. */
export function parseRow(line: string, decimalComma = false): Row {
  // `1 234,56`: where the decimal is a comma, a single space may group thousands.
  const cells = splitCells(decimalComma ? line.replace(/(?<=\d) (?=\d{3}(?![\d.]))/g, '') : line);
  let elements: Element[] = [];
  let code: string | null = null;
  cells.forEach((cell, i) => {
    if (i === 0 && cells.length > 1 && CODE_RE.test(cell)) {
      code = cell.replace(/\.$/, '');
      return;
    }
    const numeric = numericElements(cell, decimalComma);
    if (numeric) elements.push(...numeric);
    else elements.push({ kind: 'text', text: cell });
  });
  if (cells.length === 1 && elements.length === 1 && elements[0]?.kind === 'text') {
    let text = elements[0].text;
    const lead =
      /^((?:\d{1,3}(?:\.\d{1,3}){0,3}\.?|[a-z]{1,3}-\d{1,3}|\d{2} \d{2} \d{2}|\(?[a-z]\)))\s+(?=[a-z(])/i.exec(
        text,
      );
    const peeled = peelTrailing(text, decimalComma);
    if (peeled) {
      text = peeled.text;
      if (lead?.[1]) {
        code = lead[1].replace(/\.$/, '');
        text = text.slice(lead[0].length);
      }
      elements = [{ kind: 'text', text }, ...peeled.elements];
    }
  }
  // A quantity glued to the description when the other figures are in their own columns.
  const hasNumbers = elements.some((e) => e.kind === 'num');
  const hasUnit = elements.some((e) => e.kind === 'unit' && !e.per);
  if (hasNumbers && !hasUnit) {
    const firstNum = elements.findIndex((e) => e.kind === 'num');
    const lastTextBefore = elements.slice(0, firstNum).findLastIndex((e) => e.kind === 'text');
    const t = lastTextBefore >= 0 ? elements[lastTextBefore] : undefined;
    if (t?.kind === 'text') {
      const peeled = peelQuantity(t.text, decimalComma);
      if (peeled) elements.splice(lastTextBefore, 1, { kind: 'text', text: peeled.text }, ...peeled.elements);
    }
  }
  return summarise(cells, elements, code);
}

function summarise(cells: string[], elements: Element[], code: string | null): Row {
  const numbers: RowNumber[] = [];
  const units: ReadUnit[] = [];
  let pendingCurrency: CurrencyCode | null = null;
  let pendingAt = false;
  let errors = 0;
  let hasOperators = false;
  let sawQuantityUnit = false;
  const text: string[] = [];
  elements.forEach((e, index) => {
    switch (e.kind) {
      case 'text':
        text.push(e.text);
        break;
      case 'cur':
        pendingCurrency = e.currency;
        break;
      case 'at':
        pendingAt = true;
        break;
      case 'op':
        if (e.op === 'x' || e.op === '=') hasOperators = true;
        break;
      case 'error':
        errors += 1;
        pendingCurrency = null;
        break;
      case 'num':
        numbers.push({
          value: e.value,
          currency: e.currency ?? pendingCurrency,
          percent: e.percent,
          unit: null,
          perUnit: false,
          at: pendingAt,
          index,
        });
        pendingCurrency = null;
        pendingAt = false;
        break;
      case 'unit': {
        const last = numbers[numbers.length - 1];
        const adjacent = last && last.index === index - 1;
        if (adjacent && !last.percent) {
          if (e.per || (sawQuantityUnit && e.unit.family !== 'lump')) last.perUnit = true;
          else if (last.unit === null) {
            last.unit = e.unit;
            sawQuantityUnit = true;
          }
        } else if (!e.per) {
          units.push(e.unit);
          sawQuantityUnit = true;
        }
        break;
      }
    }
  });
  return {
    elements,
    cells,
    code,
    description: text.join(' ').replace(/\s+/g, ' ').trim(),
    numbers,
    units,
    errors,
    hasOperators,
    columnar: cells.length > 1,
  };
}
