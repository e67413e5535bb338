/**
 * `estimateToPlan` and `planFromProposals`: packages (from the estimate's lines, or proposed by a
 * language model and normalised here), the standard packages every job has, long-lead
 * procurement, and the links of the construction-sequence graph. Dates are the scheduling
 * engine's job.
 */
import { tradeLabel } from './lexicon.js';
import { formatMoney, formatQuantity, roundMoney } from './numbers.js';
import {
  clampDuration,
  crewCurrency,
  durationFromCrewDays,
  lineEffort,
  packagesFromDocument,
  phaseOf,
  WEATHER_SENSITIVE,
} from './packages.js';
import { floorsOf, wholeTrades } from './plan-floors.js';
import { planScope, scopeNotes } from './plan-scope.js';
import { demolitionTiming, withLevelOfEffortSpans } from './plan-timing.js';
import { type NearText, procurementPackages } from './procurement.js';
import { LABOUR_SHARE, TRADE_DURATION_BOUNDS } from './rates.js';
import { readEstimate } from './read-estimate.js';
import { SEQUENCE } from './sequence.js';
import { type StandardKey, standardPackage } from './standard-packages.js';
import { sequenceByStorey } from './storey-sequence.js';
import { baseKey, parseFloorKey, partKey, partName } from './storeys.js';
import {
  type EstimateDocument,
  type EstimatePlan,
  type EstimateToPlanOptions,
  TRADES,
  type Trade,
  type WorkPackage,
  type WorkPackageProposal,
} from './types.js';

export function estimateToPlan(text: string, options: EstimateToPlanOptions = {}): EstimatePlan {
  const document = readEstimate(text, options);
  const { packages, notes } = packagesFromDocument(document);
  return assemble(document, packages, notes, text.split('\n'));
}

const ROUGH_KEYS = new Set(['plumbing', 'hvac', 'electrical', 'fire-protection', 'low-voltage', 'framing']);
const ABOVE_CEILING_KEYS = new Set(['plumbing', 'hvac', 'electrical', 'fire-protection', 'low-voltage']);
const FIRE_ALARM = /\bfire[- ]alarm/i;
/** Packages that make a job a building (a civil job gets no rough-in inspection). */
const BUILDING_KEYS = new Set([
  'foundation',
  'framing',
  'masonry',
  'structural-steel',
  'roofing',
  'windows-doors',
  'insulation',
  'drywall',
  'painting',
  'flooring',
  'tile',
  'cabinets-millwork',
  'plumbing',
  'hvac',
]);
const ORDER = new Map<string, number>([
  ...SEQUENCE.map((n, i) => [n.key, i] as const),
  ['general-conditions', SEQUENCE.findIndex((n) => n.key === 'mobilization') - 0.5],
  ['cleanup', SEQUENCE.length],
  ['inspection-final', SEQUENCE.length + 1],
  ['punch-list', SEQUENCE.length + 2],
  ['closeout', SEQUENCE.length + 3],
]);

/** Adds the standard and procurement packages, orders them along the graph and links them. */
function assemble(
  document: EstimateDocument,
  work: WorkPackage[],
  notes: string[],
  rawLines: readonly string[] = [],
): EstimatePlan {
  const byKey = new Map(work.map((p) => [p.key, p] as const));
  const packages = [...work];
  // Floor packages (`drywall@1`) count as their trade for the rules below.
  const trades = new Set(work.map((p) => baseKey(p.key)));
  const has = (keys: Iterable<string>) => [...keys].some((k) => trades.has(k));
  const ensure = (key: StandardKey) => {
    if (!byKey.has(key)) {
      const p = standardPackage(key);
      byKey.set(key, p);
      packages.push(p);
    }
  };
  // An inspection of work planned floor by floor is called floor by floor (`inspection-rough@1`).
  const ensureByFloor = (key: StandardKey, inspected: ReadonlySet<string>) => {
    const floors = floorsOf(work, inspected);
    // Work inspected once for the building (a services section priced once) keeps one inspection.
    const whole = work.some((p) => inspected.has(p.key) && floorsOf(work, new Set([p.key])).length === 0);
    if (floors.length === 0 || whole) return ensure(key);
    for (const part of floors) {
      const p = standardPackage(key);
      const floored = { ...p, key: partKey(key, part), name: `${p.name} — ${partName(part)}` };
      byKey.set(floored.key, floored);
      packages.push(floored);
    }
  };
  const scope = planScope(document, work);
  if (scope.permits.add) ensure('permits');
  // A supplier's quote sells goods: nothing of it is built on site to be inspected.
  const building = has(BUILDING_KEYS) && scope.kind !== 'supplier-quote';
  if (has(ROUGH_KEYS) && building) ensureByFloor('inspection-rough', ROUGH_KEYS);
  // A job that builds a roof builds the envelope: its interior waits for the dry-in.
  if (trades.has('roofing') && has(['insulation', 'drywall'])) ensure('dry-in');
  if (trades.has('ceiling-grid') && has(ABOVE_CEILING_KEYS))
    ensureByFloor('inspection-above-ceiling', new Set(['ceiling-grid']));
  if (trades.has('countertops')) ensure('countertop-template');
  if (building && document.items.some((i) => i.kind === 'work' && FIRE_ALARM.test(i.description)))
    ensure('fire-alarm-acceptance');
  if (scope.closing.add) {
    ensure('inspection-final');
    ensure('punch-list');
    ensure('closeout');
  }
  notes.push(...scopeNotes(scope));
  const lineText = (p: WorkPackage) => {
    const lines = new Set(p.sourceLines);
    return document.items
      .filter((i) => lines.has(i.line))
      .map((i) => i.description)
      .join(' ');
  };
  const itemLines = new Set(document.items.map((i) => i.line));
  const nearText = (p: WorkPackage): NearText[] =>
    p.sourceLines.flatMap((line) => {
      const own = document.items.find((i) => i.line === line)?.description ?? '';
      const texts: NearText[] = [{ line, text: `${own} ${rawLines[line - 1] ?? ''}` }];
      // A note on the line after an item (not an item itself) belongs to it: "Lead time 10-12 weeks".
      const next = rawLines[line];
      if (next !== undefined && !itemLines.has(line + 1)) texts.push({ line: line + 1, text: next });
      return texts;
    });
  // Goods are ordered once for the building, not floor by floor: delivered before the first floor's install.
  const procurement = procurementPackages(
    wholeTrades(work),
    lineText,
    nearText,
    scope.typicalProcurement.add,
  );
  packages.push(...procurement);
  if (procurement.length > 0)
    notes.push(
      `Long-lead procurement added: ${procurement.map((p) => `${p.name} (${p.durationDays} days)`).join('; ')}.`,
    );
  const orderOf = (key: string) =>
    (ORDER.get(baseKey(key)) ?? (key.startsWith('procure-') ? 0.5 : SEQUENCE.length - 1)) +
    (parseFloorKey(key)?.storey ?? 0) / 100;
  packages.sort((a, b) => orderOf(a.key) - orderOf(b.key));
  const links = sequenceByStorey(packages);
  links.push(...demolitionTiming(packages, links));
  return {
    document,
    packages: withLevelOfEffortSpans(packages, links),
    links,
    notes: [...document.notes, ...notes],
  };
}

function cleanStrings(values: readonly unknown[] | undefined, max: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const v of values ?? []) {
    if (typeof v !== 'string') continue;
    const s = v.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (!s || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
    if (out.length >= max) break;
  }
  return out;
}

function finite(v: number | null | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * Normalises model-proposed packages (merges duplicates of one trade, bounds durations, computes
 * missing ones like the built-in analyzer, keeps costs ≥ 0) and sequences them with the same graph.
 * The model's procurement proposals are dropped: procurement comes from the long-lead trades.
 */
export function planFromProposals(
  document: EstimateDocument,
  proposals: WorkPackageProposal[],
  _options: EstimateToPlanOptions = {},
): EstimatePlan {
  const notes: string[] = [];
  const currency = crewCurrency(document);
  const groups = new Map<string, { trade: Trade; items: WorkPackageProposal[] }>();
  for (const p of proposals) {
    const trade: Trade = (TRADES as readonly string[]).includes(p.trade) ? p.trade : 'other';
    if (trade === 'procurement') {
      notes.push(`Proposed "${p.name}" dropped: procurement is added for the long-lead trades present.`);
      continue;
    }
    const key = trade === 'inspections' ? 'inspection-final' : trade;
    const g = groups.get(key) ?? { trade, items: [] };
    g.items.push(p);
    groups.set(key, g);
  }
  const work: WorkPackage[] = [];
  for (const [key, g] of groups) {
    const cost = roundMoney(g.items.reduce((s, p) => s + Math.max(0, finite(p.estimatedCost) ?? 0), 0));
    const given = g.items.map((p) => finite(p.durationDays)).filter((d): d is number => d !== null && d > 0);
    const bounds = TRADE_DURATION_BOUNDS[g.trade];
    let durationDays: number;
    let durationBasis: string;
    if (given.length === g.items.length && given.length > 0) {
      const sum = given.reduce((s, d) => s + d, 0);
      durationDays = clampDuration(g.trade, sum);
      durationBasis =
        durationDays === Math.round(sum)
          ? `proposed ${formatQuantity(sum)} days`
          : `proposed ${formatQuantity(sum)} days, bounded to ${bounds.min}–${bounds.max} days for ${tradeLabel(g.trade).toLowerCase()}`;
    } else {
      let crewDays = 0;
      const parts: string[] = [];
      for (const p of g.items) {
        const e = lineEffort(
          g.trade,
          null,
          finite(p.quantity),
          p.unit ?? null,
          Math.max(0, finite(p.estimatedCost) ?? 0),
          currency,
        );
        crewDays += e.crewDays;
        if (e.basis === 'quantity')
          parts.push(
            `${formatQuantity(finite(p.quantity) ?? 0)} ${p.unit} at ${formatQuantity(e.rate)}/crew-day`,
          );
        if (e.basis === 'cost')
          parts.push(
            `labour share ${Math.round(LABOUR_SHARE[g.trade] * 100)}% of ${formatMoney(finite(p.estimatedCost) ?? 0, document.currency ?? currency)}`,
          );
      }
      if (crewDays > 0) {
        const { days, crews } = durationFromCrewDays(g.trade, crewDays);
        durationDays = days;
        durationBasis = `${parts.join(' + ')} = ${formatQuantity(crewDays)} crew-days${crews > 1 ? ` with ${crews} crews` : ''}`;
      } else {
        durationDays = bounds.min;
        durationBasis = `no duration, quantity or cost proposed: the trade's minimum of ${bounds.min} days`;
      }
    }
    if (g.items.length > 1)
      notes.push(
        `${g.items.length} proposed packages of ${tradeLabel(g.trade).toLowerCase()} merged into one.`,
      );
    const first = g.items[0];
    const descriptions = cleanStrings(
      g.items.map((p) => p.description ?? ''),
      4,
    );
    work.push({
      key,
      trade: g.trade,
      name:
        g.items.length === 1 && first?.name?.trim() ? first.name.trim().slice(0, 200) : tradeLabel(g.trade),
      description:
        descriptions.join(' ') ||
        cleanStrings(
          g.items.map((p) => p.name),
          6,
        ).join('; '),
      phase: phaseOf(key),
      durationDays,
      estimatedCost: cost,
      materials: cleanStrings(
        g.items.flatMap((p) => p.materials ?? []),
        12,
      ),
      specifications: cleanStrings(
        g.items.flatMap((p) => p.specifications ?? []),
        12,
      ),
      durationBasis,
      sourceLines: [
        ...new Set(g.items.flatMap((p) => (p.sourceLines ?? []).filter((n) => Number.isInteger(n) && n > 0))),
      ].sort((a, b) => a - b),
      isProcurement: false,
      weatherSensitive: WEATHER_SENSITIVE.has(g.trade),
    });
  }
  return assemble(document, work, notes);
}
