/**
 * Tables: a header row's column roles (code, description, quantity, unit, rate, amount), a
 * tab-separated row read by position through them, and a row's numbers assigned to quantity,
 * unit cost and amount by their marks or by finding quantity × rate = amount.
 */
import { normalise } from '../lexicon.js';
import { isErrorValue, parseNumber, parseUnit, type ReadUnit } from '../numbers.js';
import type { Row, RowNumber } from '../rows.js';
import { type ComponentRole, componentRole, type LineFigures, priceOf } from './components.js';

/** `part` / `partRate`: a cost component's amount or unit rate (labour, material…), see components.ts. */
export type NumericRole = 'qty' | 'rate' | 'amount' | ComponentRole;
export type HeaderRole = NumericRole | 'unit' | 'description' | 'code' | 'measure';

export interface Table {
  roles: HeaderRole[];
  numericRoles: NumericRole[];
  measurement: boolean;
  /** For a tab-separated header: the role of each column by position (null: unknown). */
  columns: (HeaderRole | 'section' | null)[] | null;
  /**
   * For a header laid out with runs of spaces (PDF text, plain text): the role of each of its
   * cells, every one known, so a row of exactly as many cells can be read by position.
   */
  spacedColumns?: HeaderRole[] | null;
}

export interface Assigned {
  quantity: number | null;
  unit: ReadUnit | null;
  unitCost: number | null;
  amount: number | null;
  /** Why the line's cost parts and its total disagree, when they do. */
  doubt?: string | null;
}

export const ROLE_PATTERNS: readonly (readonly [HeaderRole, RegExp])[] = [
  [
    'code',
    /^(?:item|items|item ?no\.?|pay ?item(?: ?no\.?)?|item ?#|s\.? ?no\.?|sl\.? ?no\.?|sr\.? ?no\.?|s\.n\.?|no\.?|#|code|cost ?code|bid[_ ]?item|csi|csi code|ref\.?|line|item code|c[oó]digo|c[oó]d\.?|oz|oz ?\/ ?pos\.?-?nr\.?|pos\.?|pos\.?-?nr\.?|position|ordnungszahl)$/,
  ],
  [
    'description',
    /^(?:description|particulars\.?|item description|description of (?:item|work)s?|scope(?: of work)?|work description|details?|work|task|name|item name|item details|resumen|descripci[oó]n|concepto|designaci[oó]n|unidad de obra|kurztext|langtext|bezeichnung|beschreibung|leistungsbeschreibung|leistung)$/,
  ],
  [
    'qty',
    /^(?:qty\.?|quantity|quantities|contract[_ ]?qty|est\.? qty|estimated quantity|qnty|qty\.? ?\(?\w*\)?|cantidad|medici[oó]n|menge|mengen)$/,
  ],
  ['unit', /^(?:unit|units|uom|u\/m|unit of measure|ud\.?|unidad|einheit|einh\.?|me)$/],
  [
    'rate',
    /^(?:rate|rates|unit[_ ]?price|unit[_ ]?cost|price|unit rate|rate per unit|cost\/unit|\$\/unit|rate \(rs\.?\)|rate in rs\.?|rat|precio|precio unitario|p\.? ?unitario|total unit rate|einheitspreis|ep|e\.p\.)$/,
  ],
  [
    'amount',
    /^(?:amount|amt\.?|total|total cost|total price|extended|ext\.? (?:price|cost)|extension|line total|cost|value|amount \(rs\.?\)|amount in rs\.?|amount \(\$\)|total \(\$\)|subtotal|importe|euros|importe \(€\)|total \(€\)|gesamtbetrag|gesamtpreis|gp|g\.p\.|betrag)$/,
  ],
  ['measure', /^(?:length|breadth|width|height|depth|l|b|h|d|nos\.?)$/],
];

/** The role of a header cell: a cost component first (`Labor cost` is no plain `cost`), else its title. */
export function roleOfTitle(cell: string): HeaderRole | null {
  const c = normalise(cell).replace(/[:*]+$/, '');
  return componentRole(c) ?? ROLE_PATTERNS.find(([, re]) => re.test(c))?.[0] ?? null;
}

const NUMERIC_ROLES: readonly HeaderRole[] = ['qty', 'rate', 'amount', 'part', 'partRate'];
const isNumericRole = (r: HeaderRole | 'section' | null): r is NumericRole =>
  r !== null && r !== 'section' && NUMERIC_ROLES.includes(r);

/** The table's figures are prices (a rate, an amount or a cost component column). */
export function pricedTable(table: Table | null): boolean {
  return table?.numericRoles.some((r) => r !== 'qty') ?? false;
}

export function headerOf(row: Row, rawLine: string): Table | null {
  if (row.numbers.length > 0 || row.cells.length < 2) return null;
  const roles: HeaderRole[] = [];
  for (const cell of row.cells) {
    const found = roleOfTitle(cell);
    if (found) roles.push(found);
  }
  const distinct = new Set(roles);
  const measurement = roles.filter((r) => r === 'measure').length >= 2;
  const priced = roles.some((r) => r === 'unit' || isNumericRole(r));
  if (
    !measurement &&
    (distinct.size < 2 || !priced || !(distinct.has('description') || distinct.has('code')))
  )
    return null;
  const columns = rawLine.includes('\t')
    ? rawLine.split('\t').map((cell) => {
        const c = normalise(cell).replace(/[:*]+$/, '');
        if (!c) return null;
        if (SECTION_COLUMN_RE.test(c)) return 'section' as const;
        return roleOfTitle(c);
      })
    : null;
  return {
    roles,
    numericRoles: roles.filter(isNumericRole),
    measurement,
    columns,
    spacedColumns: rawLine.includes('\t') ? null : spacedRoles(rawLine),
  };
}

function spacedRoles(rawLine: string): HeaderRole[] | null {
  const roles = rawLine
    .trim()
    .split(/\s{2,}/)
    .map((cell) => roleOfTitle(cell));
  return roles.length >= 3 && roles.every((r) => r !== null) ? (roles as HeaderRole[]) : null;
}

const SECTION_COLUMN_RE = /^(?:division|csi division|section|phase|category|trade|group|work package)$/;

/** A tab-separated row read through its table's column roles; null when the cells don't fit them. */
export function positionalRow(
  rawLine: string,
  columns: readonly (HeaderRole | 'section' | null)[],
  decimalComma = false,
): { line: string; section: string | null; assigned: Assigned; unitText: string | null } | null {
  const raw = rawLine.split('\t').map((c) => c.replace(/\s+/g, ' ').trim());
  const at = (role: HeaderRole | 'section') => {
    const i = columns.indexOf(role);
    return i >= 0 ? (raw[i] ?? '') : '';
  };
  const numericCell = (cell: string): { value: number | null; ok: boolean; error: boolean } => {
    if (!cell) return { value: null, ok: true, error: false };
    if (isErrorValue(cell)) return { value: null, ok: true, error: true };
    const n = parseNumber(cell, decimalComma);
    return n && !n.percent
      ? { value: n.value, ok: true, error: false }
      : { value: null, ok: false, error: false };
  };
  const numeric = (role: NumericRole) => numericCell(at(role));
  // Every cost component column (labour, material…), in column order.
  const componentCells = (role: 'part' | 'partRate') =>
    columns.flatMap((c, i) => (c === role ? [numericCell(raw[i] ?? '')] : []));
  const q = numeric('qty');
  const r = numeric('rate');
  const a = numeric('amount');
  const parts = componentCells('part');
  const partRates = componentCells('partRate');
  const all = [q, r, a, ...parts, ...partRates];
  if (all.some((f) => !f.ok)) return null;
  const noFigures = all.every((f) => f.value === null && !f.error);
  // A figure outside the known columns means the layout is not this table's; words there
  // (a second description column, a note) belong to the description.
  const extra: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const cell = raw[i];
    if (!cell || (columns[i] ?? null) !== null) continue;
    if (parseNumber(cell, decimalComma) !== null || isErrorValue(cell)) return null;
    if (i < columns.length) extra.push(cell);
  }
  const unitCell = at('unit');
  const unit = unitCell ? parseUnit(unitCell) : null;
  const description = [at('description'), ...extra].filter((c) => c !== '').join(' ');
  const code = at('code');
  // A row of the table with its price columns empty: words only (a code in its column is no amount).
  if (noFigures) {
    if (!description) return null;
    return {
      line: [code, description].filter((c) => c !== '').join('\t'),
      section: at('section') || null,
      assigned: { quantity: null, unit: null, unitCost: null, amount: null },
      unitText: null,
    };
  }
  const values = (list: typeof parts) => list.flatMap((f) => (f.value !== null ? [f.value] : []));
  const price = priceOf({
    qty: q.value,
    rate: r.value,
    amount: a.value,
    parts: values(parts),
    partRates: values(partRates),
  });
  // The line is rewritten with its own figures: the amount its parts make when it has no total.
  const written = a.value ?? (parts.some((f) => f.value !== null) ? price.amount : null);
  const cells = [
    code,
    description,
    q.value !== null ? String(q.value) : '',
    unitCell,
    r.value !== null ? String(r.value) : '',
  ];
  cells.push(a.error ? '#REF!' : written !== null ? String(written) : '');
  return {
    line: cells.filter((c) => c !== '').join('\t'),
    section: at('section') || null,
    assigned: { quantity: q.value, unit, unitCost: price.unitCost, amount: price.amount, doubt: price.doubt },
    unitText: unitCell || null,
  };
}

export function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1, Math.abs(b) * 0.02);
}

/** Assigns a row's numbers to quantity, unit cost and amount. */
export function assign(row: Row, table: Table | null): Assigned {
  const nums = row.numbers.filter((n) => !n.percent);
  const rowUnit = (n: RowNumber | undefined): ReadUnit | null => n?.unit ?? row.units[0] ?? null;
  if (table && table.numericRoles.length === nums.length && nums.length > 1) {
    const by = (role: NumericRole) => nums[table.numericRoles.indexOf(role)];
    const all = (role: NumericRole) =>
      nums.flatMap((n, i) => (table.numericRoles[i] === role ? [n.value] : []));
    const q = by('qty');
    const figures: LineFigures = {
      qty: q?.value ?? null,
      rate: by('rate')?.value ?? null,
      amount: by('amount')?.value ?? null,
      parts: all('part'),
      partRates: all('partRate'),
    };
    const price = priceOf(figures);
    return { quantity: figures.qty, unit: rowUnit(q), ...price };
  }
  if (nums.length >= 3) {
    const last = nums[nums.length - 1] as RowNumber;
    for (let i = 0; i < nums.length - 1; i++) {
      for (let j = i + 1; j < nums.length - 1; j++) {
        const q = nums[i] as RowNumber;
        const r = nums[j] as RowNumber;
        if (near(q.value * r.value, last.value)) {
          return { quantity: q.value, unit: rowUnit(q), unitCost: r.value, amount: last.value };
        }
      }
    }
    const q = nums.find((n) => n.unit) ?? (nums[0] as RowNumber);
    return {
      quantity: q.value,
      unit: rowUnit(q),
      unitCost: null,
      amount: last.value,
    };
  }
  if (nums.length === 2) {
    const [x, y] = nums as [RowNumber, RowNumber];
    const rateSecond =
      y.at ||
      y.perUnit ||
      (table?.numericRoles.length === 2 && table.numericRoles[1] === 'rate') ||
      (x.value > 0 && y.value / x.value < 0.01 && x.currency === null && Math.abs(y.value) < 1000);
    if (rateSecond)
      return { quantity: x.value, unit: rowUnit(x), unitCost: y.value, amount: x.value * y.value };
    if (x.currency !== null && y.currency !== null && x.value !== 0) {
      return {
        quantity: roundQty(y.value / x.value),
        unit: rowUnit(undefined),
        unitCost: x.value,
        amount: y.value,
      };
    }
    return {
      quantity: x.value,
      unit: rowUnit(x),
      unitCost: x.value !== 0 ? y.value / x.value : null,
      amount: y.value,
    };
  }
  if (nums.length === 1) {
    const [x] = nums as [RowNumber];
    const onlyRole = table?.numericRoles.length === 1 ? table.numericRoles[0] : null;
    // A lone rate (`1069  P Cum`) beside a broken amount is a rate, never an amount.
    if (x.perUnit && x.currency === null)
      return { quantity: null, unit: row.units[0] ?? null, unitCost: x.value, amount: null };
    const unitBefore = row.units.length > 0 && (table?.numericRoles.includes('qty') ?? false);
    if (((x.unit || unitBefore) && x.currency === null && onlyRole !== 'amount') || onlyRole === 'qty') {
      return { quantity: x.value, unit: rowUnit(x), unitCost: null, amount: null };
    }
    return { quantity: null, unit: row.units[0] ?? null, unitCost: null, amount: x.value };
  }
  return { quantity: null, unit: row.units[0] ?? null, unitCost: null, amount: null };
}

export function roundQty(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

export function canonicalUnit(unit: ReadUnit | null, row: Row): string | null {
  if (!unit) return null;
  const raw = row.elements.find((e) => e.kind === 'unit' && e.unit === unit);
  return raw?.kind === 'unit' ? raw.raw.replace(/^(?:per\s+|p\.?\s+|\/\s*)/i, '') : unit.unit;
}

/** The result of the reading pass, richer than the document (for plan building). */
