/**
 * How many of the review's corrections a reading needs before its planned figures reconcile with
 * the document's stated total: none when they already do; otherwise a greedy search, each step
 * taking the one correction whose reading (the domain's own `readEstimate` with the corrections so
 * far, as the review reads) leaves the difference closest to zero. The corrections tried are those
 * the review offers on its ledger: a line's role (a counted line becomes an option, a recap or
 * ignored; a line set aside or read as a total becomes work), a sheet ignored or marked as a repeat,
 * and "every line after this one is an option". The stated total itself is never corrected: that
 * would reconcile anything.
 *
 * Every candidate costs a full reading, so on a long ledger they are first ranked by how far their
 * amount alone would move the difference, and only the nearest `readsPerStep` line candidates (plus
 * every sheet action) are read; the step takes the best of those by its real reading.
 */
import { readEstimate } from './read-estimate.js';
import type {
  CorrectedRole,
  CorrectedSheet,
  EstimateCorrections,
  EstimateDocument,
  EstimateToPlanOptions,
  LineDisposition,
} from './types.js';

export type CorrectionsNeeded =
  /** The reading has no stated total to reconcile with. */
  | { status: 'no-total' }
  /** Reconciled after `steps` corrections (0: as read), with the corrections that did it. */
  | { status: 'reconciles'; steps: number; corrections: EstimateCorrections }
  /** Still not reconciled after `steps` corrections (the most the search was allowed). */
  | { status: 'beyond'; steps: number };

export interface CorrectionSearchOptions {
  /** Most corrections tried in a row (default 3). */
  maxSteps?: number;
  /** Line and "options after" candidates read per step, the nearest by their amounts (default 48). */
  readsPerStep?: number;
}

/** Roles whose amounts count towards what is compared with the stated total. */
const COUNTED: ReadonlySet<LineDisposition> = new Set(['work', 'allowance', 'charge']);
/** What a counted line can be made instead, in the review's role select. */
const SET_ASIDE_ROLES: readonly CorrectedRole[] = ['option', 'recap', 'ignore'];
const SHEET_ACTIONS: readonly CorrectedSheet[] = ['ignore', 'duplicate'];

interface Candidate {
  corrections: EstimateCorrections;
  /** The difference this correction would leave if only its amount moved (for ranking). */
  guess: number;
}

const withLine = (c: EstimateCorrections, line: number, role: CorrectedRole): EstimateCorrections => ({
  ...c,
  lines: { ...c.lines, [String(line)]: { role } },
});

function lineCandidates(doc: EstimateDocument, current: EstimateCorrections, diff: number): Candidate[] {
  const out: Candidate[] = [];
  for (const l of doc.lines ?? []) {
    if (l.amount === null || current.lines?.[String(l.line)]) continue;
    // The difference is stated − read: setting a counted amount aside raises it, counting one lowers it.
    if (COUNTED.has(l.disposition)) {
      for (const role of SET_ASIDE_ROLES)
        out.push({ corrections: withLine(current, l.line, role), guess: diff + l.amount });
    } else out.push({ corrections: withLine(current, l.line, 'work'), guess: diff - l.amount });
  }
  return out;
}

function optionsAfterCandidates(
  doc: EstimateDocument,
  current: EstimateCorrections,
  diff: number,
): Candidate[] {
  if (current.optionsAfter != null) return [];
  const counted = (doc.lines ?? []).filter((l) => COUNTED.has(l.disposition) && l.amount !== null);
  const out: Candidate[] = [];
  // Walking back from the end: the amount counted after each line is what would become options.
  let after = 0;
  for (let i = counted.length - 1; i > 0; i--) {
    after += counted[i]?.amount ?? 0;
    const line = counted[i - 1]?.line;
    if (line !== undefined)
      out.push({ corrections: { ...current, optionsAfter: line }, guess: diff + after });
  }
  return out;
}

function sheetCandidates(doc: EstimateDocument, current: EstimateCorrections): EstimateCorrections[] {
  const sheets = new Set((doc.lines ?? []).flatMap((l) => (l.sheet ? [l.sheet] : [])));
  return [...sheets]
    .filter((s) => !current.sheets?.[s])
    .flatMap((s) => SHEET_ACTIONS.map((what) => ({ ...current, sheets: { ...current.sheets, [s]: what } })));
}

/** The corrections worth reading at this step: every sheet action, and the nearest line candidates. */
export function candidatesOf(
  doc: EstimateDocument,
  current: EstimateCorrections,
  readsPerStep: number,
): EstimateCorrections[] {
  const diff = doc.reconciliation?.difference ?? 0;
  const ranked = [...lineCandidates(doc, current, diff), ...optionsAfterCandidates(doc, current, diff)]
    .sort((a, b) => Math.abs(a.guess) - Math.abs(b.guess))
    .slice(0, readsPerStep)
    .map((c) => c.corrections);
  return [...sheetCandidates(doc, current), ...ranked];
}

interface Read {
  doc: EstimateDocument;
  corrections: EstimateCorrections;
}

/** The candidate whose reading leaves the smallest difference (a reading with no total left is no use). */
function bestOf(text: string, options: EstimateToPlanOptions, candidates: EstimateCorrections[]) {
  let best: Read | null = null;
  for (const corrections of candidates) {
    const doc = readEstimate(text, { ...options, corrections });
    const diff = doc.reconciliation?.difference;
    if (diff == null) continue;
    const bestDiff = best?.doc.reconciliation?.difference ?? Number.POSITIVE_INFINITY;
    if (Math.abs(diff) < Math.abs(bestDiff)) best = { doc, corrections };
  }
  return best;
}

export function correctionsToReconcile(
  text: string,
  options: EstimateToPlanOptions = {},
  search: CorrectionSearchOptions = {},
): CorrectionsNeeded {
  const maxSteps = search.maxSteps ?? 3;
  const readsPerStep = search.readsPerStep ?? 48;
  let current: Read = { doc: readEstimate(text, options), corrections: {} };
  const first = current.doc.reconciliation;
  if (!first?.against || first.matches == null) return { status: 'no-total' };
  for (let step = 0; ; step++) {
    if (current.doc.reconciliation?.matches) {
      return { status: 'reconciles', steps: step, corrections: current.corrections };
    }
    if (step === maxSteps) return { status: 'beyond', steps: maxSteps };
    const next = bestOf(text, options, candidatesOf(current.doc, current.corrections, readsPerStep));
    if (!next) return { status: 'beyond', steps: maxSteps };
    current = next;
  }
}
