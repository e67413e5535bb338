/**
 * Bid tabulations: several bidders' (and the engineer's) prices side by side, a Unit Price /
 * Total Price pair per column under a row naming them. The plan carries one column, never a sum
 * across bidders: the user's choice, else the engineer's estimate, else the low bid. This pre-pass
 * rewrites each row of the tab to the chosen pair and sets the other columns aside.
 */
import { normalise, totalKind } from '../lexicon.js';
import { parseNumber } from '../numbers.js';
import type { EstimateChoice, EstimateChoiceAnswers } from '../types.js';
import { chooseBid, ENGINEER_RE, slug } from './bid-choice.js';
import { bidRowsPrePass } from './bid-rows.js';
import { COMPONENT_TITLE_RE } from './components.js';
import type { SetAside } from './state.js';
import { roleOfTitle } from './table.js';

export interface PrePass {
  lines: string[];
  /** The line numbers (1-based) of the chosen columns' totals. */
  columnLines: number[];
  choices: EstimateChoice[];
  setAside: SetAside[];
  notes: string[];
  /** Choices the reader could not settle by itself (unnamed columns): `choice-required` problems. */
  questions: string[];
}

function cellsOf(line: string): string[] {
  return line.includes('\t') ? line.split('\t') : line.trim().split(/\s{2,}/);
}

const roleOf = roleOfTitle;

/** The number of rate/amount pairs a header row repeats (0 or 1: not a bid tab). */
function pairCount(line: string): number {
  const roles = cellsOf(line)
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .map(roleOf);
  let pairs = 0;
  for (let i = 0; i + 1 < roles.length; i++) {
    if (roles[i] === 'rate' && roles[i + 1] === 'amount') {
      pairs += 1;
      i += 1;
    }
  }
  return pairs;
}

const isNumberCell = (cell: string) => parseNumber(cell.trim().replace(/\s+/g, '')) !== null;

/** The bidders' names: the last k text cells of a line above the header that has at least k. */
function bidderNames(lines: readonly string[], header: number, k: number): string[] {
  for (let i = header - 1; i >= Math.max(0, header - 8); i--) {
    const cells = cellsOf(lines[i] ?? '')
      .map((c) => c.replace(/\s+/g, ' ').trim())
      .filter((c) => c !== '');
    const names = cells.filter((c) => /[a-z]{2}/i.test(c) && !isNumberCell(c));
    if (names.length >= k) {
      const last = names.slice(-k);
      if (last.every((n) => roleOf(n) === null)) return last;
    }
  }
  return Array.from({ length: k }, (_, i) => `Column ${i + 1}`);
}

/** The trailing 2k numeric cells of a row (its price pairs), or null when it has fewer. */
function trailingPairs(
  cells: readonly string[],
  k: number,
): { head: string[]; nums: number[]; raw: string[] } | null {
  const kept = cells.map((c) => c.replace(/\s+/g, ' ').trim()).filter((c) => c !== '');
  if (kept.length < 2 * k) return null;
  const tail = kept.slice(-2 * k);
  const nums = tail.map((c) => parseNumber(c.replace(/\s+/g, ''))?.value ?? Number.NaN);
  if (nums.some((n) => !Number.isFinite(n))) return null;
  return { head: kept.slice(0, -2 * k), nums, raw: tail };
}

/** The price pairs of a row: `qty [unit] r1 a1 … rk ak` with every aᵢ = qty × rᵢ (k ≥ 2), else 0. */
function pricePairs(line: string): number {
  const nums = cellsOf(line)
    .map((c) => c.trim())
    .filter((c) => c !== '' && isNumberCell(c))
    .map((c) => parseNumber(c.replace(/\s+/g, ''))?.value ?? Number.NaN);
  for (let k = Math.floor((nums.length - 1) / 2); k >= 2; k--) {
    const tail = nums.slice(-2 * k);
    const qty = nums[nums.length - 2 * k - 1] ?? Number.NaN;
    let holds = qty > 0;
    for (let c = 0; c < k && holds; c++) {
      const rate = tail[2 * c] ?? Number.NaN;
      const amount = tail[2 * c + 1] ?? Number.NaN;
      holds = Math.abs(qty * rate - amount) <= Math.max(1, Math.abs(amount) * 0.01);
    }
    if (holds) return k;
  }
  return 0;
}

/**
 * A bid tab known by its shape alone (no row naming the bidders, its column titles split over
 * lines, or no titles at all): after line h, rows of k price pairs whose amounts all equal the
 * row's one quantity times their own price — each column prices the same item. Two rows or more
 * closed by a total row of k column totals, or three or more without one. Columns titled as the
 * parts of one price (labour, material) are not bidders. Returns k and where the rows end.
 */
function headerlessColumns(lines: readonly string[], h: number): { k: number; end: number } | null {
  if (pricePairs(lines[h] ?? '') > 0) return null;
  const rows: number[] = [];
  let i = h + 1;
  for (; i < lines.length && rows.length < 500; i++) {
    const line = lines[i] ?? '';
    if (!line.trim()) continue;
    const k = pricePairs(line);
    if (k === 0) break;
    rows.push(k);
  }
  const k = rows[0] ?? 0;
  if (k < 2 || rows.some((x) => x !== k)) return null;
  const titles = lines.slice(Math.max(0, h - 3), h + 1).join(' ');
  if (COMPONENT_TITLE_RE.test(titles)) return null;
  const total = lines[i] ?? '';
  const text = cellsOf(total)
    .filter((c) => c.trim() && !isNumberCell(c))
    .join(' ');
  const values = cellsOf(total).filter((c) => c.trim() && isNumberCell(c));
  const closed = totalKind(text) !== null && values.length === k;
  if (closed ? rows.length >= 2 : rows.length >= 3) return { k, end: closed ? i + 1 : i };
  return null;
}

/** Finds bid tabs in the text lines and rewrites them to one column. */
export function bidTabPrePass(input: readonly string[], answers: EstimateChoiceAnswers = {}): PrePass {
  const lines = [...input];
  const choices: EstimateChoice[] = [];
  const setAside: SetAside[] = [];
  const notes: string[] = [];
  const columnLines: number[] = [];
  const questions: string[] = [];
  let sheet: string | null = null;
  // A tab of several sections (a base bid, then alternates) names its bidders once, at the top.
  let sections = 0;
  let carried: string[] | null = null;
  // From the line before the first (a tab may open the text with no title above it).
  for (let h = -1; h < lines.length; h++) {
    const headerLine = lines[h] ?? '';
    const sheetMatch = /^##\s*sheet:\s*(.*)$/i.exec(headerLine.trim());
    if (sheetMatch) sheet = sheetMatch[1]?.trim() || null;
    const titled = pairCount(headerLine);
    const shape = titled >= 2 ? null : headerlessColumns(lines, h);
    const k = Math.max(titled, shape?.k ?? 0);
    if (k < 2) continue;
    const own = bidderNames(lines, h, k);
    const ownNamed = own.some((n) => !/^Column \d+$/.test(n));
    const names: string[] = !ownNamed && carried?.length === k ? carried : own;
    const named = names.some((n) => !/^Column \d+$/.test(n));
    // The region: rows to the tab's total line (or the next sheet, or where its shape ends).
    const rows: { i: number; head: string[]; nums: number[]; raw: string[]; tab: boolean }[] = [];
    let totalRow: { i: number; text: string; values: number[] } | null = null;
    for (let i = h + 1; i < (shape?.end ?? lines.length); i++) {
      const raw = lines[i] ?? '';
      if (/^##\s*sheet:/i.test(raw.trim())) break;
      const cells = cellsOf(raw);
      const text = cells
        .filter((c) => c.trim() && !isNumberCell(c))
        .join(' ')
        .trim();
      const values = cells
        .filter((c) => c.trim() && isNumberCell(c))
        .map((c) => parseNumber(c.replace(/\s+/g, ''))?.value ?? 0);
      if (text && totalKind(text) && values.length >= k) {
        totalRow = { i, text, values: values.slice(-k) };
        break;
      }
      const pairs = trailingPairs(cells, k);
      if (pairs) rows.push({ i, ...pairs, tab: raw.includes('\t') });
    }
    if (rows.length === 0) continue;
    const totals = names.map((_, c) =>
      totalRow ? (totalRow.values[c] ?? null) : rows.reduce((s, r) => s + (r.nums[2 * c + 1] ?? 0), 0),
    );
    const options = names.map((label, c) => ({ id: slug(label), label, total: totals[c] ?? null }));
    // Each section is its own question; an answer to the first carries to the others it names.
    sections += 1;
    const key = sections === 1 ? 'bid-column' : `bid-column:${sections}`;
    const { chosen, byAnswer } = chooseBid(options, answers[key] ?? answers['bid-column']);
    const pick = options[chosen];
    // Unnamed columns give no engineer's estimate to default to: the low bid is read, and asked about.
    if (!named && !byAnswer)
      questions.push(
        `This looks like a bid tabulation: ${k} price columns side by side for the same quantities, with no row naming them (${options.map((o) => `${o.label}${o.total !== null ? ` ${o.total}` : ''}`).join('; ')}). The plan carries ${pick?.label ?? 'one column'}, the low bid, until you choose; the columns are never added together.`,
      );
    if (named) carried = names;
    const part = sections === 1 ? '' : ` (section ${sections}, from line ${h + 2})`;
    choices.push({
      key,
      kind: 'bid-column',
      question: `This is a bid tabulation${part} with ${k} price columns side by side (${names.join(', ')}). Which column should the plan carry?`,
      options,
      defaultOption: options[chooseBid(options, undefined).chosen]?.id ?? null,
      chosen: pick?.id ?? null,
    });
    notes.push(
      `A bid tabulation of ${k} columns: the plan carries ${pick?.label ?? 'one column'}${byAnswer ? ' (your choice)' : ENGINEER_RE.test(pick?.label ?? '') ? " (the engineer's estimate, by default)" : ' (the low bid, by default)'}; the other columns are set aside, never added.`,
    );
    // The header keeps one pair; each row keeps its chosen pair; the other columns are set aside.
    const headerCells = cellsOf(headerLine).filter((c) => c.trim() !== '');
    const firstPair = headerCells.findIndex(
      (c, i) => roleOf(c) === 'rate' && roleOf(headerCells[i + 1] ?? '') === 'amount',
    );
    if (firstPair >= 0)
      lines[h] = headerCells.slice(0, firstPair + 2).join(headerLine.includes('\t') ? '\t' : '    ');
    for (const r of rows) {
      const pair = r.raw.slice(2 * chosen, 2 * chosen + 2);
      lines[r.i] = [...r.head, ...pair].join(r.tab ? '\t' : '    ');
      const description = r.head.find((c) => /[a-z]{3}/i.test(c)) ?? r.head.join(' ');
      names.forEach((name, c) => {
        if (c === chosen) return;
        setAside.push({
          line: r.i + 1,
          sheet,
          text: `${description} — ${name}`,
          amount: r.nums[2 * c + 1] ?? null,
          disposition: 'other-bidder',
          reason: `${name}'s price (column not chosen)`,
        });
      });
    }
    if (totalRow) {
      lines[totalRow.i] = `${totalRow.text} — ${pick?.label ?? ''}    ${totals[chosen] ?? ''}`;
      columnLines.push(totalRow.i + 1);
      names.forEach((name, c) => {
        if (c === chosen || !totalRow) return;
        setAside.push({
          line: totalRow.i + 1,
          sheet,
          text: `${totalRow.text} — ${name}`,
          amount: totals[c] ?? null,
          disposition: 'other-bidder',
          reason: `${name}'s total (column not chosen)`,
        });
      });
    }
    blankSummaries(lines, options, setAside);
  }
  // Tabs of one row per bidder and item ask the same question, numbered after these.
  const long = bidRowsPrePass(lines, answers, sections);
  choices.push(...long.choices);
  setAside.push(...long.setAside);
  notes.push(...long.notes);
  return { lines, columnLines, choices, setAside, notes, questions };
}

/** A summary of the bidders' totals elsewhere (`K&E Excavating, Inc.  2797065`) restates the columns. */
function blankSummaries(lines: string[], options: EstimateChoice['options'], setAside: SetAside[]): void {
  let sheet: string | null = null;
  lines.forEach((raw, i) => {
    const sheetMatch = /^##\s*sheet:\s*(.*)$/i.exec(raw.trim());
    if (sheetMatch) sheet = sheetMatch[1]?.trim() || null;
    const cells = cellsOf(raw)
      .map((c) => c.replace(/\s+/g, ' ').trim())
      .filter((c) => c !== '');
    if (cells.length !== 2) return;
    const [label = '', value = ''] = cells;
    const n = parseNumber(value)?.value;
    const o = options.find(
      (x) =>
        normalise(x.label) === normalise(label) &&
        x.total !== null &&
        n !== undefined &&
        Math.abs(x.total - n) < 0.01,
    );
    if (!o) return;
    setAside.push({
      line: i + 1,
      sheet,
      text: label,
      amount: n ?? null,
      disposition: 'recap',
      reason: 'the bid summary restates this column total',
    });
    lines[i] = '';
  });
}
