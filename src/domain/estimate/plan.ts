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
  procurementPackages,
  standardPackage,
  WEATHER_SENSITIVE,
} from './packages.js';
import { LABOUR_SHARE, TRADE_DURATION_BOUNDS } from './rates.js';
import { readEstimate } from './read-estimate.js';
import { SEQUENCE, sequencePackages } from './sequence.js';
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
  return assemble(document, packages, notes);
}

const ROUGH_KEYS = new Set(['plumbing', 'hvac', 'electrical', 'fire-protection', 'low-voltage', 'framing']);
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
  ['cleanup', SEQUENCE.length],
  ['inspection-final', SEQUENCE.length + 1],
  ['punch-list', SEQUENCE.length + 2],
  ['closeout', SEQUENCE.length + 3],
]);

/** Adds the standard and procurement packages, orders them along the graph and links them. */
function assemble(document: EstimateDocument, work: WorkPackage[], notes: string[]): EstimatePlan {
  const byKey = new Map(work.map((p) => [p.key, p] as const));
  const packages = [...work];
  const ensure = (key: 'permits' | 'inspection-rough' | 'inspection-final' | 'punch-list' | 'closeout') => {
    if (!byKey.has(key)) {
      const p = standardPackage(key);
      byKey.set(key, p);
      packages.push(p);
    }
  };
  ensure('permits');
  if (work.some((p) => ROUGH_KEYS.has(p.key)) && work.some((p) => BUILDING_KEYS.has(p.key)))
    ensure('inspection-rough');
  ensure('inspection-final');
  ensure('punch-list');
  ensure('closeout');
  const lineText = (p: WorkPackage) => {
    const lines = new Set(p.sourceLines);
    return document.items
      .filter((i) => lines.has(i.line))
      .map((i) => i.description)
      .join(' ');
  };
  const procurement = procurementPackages(work, lineText);
  packages.push(...procurement);
  if (procurement.length > 0)
    notes.push(
      `Long-lead procurement added: ${procurement.map((p) => `${p.name} (${p.durationDays} days)`).join('; ')}.`,
    );
  packages.sort(
    (a, b) => (ORDER.get(a.key) ?? SEQUENCE.length - 1) - (ORDER.get(b.key) ?? SEQUENCE.length - 1),
  );
  return { document, packages, links: sequencePackages(packages), notes: [...document.notes, ...notes] };
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
