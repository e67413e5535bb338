/**
 * `readEstimate`: estimate text (the layout of `POST /api/parse-pdf`) → line items, sections,
 * totals, charges, allowances, facts and problems. See README.md for what the totals mean.
 */
import {
  CHARGE_RE,
  classifyLine,
  isAllowance,
  normalise,
  sectionHint,
  type TotalKind,
  totalKind,
} from './lexicon.js';
import {
  type CurrencyCode,
  findDate,
  formatMoney,
  isErrorValue,
  parseNumber,
  parseUnit,
  type ReadUnit,
  roundMoney,
} from './numbers.js';
import { TOTAL_MISMATCH_TOLERANCE } from './rates.js';
import { parseRow, type Row, type RowNumber } from './rows.js';
import type { EstimateDocument, EstimateLineItem, EstimateProblem, EstimateToPlanOptions } from './types.js';

type NumericRole = 'qty' | 'rate' | 'amount';
type HeaderRole = NumericRole | 'unit' | 'description' | 'code' | 'measure';

interface Table {
  roles: HeaderRole[];
  numericRoles: NumericRole[];
  measurement: boolean;
  /** For a tab-separated header: the role of each column by position (null: unknown). */
  columns: (HeaderRole | 'section' | null)[] | null;
}

/** An item while reading, with what the second pass needs. */
interface Draft {
  line: number;
  code: string | null;
  description: string;
  /** Text used for the trade: the parent item's words and the line's own. */
  tradeText: string;
  quantity: number | null;
  unit: string | null;
  unitCost: number | null;
  amount: number | null;
  section: string | null;
  sheet: string | null;
  kind: 'work' | 'allowance';
  /** The amount cell was a spreadsheet error. */
  broken: boolean;
  /** `@ 7 %`-style addition priced as a share of other work. */
  percent: number | null;
  /** The base the document states for the percentage (`i.e. on Rs. 1125396`). */
  percentBase: number | null;
  /** Only an amount: a lump sum, or a summary line rolling up a section. */
  amountOnly: boolean;
  /** From a measurement sheet (quantity, no price). */
  measured: boolean;
  rollup: boolean;
  computed: boolean;
  /** The figures are surely prices: a priced table header, a currency mark, or quantity × rate = amount. */
  confident: boolean;
}

interface TotalLine {
  line: number;
  kind: TotalKind;
  description: string;
  value: number | null;
  sheet: string | null;
  section: string | null;
}

export interface ChargeLine {
  line: number;
  description: string;
  amount: number | null;
  percent: number | null;
  sheet: string | null;
}

const ROLE_PATTERNS: readonly (readonly [HeaderRole, RegExp])[] = [
  [
    'code',
    /^(?:item|items|item ?no\.?|item ?#|s\.? ?no\.?|sl\.? ?no\.?|sr\.? ?no\.?|s\.n\.?|no\.?|#|code|cost ?code|bid[_ ]?item|csi|csi code|ref\.?|line)$/,
  ],
  [
    'description',
    /^(?:description|particulars\.?|item description|description of (?:item|work)s?|scope(?: of work)?|work description|details?|work|task|name)$/,
  ],
  [
    'qty',
    /^(?:qty\.?|quantity|quantities|contract[_ ]?qty|est\.? qty|estimated quantity|qnty|qty\.? ?\(?\w*\)?)$/,
  ],
  ['unit', /^(?:unit|units|uom|u\/m|unit of measure)$/],
  [
    'rate',
    /^(?:rate|rates|unit[_ ]?price|unit[_ ]?cost|price|unit rate|rate per unit|cost\/unit|\$\/unit|rate \(rs\.?\)|rate in rs\.?|material|labou?r)$/,
  ],
  [
    'amount',
    /^(?:amount|amt\.?|total|total cost|total price|extended|ext\.? (?:price|cost)|extension|line total|cost|value|amount \(rs\.?\)|amount in rs\.?|amount \(\$\)|total \(\$\)|subtotal)$/,
  ],
  ['measure', /^(?:length|breadth|width|height|depth|l|b|h|d|nos\.?)$/],
];

function headerOf(row: Row, rawLine: string): Table | null {
  if (row.numbers.length > 0 || row.cells.length < 2) return null;
  const roles: HeaderRole[] = [];
  for (const cell of row.cells) {
    const c = normalise(cell).replace(/[:*]+$/, '');
    const found = ROLE_PATTERNS.find(([, re]) => re.test(c));
    if (found) roles.push(found[0]);
  }
  const distinct = new Set(roles);
  const measurement = roles.filter((r) => r === 'measure').length >= 2;
  const priced =
    distinct.has('qty') || distinct.has('rate') || distinct.has('amount') || distinct.has('unit');
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
        return ROLE_PATTERNS.find(([, re]) => re.test(c))?.[0] ?? null;
      })
    : null;
  return {
    roles,
    numericRoles: roles.filter((r): r is NumericRole => r === 'qty' || r === 'rate' || r === 'amount'),
    measurement,
    columns,
  };
}

const SECTION_COLUMN_RE = /^(?:division|csi division|section|phase|category|trade|group|work package)$/;

/** A tab-separated row read through its table's column roles; null when the cells don't fit them. */
function positionalRow(
  rawLine: string,
  columns: readonly (HeaderRole | 'section' | null)[],
): { line: string; section: string | null; assigned: Assigned; unitText: string | null } | null {
  const raw = rawLine.split('\t').map((c) => c.replace(/\s+/g, ' ').trim());
  const at = (role: HeaderRole | 'section') => {
    const i = columns.indexOf(role);
    return i >= 0 ? (raw[i] ?? '') : '';
  };
  const numeric = (role: NumericRole): { value: number | null; ok: boolean; error: boolean } => {
    const cell = at(role);
    if (!cell) return { value: null, ok: true, error: false };
    if (isErrorValue(cell)) return { value: null, ok: true, error: true };
    const n = parseNumber(cell);
    return n && !n.percent
      ? { value: n.value, ok: true, error: false }
      : { value: null, ok: false, error: false };
  };
  const q = numeric('qty');
  const r = numeric('rate');
  const a = numeric('amount');
  if (!q.ok || !r.ok || !a.ok) return null;
  if (q.value === null && r.value === null && a.value === null && !q.error && !r.error && !a.error)
    return null;
  // Every non-empty cell must sit in a known column, or the layout is not this table's.
  for (let i = 0; i < raw.length; i++) if (raw[i] && (columns[i] ?? null) === null) return null;
  const unitCell = at('unit');
  const unit = unitCell ? parseUnit(unitCell) : null;
  const description = at('description');
  const code = at('code');
  const cells = [
    code,
    description,
    q.value !== null ? String(q.value) : '',
    unitCell,
    r.value !== null ? String(r.value) : '',
  ];
  cells.push(a.error ? '#REF!' : a.value !== null ? String(a.value) : '');
  const amount = a.value ?? (q.value !== null && r.value !== null ? q.value * r.value : null);
  const unitCost =
    r.value ?? (q.value !== null && q.value !== 0 && a.value !== null ? a.value / q.value : null);
  return {
    line: cells.filter((c) => c !== '').join('\t'),
    section: at('section') || null,
    assigned: { quantity: q.value, unit, unitCost, amount },
    unitText: unitCell || null,
  };
}

const FACT_LABELS: readonly (readonly ['projectName' | 'client' | 'address' | 'date', RegExp])[] = [
  [
    'projectName',
    /^(?:\d+\.\s*)?(?:project(?: name| title)?|job(?: name)?|name of (?:the )?work|name of project|work|re|subject|proposal for|estimate for)\s*[:\-–]+\s*(.{3,})$/i,
  ],
  [
    'client',
    /^(?:\d+\.\s*)?(?:client|owner|customer|prepared for|bill to|homeowner|employer|to)\s*[:\-–]+\s*(.{2,})$/i,
  ],
  [
    'address',
    /^(?:\d+\.\s*)?(?:address|job address|site address|project address|property(?: address)?|location|job site|site)\s*[:\-–]+\s*(.{3,})$/i,
  ],
  [
    'date',
    /^(?:\d+\.\s*)?(?:date|bid date|estimate date|proposal date|quote date|start(?: date)?|start of work|commencement|completion(?: date)?|valid until|dated|prepared on)\s*[:\-–]+\s*(.{4,})$/i,
  ],
];

type FactField = 'projectName' | 'client' | 'address' | 'date';

function readFact(text: string): { field: FactField; value: string } | null {
  const t = text.replace(/\s*:\s*-?\s*/, ': ').trim();
  for (const [field, re] of FACT_LABELS) {
    const m = re.exec(t);
    if (m?.[1]) return { field, value: m[1].trim() };
  }
  return null;
}

function factField(label: string): FactField | null {
  return readFact(`${label.replace(/:\s*$/, '')}: value`)?.field ?? null;
}

const LABEL_ONLY_RE = /^[a-z][a-z #.'’/&-]{1,30}:\s*$/i;
const DATE_LIKE_RE = /\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|[a-z]{3,9}\.? \d{1,2},? \d{4}/i;
const DOCUMENT_NUMBER_RE =
  /^(?:estimate|quote|quotation|proposal|invoice|bid|job|project)\s*(?:#|no\.?|number)\s*:/i;
const ADDRESS_RE =
  /^(?:\d+[a-z]?\s+\S.*\b(?:st|street|ave|avenue|rd|road|dr|drive|blvd|ln|lane|ct|court|way|pkwy|parkway|hwy|highway|pl|place|cir|circle|ter|terrace|trl)\b\.?|lot\s+\d+\b.*)(?:,.*)?$/i;

const SIGNATURE_RE =
  /^(?:chartered\s+engineer|assistant\s+engineer|executive\s+engineer|junior\s+engineer|superintending\s+engineer|prepared by|checked by|approved by|signature|authori[sz]ed signatory|p\.?w\.?d\.? (?:sub )?div)/i;
const STRUCTURE_RE =
  /^(?:general abstract(?: of cost)?|abstract of cost|abstract|details? of measurements?|measurement sheet|measurements?|bill of quantities|schedule of (?:quantities|rates|values)|technical report|cost estimate|estimate|detailed estimate|bid schedule|bid form|proposal|quotation|quote)\.?$/i;
const PAGE_FURNITURE_RE = /\bpage[\s-]*\d+(?:\s*of\s*\d+)?\b|^\s*-\s*\d+\s*-\s*$/i;
const PERCENT_TEXT_RE =
  /@\s*([\d.]+)\s*%|\b([\d.]+)\s*%\s*(?:of|on|for|over)\b|^add\s+(?:@\s*)?([\d.]+)\s*%/i;
const SUB_CODE_RE = /^(?:[a-z]\.?|\(?[a-z]{1,2}\)|\(?[ivx]{1,5}\)|\d{1,3}\.\d{1,3}(?:\.\d{1,3})*)$/i;
const SUB_LABEL_RE = /^(?:\(?[a-z]{1,2}\)|\(?[ivx]{1,5}\)|[a-z]\.)\s/i;
const CONTINUATION_RE = /^(?:i\.?\s?e\.?|on\s+(?:rs|\$|₹|inr)|on amount|on the amount)/i;

function percentOf(text: string, row: Row): number | null {
  const cellPercent = row.numbers.find((n) => n.percent);
  if (cellPercent) return cellPercent.value;
  const m = PERCENT_TEXT_RE.exec(text);
  const v = m ? Number(m[1] ?? m[2] ?? m[3]) : Number.NaN;
  return Number.isFinite(v) && v > 0 && v <= 100 ? v : null;
}

interface Assigned {
  quantity: number | null;
  unit: ReadUnit | null;
  unitCost: number | null;
  amount: number | null;
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1, Math.abs(b) * 0.02);
}

/** Assigns a row's numbers to quantity, unit cost and amount. */
function assign(row: Row, table: Table | null): Assigned {
  const nums = row.numbers.filter((n) => !n.percent);
  const rowUnit = (n: RowNumber | undefined): ReadUnit | null => n?.unit ?? row.units[0] ?? null;
  if (table && table.numericRoles.length === nums.length && nums.length > 1) {
    const by = (role: NumericRole) => nums[table.numericRoles.indexOf(role)];
    const q = by('qty');
    const r = by('rate');
    const a = by('amount');
    return {
      quantity: q?.value ?? null,
      unit: rowUnit(q),
      unitCost: r?.value ?? (q && a && q.value !== 0 ? a.value / q.value : null),
      amount: a?.value ?? (q && r ? q.value * r.value : null),
    };
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
    if ((x.unit && x.currency === null && onlyRole !== 'amount') || onlyRole === 'qty') {
      return { quantity: x.value, unit: rowUnit(x), unitCost: null, amount: null };
    }
    return { quantity: null, unit: row.units[0] ?? null, unitCost: null, amount: x.value };
  }
  return { quantity: null, unit: row.units[0] ?? null, unitCost: null, amount: null };
}

function newDraft(
  line: number,
  code: string | null,
  description: string,
  section: string | null,
  sheet: string | null,
): Draft {
  return {
    line,
    code,
    description,
    tradeText: description,
    quantity: null,
    unit: null,
    unitCost: null,
    amount: null,
    section,
    sheet,
    kind: 'work',
    broken: false,
    percent: null,
    percentBase: null,
    amountOnly: false,
    measured: false,
    rollup: false,
    computed: false,
    confident: true,
  };
}

function roundQty(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

function canonicalUnit(unit: ReadUnit | null, row: Row): string | null {
  if (!unit) return null;
  const raw = row.elements.find((e) => e.kind === 'unit' && e.unit === unit);
  return raw?.kind === 'unit' ? raw.raw.replace(/^(?:per\s+|p\.?\s+|\/\s*)/i, '') : unit.unit;
}

/** The result of the reading pass, richer than the document (for plan building). */
export interface ReadResult {
  document: EstimateDocument;
  charges: ChargeLine[];
}

export function readEstimate(text: string, options: EstimateToPlanOptions = {}): EstimateDocument {
  return readEstimateDetailed(text, options).document;
}

export function readEstimateDetailed(text: string, _options: EstimateToPlanOptions = {}): ReadResult {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').split('\n');
  const drafts: Draft[] = [];
  const totals: TotalLine[] = [];
  const charges: ChargeLine[] = [];
  const notes: string[] = [];
  const currencyVotes = new Map<CurrencyCode, number>();
  const factVotes = {
    projectName: new Map<string, number>(),
    client: new Map<string, number>(),
    address: new Map<string, number>(),
  };
  const dateTexts: string[] = [];
  const sheetKinds = new Map<string, 'general' | 'abstract' | 'measurement'>();
  const headings: { sheet: string | null; section: string; line: number }[] = [];
  let brokenCells = 0;

  let sheet: string | null = null;
  let section: string | null = null;
  let table: Table | null = null;
  let measurementContext = false;
  let parent: { code: string | null; description: string; line: number; continuing: boolean } | null = null;
  let lastMeasured: Draft | null = null;
  let pendingPercent: Draft | null = null;
  let pendingCharge: ChargeLine | null = null;
  let lastItem: { code: string | null; description: string; line: number } | null = null;
  let pendingLabels: (FactField | null)[] | null = null;
  let expectAddress = false;

  const vote = (map: Map<string, number>, value: string) => {
    const v = value
      .replace(/\s+/g, ' ')
      .replace(/[.,;:]+$/, '')
      .trim();
    if (v.length >= 2) map.set(v, (map.get(v) ?? 0) + 1);
  };

  lines.forEach((rawLine, index) => {
    const lineNo = index + 1;
    const trimmed = rawLine.trim();
    if (!trimmed) return;
    const sheetMatch = /^##\s*sheet:\s*(.*)$/i.exec(trimmed);
    if (sheetMatch) {
      sheet = (sheetMatch[1] ?? '').trim() || null;
      section = null;
      table = null;
      parent = null;
      pendingPercent = null;
      pendingCharge = null;
      lastMeasured = null;
      lastItem = null;
      const name = normalise(sheet ?? '');
      measurementContext = /\b(?:mes|meas\w*|measur\w*)\b|_mes\b|measur/.test(name);
      if (sheet) {
        if (measurementContext) sheetKinds.set(sheet, 'measurement');
        else if (/gen(?:eral)?[- _]?abs|summary|recap/.test(name)) sheetKinds.set(sheet, 'general');
        else if (/abs|abstract|boq|estimate/.test(name)) sheetKinds.set(sheet, 'abstract');
      }
      return;
    }
    if (PAGE_FURNITURE_RE.test(trimmed) && trimmed.length < 80) return;

    const positional =
      table?.columns && !table.measurement && rawLine.includes('\t')
        ? positionalRow(rawLine, table.columns)
        : null;
    const row = parseRow(positional ? positional.line : rawLine);
    if (positional?.section && positional.section !== section) {
      section = positional.section;
      headings.push({ sheet, section, line: lineNo });
    }
    for (const n of row.numbers)
      if (n.currency) currencyVotes.set(n.currency, (currencyVotes.get(n.currency) ?? 0) + 1);
    for (const e of row.elements)
      if (e.kind === 'cur') currencyVotes.set(e.currency, (currencyVotes.get(e.currency) ?? 0) + 1);
    if (/\b(?:lacs?|lakhs?|crores?)\b/i.test(trimmed))
      currencyVotes.set('INR', (currencyVotes.get('INR') ?? 0) + 1);

    const joined = row.cells.join(' ').replace(/\s+/g, ' ').trim();
    const desc = row.description;

    // Facts: "Label: value" in the line or one of its cells; a row of bare labels ("Prepared for:
    // Project:") takes its values from the next row, and a client's address may follow the client.
    const record = (field: FactField, value: string) => {
      if (field === 'date') dateTexts.push(value);
      else vote(factVotes[field], value);
      if (field === 'client') expectAddress = true;
    };
    if (pendingLabels) {
      const labels = pendingLabels;
      pendingLabels = null;
      let used = false;
      row.cells.forEach((cell, i) => {
        const field = labels[i];
        if (field && !/:\s*$/.test(cell)) {
          record(field, cell);
          used = true;
        }
      });
      if (used) return;
    }
    if (expectAddress) {
      expectAddress = false;
      if (row.cells.length === 1 && ADDRESS_RE.test(joined)) {
        vote(factVotes.address, joined);
        return;
      }
    }
    if (row.cells.length >= 1 && row.numbers.length === 0 && row.cells.every((c) => LABEL_ONLY_RE.test(c))) {
      const labels = row.cells.map((c) => factField(c));
      if (labels.some((l) => l !== null)) {
        pendingLabels = labels;
        return;
      }
    }
    let isFact = false;
    for (const text of row.cells.length > 1 ? [joined, ...row.cells] : [joined]) {
      const fact = readFact(text);
      if (!fact) continue;
      if (fact.field === 'date') {
        record('date', fact.value);
        isFact = isFact || row.numbers.length === 0 || text !== joined || DATE_LIKE_RE.test(fact.value);
      } else if (row.numbers.length === 0 || fact.field !== 'projectName' || text !== joined) {
        record(fact.field, fact.value);
        isFact = true;
      }
      if (text === joined) break;
    }
    if (
      isFact ||
      (row.numbers.length === 0 && row.cells.some((c) => DOCUMENT_NUMBER_RE.test(c)) && row.cells.length <= 2)
    )
      return;
    if (SIGNATURE_RE.test(desc) && row.numbers.length === 0) return;

    const header = headerOf(row, rawLine);
    if (header) {
      // A table header repeated at the top of the next page continues the item above.
      const repeated = table !== null && table.roles.join() === header.roles.join();
      table = header;
      if (repeated) return;
      if (header.measurement) {
        measurementContext = true;
        if (sheet) sheetKinds.set(sheet, 'measurement');
      } else if (sheet && !sheetKinds.has(sheet)) sheetKinds.set(sheet, 'abstract');
      parent = null;
      return;
    }
    if (row.numbers.length === 0 && row.errors === 0 && STRUCTURE_RE.test(normalise(desc))) {
      const s = normalise(desc);
      if (/measure/.test(s)) {
        measurementContext = true;
        if (sheet) sheetKinds.set(sheet, 'measurement');
      } else if (/general abstract/.test(s) && sheet) sheetKinds.set(sheet, 'general');
      else if (/abstract|bill of quantities|schedule of/.test(s)) {
        measurementContext = false;
        if (sheet && !sheetKinds.has(sheet)) sheetKinds.set(sheet, 'abstract');
      }
      return;
    }
    if (/^say\b/i.test(desc) || /^(?:lacs?|lakhs?)\.?$/i.test(desc)) return;

    // "i.e. on Rs. 1125396   Rs. 78778": the base and amount of the percentage line above.
    if (pendingCharge && CONTINUATION_RE.test(desc)) {
      const nums = row.numbers.filter((n) => !n.percent);
      if (nums.length > 0 && row.errors === 0) pendingCharge.amount = nums[nums.length - 1]?.value ?? null;
      pendingCharge = null;
      return;
    }
    pendingCharge = null;
    if (pendingPercent && CONTINUATION_RE.test(desc)) {
      const nums = row.numbers.filter((n) => !n.percent);
      const p: Draft = pendingPercent;
      if (nums.length >= 2) {
        p.percentBase = nums[0]?.value ?? null;
        p.amount = nums[nums.length - 1]?.value ?? null;
      } else if (nums.length === 1 && row.errors === 0) {
        p.amount = nums[0]?.value ?? null;
      } else if (row.errors > 0) {
        p.broken = true;
        if (nums.length === 1) p.percentBase = nums[0]?.value ?? null;
      }
      pendingPercent = null;
      return;
    }
    pendingPercent = null;

    const realNumbers = row.numbers.filter((n) => n.value !== 0 || row.numbers.length > 1);
    const hasFigures = realNumbers.length > 0 || row.errors > 0;

    // Measurement rows: Nos × L × B × H = Qty.
    if (row.hasOperators && hasFigures) {
      if (parent) parent.continuing = false;
      return;
    }

    const kindOfTotal = desc.length <= 80 ? totalKind(desc) : null;
    if (kindOfTotal && hasFigures) {
      const nums = row.numbers.filter((n) => !n.percent);
      const last = nums[nums.length - 1];
      const quantityTotal =
        measurementContext ||
        (last?.unit !== null && last?.unit !== undefined && last.currency === null) ||
        /\bqty\b|quantity|deduction/i.test(desc);
      if (quantityTotal) {
        if (/deduction/i.test(desc)) return;
        if (parent && last && row.errors === 0) {
          const unit = last.unit ?? row.units[0] ?? null;
          const draft: Draft = {
            line: parent.line,
            code: parent.code,
            description: parent.description,
            tradeText: parent.description,
            quantity: last.value,
            unit: canonicalUnit(unit, row),
            unitCost: null,
            amount: null,
            section,
            sheet,
            kind: isAllowance(parent.description, null) ? 'allowance' : 'work',
            broken: false,
            percent: null,
            percentBase: null,
            amountOnly: false,
            measured: true,
            rollup: false,
            computed: false,
            confident: false,
          };
          if (lastMeasured && lastMeasured.line === parent.line) Object.assign(lastMeasured, draft);
          else {
            drafts.push(draft);
            lastMeasured = draft;
          }
        }
        return;
      }
      totals.push({
        line: lineNo,
        kind: kindOfTotal,
        description: desc,
        value:
          row.errors > 0 && (!last || row.elements.findLastIndex((e) => e.kind === 'error') > last.index)
            ? null
            : (last?.value ?? null),
        sheet,
        section,
      });
      parent = null;
      return;
    }
    if (kindOfTotal && !hasFigures && desc.length < 40) return;

    if (!hasFigures) {
      if (!desc || !/[a-z]{2}/i.test(desc)) return;
      const wordCount = desc.split(/\s+/).length;
      // "Add @ 7 % for Electrification On Civil Work Part 'A'": its figures follow on the next line.
      const linePercent = percentOf(desc, row);
      if (linePercent !== null && desc.length <= 120 && /^add\b/i.test(desc) && !measurementContext) {
        if (CHARGE_RE.test(normalise(desc)) && !isAllowance(desc, null)) {
          const charge: ChargeLine = {
            line: lineNo,
            description: desc,
            amount: null,
            percent: linePercent,
            sheet,
          };
          charges.push(charge);
          pendingCharge = charge;
          return;
        }
        const draft = newDraft(lineNo, row.code, desc, section, sheet);
        draft.percent = linePercent;
        draft.amountOnly = true;
        draft.kind = isAllowance(desc, null) ? 'allowance' : 'work';
        drafts.push(draft);
        pendingPercent = draft;
        return;
      }
      const isParent =
        (row.code !== null && (wordCount > 6 || /[:\-–]$/.test(desc))) ||
        (row.code !== null && measurementContext) ||
        (!row.code && wordCount > 12 && !measurementContext);
      if (isParent) {
        parent = { code: row.code, description: desc, line: lineNo, continuing: true };
        lastMeasured = null;
        return;
      }
      if (parent?.continuing && (measurementContext || /^[a-z(]/.test(desc) || wordCount > 6)) {
        parent.description = `${parent.description} ${desc}`;
        return;
      }
      if (measurementContext) return;
      if (wordCount <= 12 && desc.length <= 100) {
        section = row.code && /^\d{2} \d{2} \d{2}$/.test(row.code) ? `${row.code} ${desc}` : desc;
        headings.push({ sheet, section, line: lineNo });
        parent = null;
      }
      return;
    }

    if (
      measurementContext &&
      !table?.numericRoles.includes('amount') &&
      !row.numbers.some((n) => n.currency)
    ) {
      // Quantities of a measurement sheet that are not a Total line: part of the item above.
      if (parent) parent.continuing = false;
      return;
    }

    const assigned = positional?.assigned ?? assign(row, table);
    if (row.errors > 0) brokenCells += row.errors;
    const ownText = desc;
    // A new main item number ends the item above; a sub-item ((a), A., 20.1) continues it.
    if (parent && row.code !== null && !SUB_CODE_RE.test(row.code)) parent = null;
    // "(B) In lintels…" after an item that carried its own "(A)" line: the same item's words.
    if (!parent && row.code === null && lastItem && SUB_LABEL_RE.test(ownText)) {
      const head = lastItem.description.split(/\s\(a\)\s|\s—\s/i)[0] ?? lastItem.description;
      parent = { code: lastItem.code, description: head, line: lastItem.line, continuing: false };
    }
    const useParent = parent !== null && (ownText.length < 200 || !row.code);
    const parentDesc = useParent && parent ? parent.description : null;
    const description =
      parentDesc && ownText ? `${parentDesc} — ${ownText}` : parentDesc && !ownText ? parentDesc : ownText;
    if (!description) return;
    if (parent && !useParent) parent = null;
    if (parent) parent.continuing = false;

    const percent = percentOf(ownText, row);
    const unitText = positional ? positional.unitText : canonicalUnit(assigned.unit, row);
    const amountOnly = assigned.quantity === null && assigned.unitCost === null;
    const brokenAmount = row.errors > 0 && assigned.amount === null;

    if (CHARGE_RE.test(normalise(ownText)) && !isAllowance(ownText, unitText)) {
      charges.push({ line: lineNo, description: ownText, amount: assigned.amount, percent, sheet });
      return;
    }
    const draft: Draft = {
      line: lineNo,
      code: row.code ?? (useParent ? (parent?.code ?? null) : null),
      description,
      tradeText: description,
      quantity: assigned.quantity !== null ? roundQty(assigned.quantity) : null,
      unit: unitText,
      unitCost: assigned.unitCost !== null ? roundMoney(assigned.unitCost) : null,
      amount: assigned.amount !== null ? roundMoney(assigned.amount) : null,
      section,
      sheet,
      kind: isAllowance(ownText || description, unitText) ? 'allowance' : 'work',
      broken: brokenAmount,
      percent: amountOnly || brokenAmount ? percent : null,
      percentBase: null,
      amountOnly,
      measured: false,
      rollup: false,
      computed: false,
      confident:
        (table?.numericRoles.some((r) => r === 'rate' || r === 'amount') ?? false) ||
        row.numbers.some((n) => n.currency !== null) ||
        row.elements.some((e) => e.kind === 'cur') ||
        (row.numbers.filter((n) => !n.percent).length >= 3 &&
          assigned.quantity !== null &&
          assigned.unitCost !== null &&
          assigned.amount !== null &&
          near(assigned.quantity * assigned.unitCost, assigned.amount)),
    };
    if (draft.code !== null && !SUB_CODE_RE.test(draft.code))
      lastItem = { code: draft.code, description: ownText, line: lineNo };
    if (
      percent !== null &&
      amountOnly &&
      row.numbers.filter((n) => !n.percent).length === 0 &&
      row.errors === 0
    ) {
      // "Add @ 7 % for Electrification …" with its figures on the next line.
      draft.amount = null;
      pendingPercent = draft;
    }
    drafts.push(draft);
  });

  // Lines with only a percentage and no amount, whose continuation never came.
  for (const d of drafts)
    if (d.percent !== null && d.amount === null && !d.broken && !d.measured) d.broken = false;

  // Measurement-sheet quantities duplicate the priced items when the document has both.
  const priced = drafts.some((d) => !d.measured && d.amount !== null);
  const measured = drafts.filter((d) => d.measured);
  let items = priced ? drafts.filter((d) => !d.measured) : drafts;
  // Unpriced rows on sheets with no prices (a joinery schedule, a report) when the document has priced sheets.
  if (priced) {
    const pricedSheets = new Set(
      items.filter((d) => d.amount !== null && !d.computed && d.confident).map((d) => d.sheet),
    );
    const unpriced = items.filter((d) => !pricedSheets.has(d.sheet));
    if (unpriced.length > 0) {
      items = items.filter((d) => pricedSheets.has(d.sheet));
      notes.push(
        `${unpriced.length} unpriced row${unpriced.length === 1 ? '' : 's'} on sheets without prices (${[...new Set(unpriced.map((d) => d.sheet ?? 'text'))].join(', ')}) were not read as work.`,
      );
    }
  }
  if (priced && measured.length > 0)
    notes.push(
      `${measured.length} measurement-sheet quantities were read as the detail of priced items, not added again.`,
    );
  if (!priced && measured.length > 0)
    notes.push(
      `The document gives quantities without prices: ${measured.length} items read from its measurements.`,
    );

  // Summary lines rolling up a section that is itemised elsewhere in the document.
  const groups = groupSums(items);
  const problems: EstimateProblem[] = [];
  for (const d of items) {
    if (!d.amountOnly || d.kind !== 'work' || d.percent !== null) continue;
    const match = groups.find(
      (g) =>
        g.items.length >= 2 &&
        !g.items.includes(d) &&
        ((d.amount !== null && Math.abs(g.sum - d.amount) <= Math.max(1.5, d.amount * 0.0005)) ||
          (d.broken && labelsMatch(d.description, g.label))),
    );
    if (match) {
      d.rollup = true;
      if (d.broken)
        problems.push({
          code: 'broken-total',
          message: `${where(d.sheet, d.line)}: "${short(d.description)}" reads #REF!; its items in ${match.label} add up to ${formatMoney(match.sum, null)}.`,
        });
    }
  }
  const rollups = items.filter((d) => d.rollup);
  if (rollups.length > 0) {
    items = items.filter((d) => !d.rollup);
    notes.push(
      `${rollups.length} summary line${rollups.length === 1 ? '' : 's'} (${rollups.map((r) => short(r.description, 40)).join('; ')}) roll up sections itemised elsewhere and were not counted again.`,
    );
  }

  // Percentage additions without a usable amount: computed from the base the document names.
  for (const d of items) {
    if (d.percent === null || d.amount !== null) continue;
    const base = d.percentBase ?? percentBase(d, items, groups);
    if (base !== null && base > 0) {
      d.amount = roundMoney((base * d.percent) / 100);
      d.computed = true;
      notes.push(
        `${where(d.sheet, d.line)}: "${short(d.description)}" has no readable amount; computed as ${d.percent}% of ${formatMoney(base, null)} = ${formatMoney(d.amount, null)}.`,
      );
    }
  }
  // Charges given only as a percentage.
  const workSum = items.filter((d) => d.kind === 'work').reduce((s, d) => s + (d.amount ?? 0), 0);
  for (const c of charges) {
    if (c.amount === null && c.percent !== null) c.amount = roundMoney((workSum * c.percent) / 100);
  }

  const currency = pickCurrency(currencyVotes);
  const lineItems: EstimateLineItem[] = items.map((d) => {
    const cls = classifyLine(d.tradeText, d.section ?? d.sheet);
    const item: EstimateLineItem = {
      line: d.line,
      code: d.code,
      description: d.description,
      quantity: d.quantity,
      unit: d.unit,
      unitCost: d.unitCost,
      amount: d.amount,
      section: d.section ?? d.sheet,
      trade: cls.trade,
      kind: d.kind,
    };
    if (d.sheet) item.sheet = d.sheet;
    if (d.percent !== null) item.percent = d.percent;
    return item;
  });

  const itemsTotal = roundMoney(
    lineItems.filter((i) => i.kind === 'work').reduce((s, i) => s + (i.amount ?? 0), 0),
  );
  const allowanceTotal = roundMoney(
    lineItems.filter((i) => i.kind === 'allowance').reduce((s, i) => s + (i.amount ?? 0), 0),
  );
  const chargesTotal = roundMoney(charges.reduce((s, c) => s + (c.amount ?? 0), 0));

  // Totals the document states.
  const brokenTotals = totals.filter((t) => t.value === null);
  for (const t of brokenTotals)
    problems.push({
      code: 'broken-total',
      message: `${where(t.sheet, t.line)}: "${short(t.description)}" reads #REF! (a broken spreadsheet formula).`,
    });
  const grand = totals.filter((t) => t.kind === 'grand');
  const finalBroken = grand.length > 0 ? grand.some((t) => t.value === null) : false;
  const validTotals = totals.filter((t) => t.value !== null && t.value > 0);
  const candidates = grand.length > 0 ? grand.filter((t) => t.value !== null) : validTotals;
  const final = finalBroken
    ? null
    : candidates.reduce<TotalLine | null>(
        (best, t) => (!best || (t.value ?? 0) > (best.value ?? 0) ? t : best),
        null,
      );
  let statedTotal: number | null = null;
  let grandTotal: number | null = null;
  if (final?.value != null) {
    grandTotal = final.value;
    const readings = [
      final.value - chargesTotal - allowanceTotal,
      final.value - chargesTotal,
      final.value - allowanceTotal,
      final.value,
    ];
    statedTotal = roundMoney(
      readings.reduce((best, r) => (Math.abs(r - itemsTotal) < Math.abs(best - itemsTotal) ? r : best)),
    );
    if (statedTotal !== final.value)
      notes.push(
        `The total of works is the document's "${short(final.description, 40)}" ${formatMoney(final.value, currency)} less its ${[chargesTotal ? 'charges (not work)' : '', allowanceTotal ? 'allowances' : ''].filter(Boolean).join(' and ')}: ${formatMoney(statedTotal, currency)}.`,
      );
  } else if (finalBroken) {
    notes.push("The document's grand total is broken (#REF!), so it states no usable total of works.");
  }
  if (brokenCells > 0 && brokenTotals.length === 0)
    problems.push({
      code: 'broken-cells',
      message: `${brokenCells} cells of the estimate read #REF! or another spreadsheet error.`,
    });
  if (
    statedTotal !== null &&
    statedTotal > 0 &&
    Math.abs(statedTotal - itemsTotal) > statedTotal * TOTAL_MISMATCH_TOLERANCE
  ) {
    problems.push({
      code: 'total-mismatch',
      message: `The items add up to ${formatMoney(itemsTotal, currency)} but the document states ${formatMoney(statedTotal, currency)} (a difference of ${formatMoney(itemsTotal - statedTotal, currency)}).`,
    });
  }
  if (lineItems.filter((i) => i.kind === 'work').length === 0)
    problems.push({
      code: 'no-items',
      message: 'No priced or measured line items could be read from the document.',
    });
  if (charges.length > 0)
    notes.push(
      `Not work (no task): ${charges.map((c) => `${short(c.description, 40)}${c.amount !== null ? ` ${formatMoney(c.amount, currency)}` : ''}`).join('; ')}.`,
    );
  const allowances = lineItems.filter((i) => i.kind === 'allowance');
  if (allowances.length > 0)
    notes.push(
      `Allowances and contingencies (budget, no task): ${allowances.map((a) => `${short(a.description, 40)}${a.amount !== null ? ` ${formatMoney(a.amount, currency)}` : ''}`).join('; ')}.`,
    );

  const monthFirst = currency !== 'INR';
  const dates = [
    ...new Set(dateTexts.map((t) => findDate(t, monthFirst)).filter((d): d is string => d !== null)),
  ];
  const document: EstimateDocument = {
    items: lineItems,
    statedTotal,
    itemsTotal,
    currency,
    facts: {
      projectName: topVote(factVotes.projectName),
      client: topVote(factVotes.client),
      address: topVote(factVotes.address),
      dates,
    },
    problems,
    notes,
    grandTotal,
    allowanceTotal,
    chargesTotal,
    charges: charges.map((c) => ({
      line: c.line,
      description: c.description,
      amount: c.amount,
      percent: c.percent,
    })),
  };
  return { document, charges };
}

interface Group {
  label: string;
  items: Draft[];
  sum: number;
}

/** Sums of work items by sheet and by section (the targets summary lines can roll up). */
function groupSums(items: Draft[]): Group[] {
  const bySheet = new Map<string, Draft[]>();
  const bySection = new Map<string, Draft[]>();
  for (const d of items) {
    if (d.kind !== 'work') continue;
    if (d.sheet) {
      const list = bySheet.get(d.sheet) ?? [];
      list.push(d);
      bySheet.set(d.sheet, list);
    }
    const key = `${d.sheet ?? ''}\u0000${d.section ?? ''}`;
    if (d.section) {
      const list = bySection.get(key) ?? [];
      list.push(d);
      bySection.set(key, list);
    }
  }
  const groups: Group[] = [];
  const sum = (ds: Draft[]) => ds.reduce((s, d) => s + (d.amount ?? 0), 0);
  for (const [key, ds] of bySection) {
    const label = key.split('\u0000')[1] ?? '';
    groups.push({
      label: ds[0]?.sheet ? `${label} (sheet "${ds[0].sheet}")` : label,
      items: ds,
      sum: sum(ds),
    });
  }
  for (const [name, ds] of bySheet)
    groups.push({ label: `sheet "${name}" ${ds[0]?.section ?? ''}`.trim(), items: ds, sum: sum(ds) });
  return groups;
}

function partLetter(text: string): string | null {
  const m = /\bpart\s*['"‘’`]?\s*([a-z0-9]{1,2})\s*['"‘’`]?(?=\s|$|\W)/i.exec(text);
  return m?.[1]?.toLowerCase() ?? null;
}

function labelsMatch(a: string, b: string): boolean {
  const na = normalise(a)
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const nb = normalise(b)
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!na || !nb) return false;
  if (nb.includes(na) || na.includes(nb)) return true;
  const pa = partLetter(a);
  const pb = partLetter(b);
  if (pa && pb && pa === pb) {
    const wa = new Set(na.split(' '));
    const wb = nb.split(' ');
    const shared = wb.filter((w) => wa.has(w) && w.length > 3).length;
    return shared >= 2;
  }
  return false;
}

/** The base of a percentage addition: the part it names, civil work, or the work read so far. */
function percentBase(d: Draft, items: Draft[], groups: Group[]): number | null {
  const text = d.description;
  const part = partLetter(text.replace(/^part\s*['"‘’`]?[a-z]['"‘’`]?/i, ''));
  const work = items.filter((x) => x.kind === 'work' && x !== d && x.percent === null && !x.rollup);
  if (part) {
    // A whole sheet whose headings name only this part (its later sections too), else the part's section.
    const sheets = new Map<string, Draft[]>();
    for (const x of work) if (x.sheet) sheets.set(x.sheet, [...(sheets.get(x.sheet) ?? []), x]);
    for (const ds of sheets.values()) {
      const letters = new Set(ds.map((x) => partLetter(x.section ?? '')).filter((l) => l !== null));
      if (letters.size === 1 && letters.has(part) && ds.length >= 2)
        return ds.reduce((s, x) => s + (x.amount ?? 0), 0);
    }
    const g = groups.find((x) => partLetter(x.label) === part && x.items.length >= 2 && !x.items.includes(d));
    if (g) return g.sum;
  }
  if (/\bcivil\b/i.test(text)) {
    const civilSheets = new Set(work.filter((x) => /\bcivil\b/i.test(x.section ?? '')).map((x) => x.sheet));
    const civil = work.filter(
      (x) => civilSheets.has(x.sheet) && (x.sheet !== null || /\bcivil\b/i.test(x.section ?? '')),
    );
    if (civil.length > 0) return civil.reduce((s, x) => s + (x.amount ?? 0), 0);
    const notServices = work.filter((x) => {
      const t = classifyLine(x.tradeText, x.section ?? x.sheet).trade;
      return t !== 'plumbing' && t !== 'fixtures' && t !== 'electrical' && t !== 'utilities';
    });
    return notServices.reduce((s, x) => s + (x.amount ?? 0), 0);
  }
  return work.reduce((s, x) => s + (x.amount ?? 0), 0);
}

function pickCurrency(votes: Map<CurrencyCode, number>): CurrencyCode | null {
  let best: CurrencyCode | null = null;
  let count = 0;
  for (const [c, n] of votes) {
    if (n > count) {
      best = c;
      count = n;
    }
  }
  return best;
}

function topVote(map: Map<string, number>): string | null {
  let best: string | null = null;
  let count = 0;
  for (const [v, n] of map) {
    if (n > count) {
      best = v;
      count = n;
    }
  }
  return best;
}

export function where(sheet: string | null, line: number): string {
  return sheet ? `Sheet "${sheet}", line ${line}` : `Line ${line}`;
}

export function short(text: string, max = 60): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** Exposed for tests: the unit a row's quantity is in. */
export function unitOf(raw: string): ReadUnit | null {
  return parseUnit(raw);
}

export { sectionHint };
