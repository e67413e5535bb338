/**
 * Bid tabulations in long format, as agencies export them: one row per bidder and item, under a
 * header with a bidder column (`Bidder Name`, `Contractor`), often a position column (`Pos`,
 * `Rank`), and the row's amount in the column the header names as such (`Extension`, `Amount`,
 * `Total Price`) among columns of the letting (bid date, project id, job size, county, federal id).
 *
 * The plan carries one bidder, never the bidders added together: the same `bid-column` question
 * as a tab with a column per bidder, answered the same way, the low bid by default. This pre-pass
 * rewrites the header and the chosen bidder's rows to the item's own columns (code, description,
 * quantity, unit, rate, amount), so the amount is the column the header names, never the row's
 * last number; the other bidders' rows are set aside.
 */
import { normalise } from '../lexicon.js';
import { parseNumber, roundMoney } from '../numbers.js';
import type { EstimateChoice, EstimateChoiceAnswers } from '../types.js';
import { chooseBid, ENGINEER_RE, slug } from './bid-choice.js';
import type { SetAside } from './state.js';
import { type HeaderRole, roleOfTitle } from './table.js';

const BIDDER_TITLE_RE =
  /^(?:bidder|bidder'?s? name|name of (?:the )?bidder|bidder name|contractor|contractor'?s? name|name of (?:the )?contractor|vendor|vendor name|firm|firm name|company|company name)$/;
const POSITION_TITLE_RE = /^(?:pos\.?|position|rank|bid rank|bidder rank|bid position|place)$/;

/** The item's own columns, kept in the header's order. */
const ITEM_ROLES: readonly HeaderRole[] = ['code', 'description', 'qty', 'unit', 'rate', 'amount'];

interface LongHeader {
  bidder: number;
  position: number | null;
  amount: number;
  /** The columns of the item, in the header's order. */
  kept: number[];
  tabs: boolean;
  width: number;
}

const title = (cell: string) =>
  normalise(cell)
    .replace(/[:*]+$/, '')
    .trim();

function cellsOf(line: string, tabs: boolean): string[] {
  return (tabs ? line.split('\t') : line.trim().split(/\s{2,}/)).map((c) => c.replace(/\s+/g, ' ').trim());
}

/** A header naming a bidder column, a description and an amount column; null for any other line. */
function longHeader(line: string): LongHeader | null {
  const tabs = line.includes('\t');
  const cells = cellsOf(line, tabs);
  if (cells.some((c) => c !== '' && parseNumber(c) !== null)) return null;
  const bidder = cells.findIndex((c) => BIDDER_TITLE_RE.test(title(c)));
  if (bidder < 0) return null;
  const positionAt = cells.findIndex((c) => POSITION_TITLE_RE.test(title(c)));
  const position = positionAt >= 0 ? positionAt : null;
  const kept: number[] = [];
  const taken = new Set<HeaderRole>();
  cells.forEach((c, i) => {
    const role = i === bidder || i === position || !c ? null : roleOfTitle(c);
    if (role === null || !ITEM_ROLES.includes(role) || taken.has(role)) return;
    taken.add(role);
    kept.push(i);
  });
  const amount = kept.find((i) => roleOfTitle(cells[i] ?? '') === 'amount');
  if (amount === undefined || !taken.has('description')) return null;
  return { bidder, position, amount, kept, tabs, width: cells.length };
}

interface BidRow {
  i: number;
  bidder: string;
  position: number | null;
  amount: number;
  cells: string[];
}

/** The header's rows that name a bidder and carry an amount, to the end of the sheet. */
function bidRows(lines: readonly string[], h: number, header: LongHeader): BidRow[] {
  const rows: BidRow[] = [];
  for (let i = h + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^##\s*sheet:/i.test(line.trim())) break;
    if (!line.trim() || (!header.tabs && cellsOf(line, false).length !== header.width)) continue;
    const cells = cellsOf(line, header.tabs);
    const bidder = cells[header.bidder] ?? '';
    const amount = parseNumber(cells[header.amount] ?? '');
    if (!/[a-z]{2}/i.test(bidder) || !amount || amount.percent) continue;
    const position =
      header.position === null ? null : (parseNumber(cells[header.position] ?? '')?.value ?? null);
    rows.push({ i, bidder, position, amount: amount.value, cells });
  }
  return rows;
}

interface Bidder {
  label: string;
  position: number | null;
  total: number;
  rows: BidRow[];
}

/** The bidders in the order of their position (`Pos 1` first), else as the rows name them. */
function biddersOf(rows: readonly BidRow[]): Bidder[] {
  const byName = new Map<string, Bidder>();
  for (const r of rows) {
    const key = normalise(r.bidder);
    const b = byName.get(key) ?? { label: r.bidder, position: r.position, total: 0, rows: [] };
    b.total = roundMoney(b.total + r.amount);
    b.rows.push(r);
    if (r.position !== null && (b.position === null || r.position < b.position)) b.position = r.position;
    byName.set(key, b);
  }
  return [...byName.values()].sort(
    (a, b) => (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY),
  );
}

export interface BidRowsPass {
  choices: EstimateChoice[];
  setAside: SetAside[];
  notes: string[];
}

/**
 * Rewrites each long-format bid tab of the lines (in place) to the chosen bidder's rows; `sections`
 * is how many bid-column questions the document has asked before, for the question's key.
 */
export function bidRowsPrePass(
  lines: string[],
  answers: EstimateChoiceAnswers,
  sections: number,
): BidRowsPass {
  const pass: BidRowsPass = { choices: [], setAside: [], notes: [] };
  let sheet: string | null = null;
  let asked = sections;
  for (let h = 0; h < lines.length; h++) {
    const line = lines[h] ?? '';
    const sheetMatch = /^##\s*sheet:\s*(.*)$/i.exec(line.trim());
    if (sheetMatch) sheet = sheetMatch[1]?.trim() || null;
    const header = longHeader(line);
    if (!header) continue;
    const rows = bidRows(lines, h, header);
    if (rows.length === 0) continue;
    const bidders = biddersOf(rows);
    const options = bidders.map((b) => ({ id: slug(b.label), label: b.label, total: b.total }));
    const key = asked === 0 ? 'bid-column' : `bid-column:${asked + 1}`;
    const { chosen, byAnswer } = chooseBid(options, answers[key] ?? answers['bid-column']);
    const keep = (cells: readonly string[]) => header.kept.map((c) => cells[c] ?? '').join('\t');
    lines[h] = keep(cellsOf(line, header.tabs));
    bidders.forEach((b, n) => {
      for (const r of b.rows) {
        if (n === chosen) {
          lines[r.i] = keep(r.cells);
          continue;
        }
        lines[r.i] = '';
        const description = header.kept.map((c) => r.cells[c] ?? '').find((c) => /[a-z]{3}/i.test(c)) ?? '';
        pass.setAside.push({
          line: r.i + 1,
          sheet,
          text: `${description} — ${b.label}`,
          amount: r.amount,
          disposition: 'other-bidder',
          reason: `${b.label}'s price (bidder not chosen)`,
        });
      }
    });
    const pick = bidders[chosen];
    if (bidders.length < 2 || !pick) continue;
    asked += 1;
    const named = bidders.map((b) => (b.position !== null ? `${b.label} (position ${b.position})` : b.label));
    pass.choices.push({
      key,
      kind: 'bid-column',
      question: `This is a bid tabulation with one row per bidder and item (${named.join(', ')}). Which bidder should the plan carry?`,
      options,
      defaultOption: options[chooseBid(options, undefined).chosen]?.id ?? null,
      chosen: options[chosen]?.id ?? null,
    });
    const why = byAnswer
      ? ' (your choice)'
      : ENGINEER_RE.test(pick.label)
        ? " (the engineer's estimate, by default)"
        : ' (the low bid, by default)';
    pass.notes.push(
      `A bid tabulation of ${bidders.length} bidders, one row per bidder and item: the plan carries ${pick.label}${why}, its amounts from the "${cellsOf(line, header.tabs)[header.amount]}" column; the other bidders' rows are set aside, never added.`,
    );
  }
  return pass;
}
