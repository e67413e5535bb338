/**
 * Workbooks of several sheets: a sheet that repeats another line for line is a duplicate (counted
 * once); sheets that are each a whole estimate of their own (house models, building types: their
 * own total, the same kind of work, no sheet adding them up) are alternatives, one to be chosen.
 */
import { classifyLine, normalise } from '../lexicon.js';
import type { EstimateChoice, EstimateChoiceAnswers } from '../types.js';
import { live } from './finish.js';
import type { Draft, ReaderState } from './state.js';
import { short } from './util.js';

function bySheet(drafts: readonly Draft[]): Map<string, Draft[]> {
  const sheets = new Map<string, Draft[]>();
  for (const d of drafts) {
    if (d.sheet === null || d.amount === null || d.kind !== 'work') continue;
    sheets.set(d.sheet, [...(sheets.get(d.sheet) ?? []), d]);
  }
  return sheets;
}

const sum = (ds: readonly Draft[]) => ds.reduce((s, d) => s + (d.amount ?? 0), 0);
const lineKey = (d: Draft) => `${normalise(d.description).slice(0, 60)}|${Math.round((d.amount ?? 0) * 100)}`;

/** A sheet whose priced lines are another sheet's, line for line: its lines are not counted again. */
export function markDuplicateSheets(st: ReaderState): void {
  const sheets = [...bySheet(live(st.drafts))];
  for (let j = 1; j < sheets.length; j++) {
    const [name, ds] = sheets[j] as [string, Draft[]];
    if (ds.length < 2) continue;
    for (let i = 0; i < j; i++) {
      const [first, base] = sheets[i] as [string, Draft[]];
      const keys = new Map<string, number>();
      for (const d of base) keys.set(lineKey(d), (keys.get(lineKey(d)) ?? 0) + 1);
      let shared = 0;
      for (const d of ds) {
        const n = keys.get(lineKey(d)) ?? 0;
        if (n > 0) {
          shared += 1;
          keys.set(lineKey(d), n - 1);
        }
      }
      if (shared < 0.9 * ds.length || Math.abs(sum(ds) - sum(base)) > 0.005 * Math.max(1, sum(base)))
        continue;
      for (const d of ds) d.excluded ??= { disposition: 'duplicate', reason: `repeats sheet "${first}"` };
      st.notes.push(`Sheet "${name}" repeats sheet "${first}" line for line; its lines were counted once.`);
      break;
    }
  }
}

const MODEL_NAME_RE =
  /\b(?:model|plan|type|elevation|option|house|home|villa|unit type|design|scheme|modelo|tipo|vivienda)\b|^[a-z]?\d{1,4}[a-z]?$/i;
const SUMMARY_SHEET_RE = /\b(?:summary|recap|overview|totals|resumen|resum)\b/i;
const PART_NAME_RE =
  /\b(?:floor|level|storey|story|basement|roof|gf|ff|sf|abs|abstract|part|block|wing|phase|building|sitework|site|summary|recap|mes|measurements?)\b/i;

/** The sheet's own stated total (its last grand or plain total), if any. */
function ownTotal(st: ReaderState, sheet: string): number | null {
  const totals = st.totals.filter((t) => t.sheet === sheet && t.value !== null && t.kind !== 'subtotal');
  return totals[totals.length - 1]?.value ?? null;
}

function trades(ds: readonly Draft[]): Set<string> {
  return new Set(ds.map((d) => classifyLine(d.tradeText, d.section ?? d.sheet).trade));
}

function slug(label: string): string {
  return (
    normalise(label)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'sheet'
  );
}

/**
 * Sheets that are each a whole estimate: one is planned (the user's answer), never their sum.
 * Without an answer none is planned and the document asks which.
 */
export function chooseModel(st: ReaderState, answers: EstimateChoiceAnswers = {}): EstimateChoice | null {
  const all = [...bySheet(live(st.drafts))].filter(([, ds]) => ds.length >= 2);
  // A summary sheet listing the sheets' totals (`Plan 1800  $175,000`) restates them: not a part.
  const restating = all.filter(
    ([name, ds]) =>
      SUMMARY_SHEET_RE.test(name) &&
      ds.every((d) =>
        all.some(
          ([other]) =>
            other !== name && Math.abs((ownTotal(st, other) ?? Number.NaN) - (d.amount ?? 0)) < 0.01,
        ),
      ),
  );
  const sheets = all.filter((entry) => !restating.includes(entry));
  if (sheets.length < 2) return null;
  // Each sheet a whole estimate: its own total agrees with its lines; or, without totals, sheets
  // named as models (`Plan A`, `Model 3`, `Type B`), never floors, parts or blocks of one building.
  if (sheets.some(([name]) => PART_NAME_RE.test(name))) return null;
  const named = sheets.every(([name]) => MODEL_NAME_RE.test(name));
  const models = sheets
    .map(([name, ds]) => ({ name, ds, total: ownTotal(st, name), work: sum(ds) }))
    .filter(
      (m) =>
        (m.total !== null && m.total > 0 && m.work <= m.total * 1.005 && m.work >= m.total * 0.5) ||
        (m.total === null && named),
    )
    .map((m) => ({ ...m, total: m.total ?? m.work }));
  if (models.length < 2 || models.length < sheets.length) return null;
  // A total elsewhere adding the sheets up makes them parts of one job, not alternatives.
  const together = models.reduce((s, m) => s + (m.total ?? 0), 0);
  if (st.totals.some((t) => t.value !== null && Math.abs(t.value - together) <= together * 0.005))
    return null;
  const base = trades(models[0]?.ds ?? []);
  const similar = models.every((m) => {
    const t = trades(m.ds);
    const shared = [...t].filter((x) => base.has(x)).length;
    return shared / new Set([...t, ...base]).size >= 0.5;
  });
  if (!similar) return null;
  for (const [, ds] of restating)
    for (const d of ds)
      d.excluded ??= { disposition: 'recap', reason: "the summary sheet restates a model's total" };
  const options = models.map((m) => ({ id: slug(m.name), label: m.name, total: m.total }));
  const answer = answers.model ? slug(answers.model) : null;
  const chosen = options.find((o) => o.id === answer || slug(o.label) === answer) ?? null;
  for (const m of models) {
    if (chosen && m.name === chosen.label) continue;
    const reason = chosen
      ? `another model of the workbook ("${short(m.name, 40)}", not chosen)`
      : `one of ${models.length} models of the workbook: choose which to plan`;
    for (const d of m.ds) d.excluded ??= { disposition: 'other-model', reason };
    // Its charges and totals belong to the model, not to the plan.
    st.charges = st.charges.filter((c) => {
      if (c.sheet !== m.name) return true;
      st.setAside.push({
        line: c.line,
        sheet: c.sheet,
        text: c.description,
        amount: c.amount,
        disposition: 'other-model',
        reason,
      });
      return false;
    });
    st.totals = st.totals.filter((t) => t.sheet !== m.name);
  }
  st.notes.push(
    chosen
      ? `The workbook holds ${models.length} separate estimates (one per sheet); the plan carries "${chosen.label}".`
      : `The workbook holds ${models.length} separate estimates (one per sheet): choose which one to plan.`,
  );
  return {
    key: 'model',
    kind: 'model',
    question: `This workbook holds ${models.length} separate estimates, one per sheet (${models.map((m) => m.name).join(', ')}). Which one should the plan carry?`,
    options,
    defaultOption: null,
    chosen: chosen?.id ?? null,
  };
}
