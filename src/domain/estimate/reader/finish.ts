/**
 * The second pass over what the lines gave: measurement quantities that are the detail of priced
 * items, rows on unpriced sheets, summary lines rolling up sections itemised elsewhere, and
 * percentage additions or charges computed from their base. Lines set aside keep their reason.
 */
import { classifyLine, matchLexicon, sectionHint } from '../lexicon.js';
import { formatMoney, roundMoney } from '../numbers.js';
import type { EstimateProblem } from '../types.js';
import { type Group, groupSums, labelsMatch, percentBase } from './groups.js';
import { checkProduct } from './ocr-check.js';
import { settleLookalikes } from './ocr-letters.js';
import type { Draft, ReaderState } from './state.js';
import { short, where } from './util.js';

/** The reason given to rows of a sheet without prices (a lookup table, a schedule). */
export const UNPRICED_SHEET = 'a row on a sheet without prices';

function exclude(d: Draft, disposition: NonNullable<Draft['excluded']>['disposition'], reason: string) {
  d.excluded ??= { disposition, reason };
}

/** Drafts still in play (not set aside by an earlier rule). */
export function live(drafts: readonly Draft[]): Draft[] {
  return drafts.filter((d) => !d.excluded);
}

/** Measurement-sheet quantities and rows of unpriced sheets, when the document has priced items. */
export function dropUnpriced(st: ReaderState): void {
  const drafts = live(st.drafts);
  const priced = drafts.some((d) => !d.measured && d.amount !== null);
  const measured = drafts.filter((d) => d.measured);
  if (priced) {
    for (const d of measured) exclude(d, 'measurement', 'a measured quantity of a priced item');
    const items = live(st.drafts);
    // A sheet is priced when its figures are surely prices, or it states a grand total.
    const pricedSheets = new Set(
      items.filter((d) => d.amount !== null && !d.computed && d.confident).map((d) => d.sheet),
    );
    for (const t of st.totals) if (t.kind === 'grand' && t.value !== null) pricedSheets.add(t.sheet);
    // With no sheet surely priced (bare numbers, no header), every sheet's amounts are read.
    const unpriced = pricedSheets.size === 0 ? [] : items.filter((d) => !pricedSheets.has(d.sheet));
    for (const d of unpriced) exclude(d, 'unclear', UNPRICED_SHEET);
    if (unpriced.length > 0)
      st.notes.push(
        `${unpriced.length} unpriced row${unpriced.length === 1 ? '' : 's'} on sheets without prices (${[...new Set(unpriced.map((d) => d.sheet ?? 'text'))].join(', ')}) were not read as work.`,
      );
    if (measured.length > 0)
      st.notes.push(
        `${measured.length} measurement-sheet quantities were read as the detail of priced items, not added again.`,
      );
  } else if (measured.length > 0) {
    st.notes.push(
      `The document gives quantities without prices: ${measured.length} items read from its measurements.`,
    );
  }
}

const equalAmount = (a: number, b: number) => Math.abs(a - b) <= Math.max(1.5, b * 0.0005);

/** What a summary line can restate of another sheet: the sum of its items, or its own stated total. */
interface SheetFigure {
  sheet: string;
  label: string;
  value: number;
}

/**
 * Each itemised sheet's figures: its items' sum and the totals it states itself (`Total of Part - I
 * 53932714`), which count lines the reader does not plan as work (an allowance within the part).
 */
function sheetFigures(st: ReaderState, groups: readonly Group[]): SheetFigure[] {
  const figures: SheetFigure[] = [];
  for (const g of groups) {
    const sheet = g.items[0]?.sheet;
    if (sheet && g.items.length >= 2 && g.items.every((d) => d.sheet === sheet))
      figures.push({ sheet, label: g.label, value: g.sum });
  }
  const itemised = new Set(figures.map((f) => f.sheet));
  for (const t of st.totals)
    if (t.sheet && itemised.has(t.sheet) && t.value !== null && t.value > 0)
      figures.push({ sheet: t.sheet, label: `"${t.description}" (sheet "${t.sheet}")`, value: t.value });
  return figures;
}

const restatedBy = (d: Draft, figures: readonly SheetFigure[]) =>
  d.amount === null
    ? undefined
    : figures.find((f) => f.sheet !== d.sheet && equalAmount(d.amount ?? 0, f.value));

/**
 * Summary sheets: named or titled so (`Gen-Abst`, `General Abstract`, `Summary`), or known by what
 * they hold — two lines or more, each restating a different other sheet's figure (a general abstract
 * listing the parts' totals under any name).
 */
function summarySheets(st: ReaderState, candidates: readonly Draft[], figures: readonly SheetFigure[]) {
  const sheets = new Set([...st.sheetKinds].filter(([, kind]) => kind === 'general').map(([name]) => name));
  const restated = new Map<string, Set<string>>();
  for (const d of candidates) {
    const f = d.sheet ? restatedBy(d, figures) : undefined;
    if (!d.sheet || !f) continue;
    restated.set(d.sheet, (restated.get(d.sheet) ?? new Set()).add(f.sheet));
  }
  for (const [sheet, others] of restated) if (others.size >= 2) sheets.add(sheet);
  return sheets;
}

/** Summary lines rolling up a section that is itemised elsewhere in the document. */
export function markRollups(st: ReaderState, problems: EstimateProblem[]): Group[] {
  const items = live(st.drafts);
  const groups = groupSums(items);
  const candidates = items.filter((d) => d.amountOnly && d.kind === 'work' && d.percent === null);
  const figures = sheetFigures(st, groups);
  const summaries = summarySheets(st, candidates, figures);
  const rollups: Draft[] = [];
  for (const d of candidates) {
    // Equal to a group's sum is not enough (a lump sum may equal two other lines by chance): the
    // line must sit on a summary sheet or name what it rolls up.
    const summary = d.sheet !== null && summaries.has(d.sheet);
    const match =
      groups.find(
        (g) =>
          g.items.length >= 2 &&
          !g.items.includes(d) &&
          ((d.amount !== null &&
            equalAmount(g.sum, d.amount) &&
            (summary || sharesWord(d.description, g.label))) ||
            (d.broken && labelsMatch(d.description, g.label))),
      ) ?? (summary ? restatedBy(d, figures) : undefined);
    if (!match) continue;
    d.rollup = true;
    rollups.push(d);
    if (d.broken && 'sum' in match)
      problems.push({
        code: 'broken-total',
        message: `${where(d.sheet, d.line)}: "${short(d.description)}" reads #REF!; its items in ${match.label} add up to ${formatMoney(match.sum, null)}.`,
      });
  }
  for (const d of rollups) exclude(d, 'recap', `rolls up items listed elsewhere`);
  if (rollups.length > 0)
    st.notes.push(
      `${rollups.length} summary line${rollups.length === 1 ? '' : 's'} (${rollups.map((r) => short(r.description, 40)).join('; ')}) roll up sections itemised elsewhere and were not counted again.`,
    );
  return groups;
}

const STOP = new Set([
  'work',
  'works',
  'with',
  'from',
  'including',
  'total',
  'sheet',
  'part',
  'item',
  'items',
  'cost',
]);

/** The label names something of the group: a word of 4+ letters they share. */
function sharesWord(label: string, groupLabel: string): boolean {
  const words = (t: string) =>
    new Set(
      t
        .toLowerCase()
        .split(/[^a-z0-9à-ÿ]+/)
        .filter((w) => w.length >= 4 && !STOP.has(w)),
    );
  const a = words(label);
  return [...words(groupLabel)].some((w) => a.has(w));
}

/** Percentage additions without a usable amount, computed from the base the document names; charges given as a percentage. */
export function computePercentages(st: ReaderState, groups: Group[]): void {
  const items = live(st.drafts);
  for (const d of items) {
    if (d.percent === null || d.amount !== null) continue;
    const base = d.percentBase ?? percentBase(d, items, groups);
    if (base !== null && base > 0) {
      d.amount = roundMoney((base * d.percent) / 100);
      d.computed = true;
      st.notes.push(
        `${where(d.sheet, d.line)}: "${short(d.description)}" has no readable amount; computed as ${d.percent}% of ${formatMoney(base, null)} = ${formatMoney(d.amount, null)}.`,
      );
    }
  }
  const workSum = items.filter((d) => d.kind === 'work').reduce((s, d) => s + (d.amount ?? 0), 0);
  for (const c of st.charges) {
    if (c.amount === null && c.percent !== null) c.amount = roundMoney((workSum * c.percent) / 100);
  }
}

/**
 * A line whose amount equals the sum of the items above it in its section, with nothing after it
 * in that section (`Duration: 2.02 Week(s) … $49,504.93` closing a scope), is the section's
 * subtotal, not another item.
 */
export function markSubtotalLines(st: ReaderState): void {
  const bySection = new Map<string, Draft[]>();
  for (const d of live(st.drafts)) {
    if (d.kind !== 'work' || d.measured) continue;
    const key = `${d.sheet ?? ''}\u0000${d.section ?? ''}`;
    bySection.set(key, [...(bySection.get(key) ?? []), d]);
  }
  for (const list of bySection.values()) {
    const last = list[list.length - 1];
    if (!last || last.amount === null || last.amount <= 0 || last.percent !== null || list.length < 3)
      continue;
    // A line naming work is an item even when it equals the lines above it by chance.
    if (matchLexicon(last.description) !== null) continue;
    const above = list.slice(0, -1);
    const sum = above.reduce((s, d) => s + (d.amount ?? 0), 0);
    if (Math.abs(sum - last.amount) > Math.max(0.01, last.amount * 0.0005)) continue;
    exclude(
      last,
      'subtotal',
      `totals the ${above.length} items above it${last.section ? ` in "${short(last.section, 40)}"` : ''}`,
    );
  }
}

/** Lines listed with quantity 0 and amount 0: in the bill, not in this budget. */
export function markZeroLines(st: ReaderState): void {
  for (const d of live(st.drafts))
    if (d.amount === 0 && (d.quantity === 0 || d.quantity === null) && !d.measured)
      exclude(d, 'exclusion', 'quantity 0: listed, not in this budget');
}

/** Quantity × price = amount on every line that gives all three: repaired or flagged. */
export function checkProducts(st: ReaderState): void {
  for (const d of live(st.drafts)) {
    // A line whose cost parts disagree with its total is already flagged; no single field to repair.
    if (d.computed || d.measured || d.suspect) continue;
    const lookalikes = st.lookalikes.get(d.line);
    if (lookalikes && settleLookalikes(d, lookalikes)) {
      if (d.repaired && !d.suspect) st.notes.push(`${where(d.sheet, d.line)}: ${d.repaired}.`);
      continue;
    }
    if (!checkProduct(d)) d.suspect = 'quantity × price ≠ amount, and no single misread explains it';
    else if (d.repaired) st.notes.push(`${where(d.sheet, d.line)}: ${d.repaired}.`);
  }
}

/**
 * A recap by trade without a title (`Concrete  18,000.00` after the concrete items): a short
 * amount-only line equal to the sum of the items above it of the trade it names.
 */
export function markTradeRecaps(st: ReaderState): void {
  const items = live(st.drafts).filter((d) => d.kind === 'work' && d.amount !== null);
  const candidates = items.filter(
    (d) => d.amountOnly && d.percent === null && (d.amount ?? 0) > 0 && d.description.length <= 40,
  );
  const pool = items.filter((d) => !candidates.includes(d));
  for (const d of candidates) {
    // The trades a heading of that name would allow (`Concrete` covers footings and slabs).
    const trades: readonly string[] = sectionHint(d.description).trades;
    const trade = trades[0];
    if (!trade || trade === 'other') continue;
    const same = pool.filter(
      (x) => x.line < d.line && trades.includes(classifyLine(x.tradeText, x.section ?? x.sheet).trade),
    );
    const sum = same.reduce((s, x) => s + (x.amount ?? 0), 0);
    if (same.length >= 2 && Math.abs(sum - (d.amount ?? 0)) <= Math.max(0.01, (d.amount ?? 0) * 0.0005))
      exclude(d, 'recap', `sums the ${same.length} ${trade} items above`);
  }
}
