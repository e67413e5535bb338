/**
 * Bid results summaries (an agency's abstract of the bids opened for one contract): a ranking of
 * the bidders (rank, bid total, bidder id, then the name with its address and phone lines under
 * it), the itemised proposal of one bidder (most often the low bidder), and the remaining
 * bidders' prices by item number only, in blocks of columns (`1 | 1,000.00  1000.00| 1,500.00
 * 1500.00|…`, closed by a `TOT` row of the columns' totals).
 *
 * The plan carries one bidder: the itemised one unless the user chooses another, whose prices
 * are then put on the itemised rows by item number. The ranking, the letting's header (with its
 * engineer's estimate, a total with no items) and the other columns are set aside, never added.
 */
import { normalise, totalKind } from '../lexicon.js';
import { parseNumber } from '../numbers.js';
import type { EstimateChoice, EstimateChoiceAnswers } from '../types.js';
import { slug } from './bid-choice.js';
import type { PrePass } from './bid-tab.js';
import { isPlaceLine } from './contact.js';
import type { SetAside } from './state.js';

const RANKING_HEADER_RE = /\b(?:bid\s+total|total\s+bid|bid\s+amount|amount\s+bid)\b/i;
/** `1   419,420.00   2   INTERNATIONAL SURFACING   916 373-2420 …`: rank, bid total, bidder id, name. */
const RANK_ROW_RE = /^\s*(\d{1,3})\s{2,}\$?(\d{1,3}(?:,\d{3})*\.\d{2})\s{2,}(?:(\d{1,6})\s{2,})?(\S.*)$/;
const ENGINEER_RE = /\bengineer'?s?\s+est(?:imate)?\b\.?\s*:?\s*\$?(\d{1,3}(?:,\d{3})*(?:\.\d{2})?)/i;
/** A row of the remaining bidders' prices: the item number, then `price  amount|` per column. */
const MATRIX_ROW_RE = /^\s*(\d{1,4})\s*\|(.*)$/;
const MATRIX_TOTAL_RE = /^\s*tot(?:al)?s?\b\.?\s+(.*)$/i;
/** An itemised row ending in its unit price and amount (`1  074016  … LS  LUMP SUM  421.00  421.00`). */
const ITEM_ROW_RE =
  /^(\s*(\d{1,4})\s{2,}.*?\s{2,})(\d[\d,]*\.\d{1,2}|\.\d{1,2})(\s{2,})(\d[\d,]*\.\d{2})\s*$/;
/** How many lines under a bidder's row its name, address and phone lines may take. */
const BIDDER_LINES = 4;

interface Bidder {
  rank: number;
  total: number;
  name: string;
  line: number;
}

interface Column {
  total: number;
  totalLine: number | null;
  /** Item number → its price and amount as written, and the line they are on. */
  items: Map<number, { price: string; amount: string; value: number; line: number }>;
}

const money = (raw: string): number | null => parseNumber(raw.replace(/\s+/g, ''))?.value ?? null;

/** A line with figures other than dates and codes (`01-HUM-96-R30.0/R38.6`, `BID211`). */
function hasFigures(line: string): boolean {
  const rest = line
    .replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, ' ')
    .split(/\s+/)
    .filter((token) => !/[a-z]/i.test(token) && !/^\d+(?:-\d+)+$/.test(token));
  return rest.some((token) => /\d/.test(token));
}

/** The bidders' ranking under its header: rows, and every line of it (names, addresses). */
function readRanking(
  lines: readonly string[],
  page: readonly number[],
  header: number,
): { bidders: Bidder[]; region: number[] } | null {
  const bidders: Bidder[] = [];
  const region: number[] = [];
  let since = 0;
  let lastPage = page[header] ?? 0;
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.trim() || /^[\s\-_=|]+$/.test(line)) continue;
    const m = RANK_ROW_RE.exec(line);
    const rank = m ? Number(m[1]) : Number.NaN;
    const total = m?.[2] ? money(m[2]) : null;
    if (m?.[4] && rank === bidders.length + 1 && total !== null) {
      const [name = ''] = m[4].trim().split(/\s{2,}/);
      bidders.push({ rank, total, name: name.trim(), line: i });
      region.push(i);
      since = 0;
      lastPage = page[i] ?? lastPage;
      continue;
    }
    // A new page goes on with the ranking only when its next bidder comes within its first lines.
    const onNewPage = (page[i] ?? 0) !== lastPage;
    since += 1;
    if (onNewPage ? since > BIDDER_LINES + 4 : since > BIDDER_LINES) break;
    if (onNewPage) continue;
    region.push(i);
    // A name that wraps: the line under the bidder's row starting with words (not an address).
    const last = bidders[bidders.length - 1];
    const [first = ''] = line.trim().split(/\s{2,}/);
    const address = isPlaceLine(line) || /^p\.?\s?o\.?\s+box\b/i.test(first);
    if (last && since === 1 && /^[a-z&.,' -]+$/i.test(first) && !address)
      last.name = `${last.name} ${first.trim()}`;
  }
  return bidders.length >= 2 ? { bidders, region } : null;
}

/** The remaining bidders' price columns, block by block (each block's columns in order). */
function readColumns(lines: readonly string[]): { columns: Column[]; region: number[] } {
  const columns: Column[] = [];
  const region: number[] = [];
  let block: Column[] = [];
  const close = () => {
    for (const c of block) {
      if (c.totalLine === null) c.total = [...c.items.values()].reduce((s, x) => s + x.value, 0);
    }
    columns.push(...block);
    block = [];
  };
  lines.forEach((line, i) => {
    const row = MATRIX_ROW_RE.exec(line);
    if (row) {
      const cells = (row[2] ?? '').split('|').map((c) => c.trim().split(/\s+/).filter(Boolean));
      if (!cells.every((c) => c.length === 0 || (c.length === 2 && c.every((x) => money(x) !== null))))
        return;
      const filled = cells.filter((c) => c.length === 2);
      if (filled.length === 0) return;
      while (block.length < filled.length) block.push({ total: 0, totalLine: null, items: new Map() });
      filled.forEach(([price = '', amount = ''], c) => {
        block[c]?.items.set(Number(row[1]), { price, amount, value: money(amount) ?? 0, line: i });
      });
      region.push(i);
      return;
    }
    const total = block.length > 0 ? MATRIX_TOTAL_RE.exec(line) : null;
    if (total) {
      const values = (total[1] ?? '')
        .trim()
        .split(/\s{2,}|\s+/)
        .map(money);
      if (values.length === block.length && values.every((v) => v !== null)) {
        block.forEach((c, k) => {
          c.total = values[k] ?? 0;
          c.totalLine = i;
        });
        region.push(i);
        close();
      }
      return;
    }
    if (block.length > 0 && /\|/.test(line)) region.push(i);
  });
  close();
  return { columns, region };
}

function pickBidder(bidders: readonly Bidder[], itemised: Bidder, answer: string | undefined): Bidder {
  if (!answer) return itemised;
  const a = normalise(answer);
  return (
    bidders.find((b) => slug(b.name) === a || normalise(b.name) === a || slug(b.name) === slug(answer)) ??
    itemised
  );
}

const EMPTY: Omit<PrePass, 'lines'> = {
  columnLines: [],
  choices: [],
  setAside: [],
  notes: [],
  questions: [],
};

/** What a found summary is being rewritten with: its bidders, columns, and what is set aside. */
interface Summary {
  lines: string[];
  page: readonly number[];
  header: number;
  bidders: Bidder[];
  itemised: Bidder;
  chosen: Bidder;
  columns: Column[];
  owner: Map<Column, Bidder>;
  setAside: SetAside[];
  notes: string[];
}

function aside(
  s: Summary,
  i: number,
  text: string,
  amount: number | null,
  disposition: SetAside['disposition'],
  reason: string,
): void {
  s.setAside.push({ line: i + 1, sheet: null, text, amount, disposition, reason });
}

/** The letting's header above the ranking: its figures are facts of the letting, not work. */
function blankHeader(s: Summary): void {
  const { lines, page, header } = s;
  for (let i = header - 1; i >= 0 && (page[i] ?? 0) === (page[header] ?? 0); i--) {
    const line = lines[i] ?? '';
    const engineer = ENGINEER_RE.exec(line);
    const value = engineer?.[1] ? money(engineer[1]) : null;
    if (value !== null) {
      const why = "the engineer's estimate: a total with no items to plan";
      aside(s, i, "Engineer's estimate", value, 'other-bidder', why);
      s.notes.push(
        `The engineer's estimate (${engineer?.[1] ?? ''}) is a total only, with no items to plan.`,
      );
    }
    if (hasFigures(line)) lines[i] = '';
  }
}

/** The ranking's rows restate the bids' totals: the chosen one's a recap, the others' other bids. */
function blankRanking(s: Summary, region: readonly number[]): void {
  for (const b of s.bidders) {
    const mine = b === s.chosen;
    const why = mine ? "the ranking restates the chosen bid's total" : `${b.name}'s bid total (not chosen)`;
    aside(s, b.line, `${b.name} (bid rank ${b.rank})`, b.total, mine ? 'recap' : 'other-bidder', why);
  }
  s.lines[s.header] = '';
  for (const i of region) s.lines[i] = '';
}

/** The columns of the bidders not chosen are set aside, price by price and total by total. */
function blankColumns(s: Summary, chosenColumn: Column | null, region: readonly number[]): void {
  s.columns.forEach((c, k) => {
    if (c === chosenColumn) return;
    const name = s.owner.get(c)?.name ?? `Column ${k + 1}`;
    const why = `${name}'s price (bidder not chosen)`;
    for (const [item, x] of c.items) aside(s, x.line, `Item ${item} — ${name}`, x.value, 'other-bidder', why);
    if (c.totalLine !== null)
      aside(
        s,
        c.totalLine,
        `Total — ${name}`,
        c.total,
        'other-bidder',
        `${name}'s total (bidder not chosen)`,
      );
  });
  for (const i of region) s.lines[i] = '';
}

/** The itemised rows and their total carry the chosen bidder's prices; the total's line numbers. */
function carryChosen(s: Summary, chosenColumn: Column | null): number[] {
  const { lines, itemised, chosen } = s;
  const columnLines: number[] = [];
  lines.forEach((line, i) => {
    const row = ITEM_ROW_RE.exec(line);
    if (row && chosenColumn) {
      const priced = chosenColumn.items.get(Number(row[2]));
      if (!priced) return;
      lines[i] = `${row[1]}${priced.price}${row[4]}${priced.amount}`;
      const why = `${itemised.name}'s price (bidder not chosen)`;
      aside(s, i, `Item ${row[2]} — ${itemised.name}`, money(row[5] ?? ''), 'other-bidder', why);
      return;
    }
    const cells = line.trim().split(/\s{2,}/);
    const value = cells.length === 2 ? money(cells[1] ?? '') : null;
    if (value !== null && totalKind(cells[0] ?? '') && Math.abs(value - itemised.total) < 0.01) {
      lines[i] = `${cells[0]} — ${chosen.name}    ${chosen.total.toFixed(2)}`;
      columnLines.push(i + 1);
    }
  });
  return columnLines;
}

function choiceOf(s: Summary): EstimateChoice {
  const options = s.bidders.map((b) => ({ id: slug(b.name), label: b.name, total: b.total }));
  return {
    key: 'bid-column',
    kind: 'bid-column',
    question: `This is a bid summary of ${s.bidders.length} bidders (${options.map((o) => o.label).join(', ')}). Whose prices should the plan carry?`,
    options,
    defaultOption: slug(s.itemised.name),
    chosen: slug(s.chosen.name),
  };
}

/** Finds a bid results summary and rewrites it to one bidder's itemised prices. */
export function bidSummaryPrePass(
  input: readonly string[],
  page: readonly number[],
  answers: EstimateChoiceAnswers = {},
): PrePass {
  const lines = [...input];
  const header = lines.findIndex(
    (l) => RANKING_HEADER_RE.test(l) && /\brank\b/i.test(l) && /\bbidders?\b/i.test(l),
  );
  const ranking = header >= 0 ? readRanking(lines, page, header) : null;
  if (!ranking) return { lines, ...EMPTY };
  const { bidders } = ranking;
  const { columns, region: matrix } = readColumns(lines);
  // Each column belongs to the bidder whose ranked total it adds up to.
  const owner = new Map<Column, Bidder>();
  for (const c of columns) {
    const b = bidders.find((x) => Math.abs(x.total - c.total) < 0.01 && ![...owner.values()].includes(x));
    if (b) owner.set(c, b);
  }
  // The bidder no column belongs to is the one itemised (else the low bidder).
  const unlisted = bidders.filter((b) => ![...owner.values()].includes(b));
  const itemised = unlisted.length === 1 && unlisted[0] ? unlisted[0] : (bidders[0] as Bidder);
  const chosen = pickBidder(bidders, itemised, answers['bid-column']);
  const s: Summary = {
    lines,
    page,
    header,
    bidders,
    itemised,
    chosen,
    columns,
    owner,
    setAside: [],
    notes: [],
  };
  const chosenColumn = columns.find((c) => owner.get(c) === chosen) ?? null;
  blankHeader(s);
  blankRanking(s, ranking.region);
  blankColumns(s, chosenColumn, matrix);
  const columnLines = carryChosen(s, chosenColumn);
  const how =
    chosen === itemised
      ? `the itemised bid, by default${itemised.rank === 1 ? ': the low bid' : ''}`
      : 'your choice, its prices put on the itemised rows by item number';
  s.notes.unshift(
    `A bid summary of ${bidders.length} bidders: the plan carries ${chosen.name} (${how}); the other bidders' prices are set aside, never added.`,
  );
  return { lines, columnLines, choices: [choiceOf(s)], setAside: s.setAside, notes: s.notes, questions: [] };
}
