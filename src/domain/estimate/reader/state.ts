/**
 * The reader's state: what it knows at the current line (sheet, section, table, mode, the item a
 * sub-row belongs to, what the next line may complete) and what it has collected so far.
 */
import type { TotalKind } from '../lexicon.js';
import type { CurrencyCode } from '../numbers.js';
import type { Row } from '../rows.js';
import type { LineDisposition, Trade } from '../types.js';
import type { Assigned, Table } from './table.js';

/** A figure cell as OCR wrote it (letters standing in for digits) and the number read from it. */
export interface LookalikeCell {
  raw: string;
  value: number;
}

/** An item while reading, with what the second pass needs. */
export interface Draft {
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
  /** Set when the line is read but not planned: why (a recap, another bidder, a repeated sheet…). */
  excluded?: { disposition: LineDisposition; reason: string };
  /** A note on a field repaired from a likely misread (quantity × price = amount). */
  repaired?: string;
  /** Quantity × price ≠ amount and no single misread explains it. */
  suspect?: string;
  /** A recap line read before anything was itemised: it stands if nothing else is priced. */
  loneRecap?: boolean;
  /** The trade the user set for the line (a correction). */
  trade?: Trade;
  /** Read after the base bid's total, or named an alternate: not work unless chosen. */
  afterTotal?: 'alternate' | 'option' | 'exclusion';
}

export interface TotalLine {
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

export type FactField = 'projectName' | 'client' | 'address' | 'date';

/** Where the reader is: reading items, a measurement sheet, or past the document's final total. */
export type ReaderMode = 'items' | 'measurements' | 'after-total';

/** A line with figures the reader set aside, and why. */
export interface SetAside {
  line: number;
  sheet: string | null;
  text: string;
  amount: number | null;
  disposition: LineDisposition;
  reason: string;
}

export interface ReaderState {
  sheet: string | null;
  section: string | null;
  table: Table | null;
  mode: ReaderMode;
  parent: {
    code: string | null;
    description: string;
    line: number;
    continuing: boolean;
    /** A bill item head's title (`CORTE PAVIMENTO EXISTENTE`) and unit, when its figures follow on their own line. */
    title?: string;
    unit?: string;
  } | null;
  lastMeasured: Draft | null;
  /** A tender position read over several lines, until its quantity line (positions.ts). */
  position: {
    code: string;
    title: string;
    text: string;
    line: number;
    /** Read with the position: not part of the total (contingent, alternative). */
    flag: { disposition: LineDisposition; reason: string } | null;
    /** The item its quantity line made; the lines under it may still flag it. */
    closed: Draft | null;
  } | null;
  pendingPercent: Draft | null;
  pendingCharge: ChargeLine | null;
  /** A bill item whose rate and amount are on a following line (quantity written with the item). */
  pendingPrice: {
    draft: Draft;
    /** When the line's two figures may be quantity and rate: the reading if the amount follows. */
    alt: { unitCost: number; amount: number } | null;
  } | null;
  lastItem: { code: string | null; description: string; line: number } | null;
  /** A bill item completed over several lines: the wrapped words that follow are still its own. */
  trailing: { draft: Draft; lines: number } | null;
  pendingLabels: (FactField | null)[] | null;
  expectAddress: boolean;
  /** Inside a recap (a summary of lines itemised elsewhere). */
  recap: RecapState | null;
  /** After the final total: the heading of what follows (alternates, options, exclusions). */
  afterTotal: 'alternate' | 'option' | 'exclusion' | null;

  drafts: Draft[];
  totals: TotalLine[];
  charges: ChargeLine[];
  setAside: SetAside[];
  notes: string[];
  /** Currency marks on the amounts (`$`, `€`, `Rs.`…), one per mark. */
  currencyVotes: Map<CurrencyCode, number>;
  /** Currency codes the document states (`Amount (CAD)`, `prices in AUD`, `C$`). */
  statedCurrencies: Map<CurrencyCode, number>;
  factVotes: Record<'projectName' | 'client' | 'address', Map<string, number>>;
  dateTexts: string[];
  sheetKinds: Map<string, 'general' | 'abstract' | 'measurement'>;
  headings: { sheet: string | null; section: string; line: number }[];
  brokenCells: number;
  /** Figure cells with letters for digits (`1,2O0.00`), by line: confirmed, repaired or flagged later. */
  lookalikes: Map<number, LookalikeCell[]>;
  /** Decimal comma (`1.234,56`) is this document's way of writing numbers. */
  decimalComma: boolean;
  /** The currency of the place the document names, for when no amount carries a mark. */
  placeCurrency: CurrencyCode | null;
}

/** Inside a recap: its columns (scope names) when it is a table of them, and what it has said. */
export interface RecapState {
  columns: number;
  totalSeen: boolean;
  /** Labels read in the recap with the sum of their amounts (a later line restating one is not new). */
  seen: Map<string, number>;
}

/** One line as the handlers see it. */
export interface LineContext {
  lineNo: number;
  rawLine: string;
  trimmed: string;
  row: Row;
  /** A tab-separated row read through its table's column map, when it fits. */
  positional: {
    line: string;
    section: string | null;
    assigned: Assigned;
    unitText: string | null;
  } | null;
  /** The row's text cells joined. */
  desc: string;
  /** All cells joined. */
  joined: string;
}

export function newState(decimalComma: boolean, placeCurrency: CurrencyCode | null = null): ReaderState {
  return {
    sheet: null,
    section: null,
    table: null,
    mode: 'items',
    parent: null,
    lastMeasured: null,
    position: null,
    pendingPercent: null,
    pendingCharge: null,
    pendingPrice: null,
    lastItem: null,
    trailing: null,
    pendingLabels: null,
    expectAddress: false,
    afterTotal: null,
    recap: null,
    drafts: [],
    totals: [],
    charges: [],
    setAside: [],
    notes: [],
    currencyVotes: new Map(),
    statedCurrencies: new Map(),
    factVotes: { projectName: new Map(), client: new Map(), address: new Map() },
    dateTexts: [],
    sheetKinds: new Map(),
    headings: [],
    brokenCells: 0,
    lookalikes: new Map(),
    decimalComma,
    placeCurrency,
  };
}

export function newDraft(
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

/** Counts a fact value (the most frequent one wins). */
export function vote(map: Map<string, number>, value: string): void {
  const v = value
    .replace(/\s+/g, ' ')
    .replace(/[.,;:]+$/, '')
    .trim();
  if (v.length >= 2) map.set(v, (map.get(v) ?? 0) + 1);
}

/** Records a line with figures that is read but not planned. */
export function setAside(
  st: ReaderState,
  ctx: LineContext,
  disposition: LineDisposition,
  reason: string,
  amount?: number | null,
): void {
  const nums = ctx.row.numbers.filter((n) => !n.percent);
  st.setAside.push({
    line: ctx.lineNo,
    sheet: st.sheet,
    text: ctx.desc || ctx.joined,
    amount: amount !== undefined ? amount : (nums[nums.length - 1]?.value ?? null),
    disposition,
    reason,
  });
}
