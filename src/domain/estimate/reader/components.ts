/**
 * Cost components: columns that split one line's price into its parts (labour, material,
 * equipment, subcontract; `Mano de obra`, `Materiales`), either as amounts (`Labor`, `Material
 * cost`) or as unit rates (`Labor rate`, `Material unit price`). The parts of one price are
 * added, never read as competing bids; when the line also has its own total, the total is the
 * amount and its parts must add up to it.
 */

/** The words that name a part of one price. The one definition, for tables and bid tabs alike. */
const COMPONENT =
  '(?:labou?r|materials?|equipment|equip\\.?|plant|subcontract(?:or)?s?|supply|install(?:ation)?|mano de obra|materiales|equipos?|maquinaria|subcontratas?)';

/** A title that names a part of one price anywhere in it (bid tabs: such columns are not bidders). */
export const COMPONENT_TITLE_RE = new RegExp(`\\b${COMPONENT}(?![a-z])`, 'i');

const MONEY_TAG = '(?:\\((?:\\$|€|£|₹|rs\\.?|[a-z]{3})\\)|\\$)';
const PART_AMOUNT_RE = new RegExp(
  `^${COMPONENT}(?: ?(?:cost|costs|amount|amt\\.?|total|value|extension|importe))? ?${MONEY_TAG}?$`,
);
const PART_RATE_RE = new RegExp(
  `^(?:${COMPONENT} ?(?:unit rate|unit price|unit cost|rate|u\\.?p\\.?|\\$ ?/ ?unit|/ ?unit|per unit|cost ?/ ?unit|precio(?: unitario)?|p\\.? ?u\\.?|unitario) ?${MONEY_TAG}?|(?:unit|precio) ${COMPONENT})$`,
);

export type ComponentRole = 'part' | 'partRate';

/** The role of a normalised header cell that names a cost component, else null. */
export function componentRole(cell: string): ComponentRole | null {
  if (PART_RATE_RE.test(cell)) return 'partRate';
  if (PART_AMOUNT_RE.test(cell)) return 'part';
  return null;
}

/** One line's figures by column role; parts and part rates in column order. */
export interface LineFigures {
  qty: number | null;
  rate: number | null;
  amount: number | null;
  parts: readonly number[];
  partRates: readonly number[];
}

export interface LinePrice {
  unitCost: number | null;
  amount: number | null;
  /** Why the line's parts and its total disagree (flagged like the other arithmetic checks). */
  doubt: string | null;
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** Two money figures equal to their rounding (a cent per part, or a thousandth of the total). */
export function sameMoney(a: number, b: number, parts = 1): boolean {
  return Math.abs(a - b) <= Math.max(0.011 * parts, Math.abs(b) * 0.001);
}

/**
 * A line's unit cost and amount from its figures. A line total, when written, is the amount; its
 * parts must add up to it (or, times the quantity, equal it: the parts were unit rates). With no
 * line total the amount is the sum of the parts, or the quantity times the sum of the part rates.
 */
export function priceOf(f: LineFigures): LinePrice {
  const partSum = f.parts.length > 0 ? sum(f.parts) : null;
  const rateSum = f.partRates.length > 0 ? sum(f.partRates) : null;
  let unitCost = f.rate ?? rateSum;
  if (f.amount !== null) {
    let doubt: string | null = null;
    if (partSum !== null && !sameMoney(partSum, f.amount, f.parts.length)) {
      if (unitCost === null && f.qty !== null && sameMoney(f.qty * partSum, f.amount, f.parts.length))
        unitCost = partSum;
      else doubt = `its cost parts add up to ${round(partSum)}, not its total ${f.amount}`;
    }
    if (unitCost === null && f.qty !== null && f.qty !== 0) unitCost = f.amount / f.qty;
    return { unitCost, amount: f.amount, doubt };
  }
  const amount = partSum ?? (f.qty !== null && unitCost !== null ? f.qty * unitCost : null);
  if (unitCost === null && amount !== null && f.qty !== null && f.qty !== 0) unitCost = amount / f.qty;
  return { unitCost, amount, doubt: null };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * A total row of a table whose lines are priced by their parts (no line-total column): the
 * figures under the part columns add up (`Total  2,500.00  1,500.00` is 4,000). Null when the
 * row is not written that way.
 */
export function partsTotal(numericRoles: readonly string[], values: readonly number[]): number | null {
  const partColumns = numericRoles.filter((r) => r === 'part').length;
  if (partColumns < 2 || numericRoles.includes('amount')) return null;
  if (values.length < 2 || values.length > partColumns) return null;
  return sum(values);
}
