/**
 * Letters read for digits: a scan's `O` for `0`, `l`/`I`/`|` for `1`, `S` for `5`, `B` for `8`,
 * `Z` for `2` inside a figure (`1,2O0.00`, `l5`, `S,000`, `7.5O`, `B00`). A figure cell of the
 * line's trailing columns that is all digits, separators and such letters is read with the digits
 * they stand for, and remembered: the second pass confirms it (quantity × price = amount), repairs
 * it from the other two figures, or flags the line as unclear. Never dropped, never trusted blindly.
 */
import { parseNumber, parseUnit } from '../numbers.js';
import { holds } from './ocr-check.js';
import type { Draft, LookalikeCell } from './state.js';

const LOOKALIKE: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  l: '1',
  I: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};
const LETTERS = Object.keys(LOOKALIKE).join('').replace('|', '\\|');
const CANDIDATE = new RegExp(`^([$€£₹]?)([\\d.,${LETTERS}]+)$`);
const LETTER = new RegExp(`[${LETTERS}]`, 'g');

/** The cell read with digits for its look-alike letters, or null when it is not such a figure. */
function asFigure(cell: string, decimalComma: boolean): LookalikeCell | null {
  const m = CANDIDATE.exec(cell);
  const body = m?.[2];
  if (!body) return null;
  const letters = body.match(LETTER)?.length ?? 0;
  const digits = body.match(/\d/g)?.length ?? 0;
  if (letters === 0 || digits === 0 || letters > digits) return null;
  const fixed = `${m?.[1] ?? ''}${body.replace(LETTER, (c) => LOOKALIKE[c] ?? c)}`;
  const n = parseNumber(fixed, decimalComma);
  return n && n.value > 0 ? { raw: cell, value: n.value } : null;
}

const isNumber = (cell: string, decimalComma: boolean) => parseNumber(cell, decimalComma) !== null;

/** Two of the last three plain figures multiply to the third: the line's figures already agree. */
function productHolds(nums: readonly number[]): boolean {
  const [q, r, a] = nums.slice(-3);
  return q !== undefined && r !== undefined && a !== undefined && holds(q, r, a);
}

/**
 * The line with its look-alike figures read as digits, or null when it has none. Only cells after
 * the description, among figures and units to the end of the line, are read (a grade `B30` or a
 * code before the description stays text), and never on a line whose plain figures already agree.
 */
export function readLookalikes(
  line: string,
  decimalComma: boolean,
): { line: string; cells: LookalikeCell[] } | null {
  const tabbed = line.includes('\t');
  const parts = tabbed ? line.split('\t') : line.split(/(\s{2,})/);
  const cellIndexes = parts
    .map((p, i) => ({ p: p.trim(), i }))
    .filter(({ p }, k) => p !== '' && (tabbed || k % 2 === 0));
  const described = cellIndexes.findIndex(({ p }) => /[a-z]{3}/i.test(p) && !asFigure(p, decimalComma));
  if (described < 0) return null;
  const tail = cellIndexes.slice(described + 1);
  const found: { i: number; cell: LookalikeCell }[] = [];
  for (const { p, i } of tail) {
    if (isNumber(p, decimalComma)) continue;
    const cell = asFigure(p, decimalComma);
    if (cell) found.push({ i, cell });
    else if (!parseUnit(p)) return null;
  }
  if (found.length === 0) return null;
  const plain = tail.map(({ p }) => parseNumber(p, decimalComma)?.value).filter((v) => v !== undefined);
  if (productHolds(plain)) return null;
  const out = [...parts];
  for (const { i, cell } of found) out[i] = String(cell.value);
  return { line: out.join(tabbed ? '\t' : ''), cells: found.map((f) => f.cell) };
}

/** The digits a figure shows, a look-alike letter standing for any digit (`1,2O0.00` → `12?000`). */
function pattern(raw: string, decimals: number): RegExp {
  const body = raw.replace(/^[$€£₹]/, '');
  const sep = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  const whole = decimals > 0 ? body.slice(0, sep) : body;
  const frac = decimals > 0 ? body.slice(sep + 1) : '';
  const digits = `${whole.replace(/[.,]/g, '')}${frac}`.replace(LETTER, '?');
  return new RegExp(`^${digits.replace(/\?/g, '\\d')}$`);
}

/** Decimals the figure is written with (a separator followed by 1–2 characters is a decimal point). */
function decimalsOf(raw: string): number {
  const body = raw.replace(/^[$€£₹]/, '');
  const sep = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  const after = sep >= 0 ? body.length - sep - 1 : 0;
  return sep >= 0 && after <= 2 ? after : 0;
}

/** The expected figure, written as the cell writes it, shows the cell's digits where it has digits. */
function fits(raw: string, expected: number): boolean {
  const decimals = decimalsOf(raw);
  return pattern(raw, decimals).test(expected.toFixed(decimals).replace('.', ''));
}

type Field = 'quantity' | 'unitCost' | 'amount';
const NAMES: Record<Field, string> = { quantity: 'quantity', unitCost: 'unit price', amount: 'amount' };

/**
 * Confirms, repairs or flags a draft read with look-alike letters. Returns true when it settled
 * the line (confirmed or repaired), false when the ordinary check should still run.
 */
export function settleLookalikes(d: Draft, cells: readonly LookalikeCell[]): boolean {
  const fields: Field[] = ['quantity', 'unitCost', 'amount'];
  for (const cell of cells) {
    const field = fields.find((f) => d[f] === cell.value);
    if (!field) continue;
    const { quantity: q, unitCost: r, amount: a } = d;
    if (q === null || r === null || a === null || q <= 0 || r <= 0 || a <= 0) {
      d.suspect = `"${cell.raw}" has letters among its digits, read as ${cell.value}; nothing on the line confirms it`;
      return true;
    }
    if (holds(q, r, a)) {
      d.repaired = `${NAMES[field]} "${cell.raw}" read as ${cell.value}, confirmed by quantity × price = amount`;
      continue;
    }
    const expected =
      field === 'amount'
        ? Math.round(q * r * 100) / 100
        : field === 'unitCost'
          ? Math.round((a / q) * 100) / 100
          : Math.round((a / r) * 1000) / 1000;
    if (fits(cell.raw, expected)) {
      d[field] = expected;
      d.repaired = `${NAMES[field]} "${cell.raw}" repaired to ${expected} so that quantity × price = amount`;
      continue;
    }
    d.suspect = `"${cell.raw}" has letters among its digits, read as ${cell.value}, and quantity × price ≠ amount`;
    return true;
  }
  return d.repaired !== undefined;
}
