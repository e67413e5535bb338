/**
 * Every line that carries an amount, accounted for: planned as work or an allowance, kept as a
 * charge, a total or subtotal, or set aside (a recap, a repeated sheet, another bidder or model,
 * an alternate after the total, an unclear line) with a short reason. And the reconciliation of
 * the document's own totals with what was planned.
 */
import { roundMoney } from '../numbers.js';
import type {
  EstimateReconciliation,
  EstimateSourceLine,
  EstimateStatedTotal,
  LineDisposition,
} from '../types.js';
import { UNPRICED_SHEET } from './finish.js';
import type { ReaderState, TotalLine } from './state.js';

/** Within this share of the document's figure the reading matches it. */
export const RECONCILE_TOLERANCE = 0.005;

/** Dispositions whose amounts are read but neither planned nor counted in the document's total. */
const EXCLUDED: ReadonlySet<LineDisposition> = new Set([
  'recap',
  'duplicate',
  'alternate',
  'option',
  'exclusion',
  'other-bidder',
  'other-model',
  'unclear',
]);

function entry(
  line: number,
  sheet: string | null,
  text: string,
  amount: number | null,
  disposition: LineDisposition,
  reason: string,
): EstimateSourceLine {
  const e: EstimateSourceLine = { line, text, amount, disposition, reason };
  if (sheet) e.sheet = sheet;
  return e;
}

/** A document total names work (before overheads, tax): PEM, hard cost, construction subtotal, total of works. */
export const WORK_TOTAL_RE =
  /\b(?:presupuesto de ejecuci[oó]n material|p\.?\s?e\.?\s?m\.?|hard cost (?:sub)?total|construction (?:sub)?total|total (?:of )?works?|total direct cost|direct cost total|net construction cost|works? total|subtotal of works)\b/i;

function statedKind(t: TotalLine): EstimateStatedTotal['kind'] {
  if (WORK_TOTAL_RE.test(t.description)) return 'work';
  return t.kind === 'grand' ? 'grand' : t.kind === 'subtotal' ? 'subtotal' : 'subtotal';
}

/** A priced line the reader planned but could not read with confidence (its figures disagree, or a letter stood for a digit). */
const DOUBT = 'a priced item read with doubt';

export function readWithDoubt(l: EstimateSourceLine): boolean {
  return l.reason.startsWith(DOUBT) || l.reason.includes('≠');
}

export function buildLedger(st: ReaderState): EstimateSourceLine[] {
  const lines: EstimateSourceLine[] = [];
  for (const d of st.drafts) {
    if (d.amount === null && !d.broken) continue;
    if (d.excluded) {
      lines.push(entry(d.line, d.sheet, d.description, d.amount, d.excluded.disposition, d.excluded.reason));
      continue;
    }
    const reason =
      d.kind === 'allowance'
        ? 'an allowance or contingency (budget, no task)'
        : d.computed
          ? `${d.percent}% of the work it names, computed (its cell is broken)`
          : d.percent !== null
            ? `${d.percent}% addition priced as work`
            : d.repaired
              ? `a priced item (${d.repaired})`
              : d.suspect
                ? `${DOUBT}: ${d.suspect}`
                : d.broken && d.amount === null
                  ? 'a priced item whose amount cell is broken (#REF!)'
                  : 'a priced item';
    lines.push(entry(d.line, d.sheet, d.description, d.amount, d.kind, reason));
  }
  for (const c of st.charges)
    lines.push(
      entry(
        c.line,
        c.sheet,
        c.description,
        c.amount,
        'charge',
        'not work: a markup, fee, tax or other addition',
      ),
    );
  for (const t of st.totals) {
    const disposition: LineDisposition = t.kind === 'subtotal' ? 'subtotal' : 'total';
    const of = t.section
      ? `totals "${t.section}"`
      : t.sheet
        ? `totals sheet "${t.sheet}"`
        : 'a document total';
    lines.push(
      entry(
        t.line,
        t.sheet,
        t.description,
        t.value,
        disposition,
        t.value === null ? `${of} (broken cell)` : of,
      ),
    );
  }
  for (const s of st.setAside) lines.push(entry(s.line, s.sheet, s.text, s.amount, s.disposition, s.reason));
  return lines.sort((a, b) => a.line - b.line);
}

/** The document's final figure: the largest grand total, else the largest total; null when a grand total is broken. */
export function finalTotal(totals: readonly TotalLine[]): { final: TotalLine | null; broken: boolean } {
  const grand = totals.filter((t) => t.kind === 'grand');
  const broken = grand.length > 0 ? grand.some((t) => t.value === null) : false;
  // Section subtotals are never the document's figure (a page of them states no total).
  const validTotals = totals.filter((t) => t.value !== null && t.value > 0 && t.kind !== 'subtotal');
  const candidates = grand.length > 0 ? grand.filter((t) => t.value !== null) : validTotals;
  const final = broken
    ? null
    : candidates.reduce<TotalLine | null>(
        (best, t) => (!best || (t.value ?? 0) > (best.value ?? 0) ? t : best),
        null,
      );
  return { final, broken };
}

/** Figures written to the cent make an exact document: its totals must then match to the cent. */
function tolerance(value: number): number {
  return Math.max(0.01, Math.abs(value) * RECONCILE_TOLERANCE);
}

export function reconcile(
  st: ReaderState,
  lines: readonly EstimateSourceLine[],
  figures: { planned: number; allowances: number; charges: number; columnLines?: readonly number[] },
): EstimateReconciliation {
  const { final } = finalTotal(st.totals);
  const documentTotals: EstimateStatedTotal[] = st.totals.map((t) => ({
    line: t.line,
    label: t.description,
    kind: figures.columnLines?.includes(t.line)
      ? 'column'
      : t === final && !WORK_TOTAL_RE.test(t.description)
        ? 'grand'
        : statedKind(t),
    value: t.value,
  }));
  const allIn = figures.planned + figures.allowances + figures.charges;
  // Each stated total is compared with what it should equal: a work total with the work, a
  // grand total or a column's with everything read, a subtotal only when nothing else is stated.
  const readings = documentTotals
    .filter((t) => t.value !== null && t.value > 0)
    .map((t) => {
      const value = t.value ?? 0;
      const read = t.kind === 'work' ? figures.planned : allIn;
      return { t, diff: roundMoney(value - read), rel: Math.abs(value - read) / value };
    });
  const preferred = readings.filter((r) => r.t.kind !== 'subtotal');
  const pool = preferred.length > 0 ? preferred : [];
  const best = pool.reduce<(typeof pool)[number] | null>(
    (b, r) => (!b || r.rel < b.rel || (r.rel === b.rel && (r.t.value ?? 0) > (b.t.value ?? 0)) ? r : b),
    null,
  );
  // Rows of sheets without prices (lookup tables, schedules) hold codes and counts, not amounts.
  const amountLines = lines.filter((l) => l.reason !== UNPRICED_SHEET);
  const excludedTotal = roundMoney(
    amountLines.filter((l) => EXCLUDED.has(l.disposition)).reduce((s, l) => s + (l.amount ?? 0), 0),
  );
  return {
    documentTotals,
    plannedTotal: roundMoney(figures.planned),
    allowanceTotal: roundMoney(figures.allowances),
    chargesTotal: roundMoney(figures.charges),
    excludedTotal,
    against: best?.t ?? null,
    difference: best ? best.diff : null,
    matches: best ? Math.abs(best.diff) <= tolerance(best.t.value ?? 0) : null,
    mismatches: amountLines.filter(
      (l) =>
        l.disposition === 'unclear' ||
        readWithDoubt(l) ||
        (l.amount === null && l.disposition !== 'total' && l.disposition !== 'subtotal'),
    ),
  };
}
