/**
 * Quantity × unit price = amount, checked on every line that gives all three. When one field is
 * off by a typical misread (a dropped, extra or changed digit — `5`/`S`, `0`/`O`, `1`/`l`, `8`/`B`
 * read as another digit — or a lost decimal point), the field that makes the product hold is
 * repaired and the repair noted; a line no single repair explains is flagged.
 */
import { roundMoney } from '../numbers.js';
import type { Draft } from './state.js';

/** Rounding a price to the cent, or a quantity to its decimals, moves the product this little. */
export function holds(q: number, r: number, a: number): boolean {
  // An amount written in whole units may be rounded (even up) to the unit; a rate to the cent.
  const step = Number.isInteger(a) ? 1 : 0.011;
  return Math.abs(q * r - a) <= Math.max(step, Math.abs(q) * 0.005 + step, Math.abs(a) * 0.0005);
}

/** The figure as written to two decimals, point included (`1234.5` → `1234.50`). */
function digits(v: number): string {
  return Math.abs(v).toFixed(2);
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (b.length > a.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** A lost (or extra) decimal point: the figure is the expected one times a power of ten. */
function shifted(read: number, expected: number): boolean {
  return [10, 100, 1000].some(
    (k) =>
      Math.abs(read * k - expected) <= expected * 0.0005 ||
      Math.abs(read / k - expected) <= expected * 0.0005,
  );
}

/** The read figure could be a misread of the expected one: one digit off, or a lost decimal point. */
function misread(read: number, expected: number): boolean {
  if (!(expected > 0) || !(read > 0)) return false;
  return shifted(read, expected) || editDistanceAtMostOne(digits(read), digits(expected));
}

/**
 * Checks a priced line; repairs one field when a misread explains the mismatch. Returns false when
 * the line gives all three figures and they do not agree even after a repair.
 */
export function checkProduct(d: Draft): boolean {
  const { quantity: q, unitCost: r, amount: a } = d;
  if (q === null || r === null || a === null || q <= 0 || r <= 0 || a <= 0) return true;
  if (holds(q, r, a)) return true;
  const fixes: { field: 'quantity' | 'unitCost' | 'amount'; from: number; to: number }[] = [];
  const expectedA = roundMoney(q * r);
  if (misread(a, expectedA)) fixes.push({ field: 'amount', from: a, to: expectedA });
  const expectedR = roundMoney(a / q);
  if (misread(r, expectedR) && holds(q, expectedR, a))
    fixes.push({ field: 'unitCost', from: r, to: expectedR });
  const expectedQ = Math.round((a / r) * 1000) / 1000;
  if (misread(q, expectedQ) && holds(expectedQ, r, a))
    fixes.push({ field: 'quantity', from: q, to: expectedQ });
  // Repair only when one field's misread explains the mismatch. A lost decimal point fits two
  // fields alike (3250 for 32.50 makes the amount look 100× off too): a price loses its point
  // more often than a quantity, an amount (the figure totals are checked against) least.
  const digitFixes = fixes.filter((f) => !shifted(f.from, f.to));
  const fix =
    fixes.length === 1
      ? fixes[0]
      : digitFixes.length === 1
        ? digitFixes[0]
        : digitFixes.length === 0
          ? (['unitCost', 'quantity', 'amount'] as const)
              .map((f) => fixes.find((x) => x.field === f))
              .find(Boolean)
          : undefined;
  if (!fix) return false;
  d[fix.field] = fix.to;
  const names = { quantity: 'quantity', unitCost: 'unit price', amount: 'amount' } as const;
  d.repaired = `${names[fix.field]} read as ${fix.from} repaired to ${fix.to} so that quantity × price = amount`;
  return true;
}
