/**
 * Work packages from line items: lines of one trade (or civil sub-package) aggregate into one
 * package with a cost, materials, specifications and a duration from quantities (productivity
 * rates) or from the labour share of the cost over a crew-day rate, bounded per trade.
 */
import { type Classification, classifyLine, tradeLabel } from './lexicon.js';
import { formatMoney, formatQuantity, parseUnit, roundMoney } from './numbers.js';
import {
  CLOSEOUT_DAYS,
  CREW_DAY_COST,
  CREW_SPAN_TARGET_DAYS,
  HEAVY_CIVIL_TRADES,
  INSPECTION_DAYS,
  LABOUR_SHARE,
  LEAD_TIME_DAYS,
  MAX_PARALLEL_CREWS,
  MOBILIZATION_DAYS,
  PERMIT_DAYS,
  PRODUCTIVITY,
  PUNCH_LIST_DAYS,
  TRADE_DEFAULT_WORK,
  TRADE_DURATION_BOUNDS,
  TRAFFIC_CONTROL_SETUP_DAYS,
  type UnitFamily,
  type WorkKind,
} from './rates.js';
import type { EstimateDocument, EstimateLineItem, Trade, WorkPackage } from './types.js';

/** Package keys in the sequence graph that are not trade names. */
export const EXTRA_KEYS = [
  'traffic-control',
  'paving-base',
  'flatwork',
  'striping',
  'inspection-rough',
  'inspection-final',
] as const;

/** Weather stops this work (the schedule adds its adverse-weather allowance). */
export const WEATHER_SENSITIVE: ReadonlySet<Trade> = new Set<Trade>([
  'site-work',
  'demolition',
  'excavation',
  'foundation',
  'concrete',
  'masonry',
  'structural-steel',
  'framing',
  'roofing',
  'exterior-finishes',
  'paving',
  'utilities',
  'landscaping',
]);

const PHASE_OF_KEY: Readonly<Record<string, string>> = {
  permits: 'Pre-construction',
  'general-conditions': 'Pre-construction',
  'traffic-control': 'Site work',
  'site-work': 'Site work',
  demolition: 'Site work',
  excavation: 'Site work',
  utilities: 'Site work',
  foundation: 'Foundation',
  concrete: 'Structure',
  masonry: 'Structure',
  'structural-steel': 'Structure',
  framing: 'Structure',
  roofing: 'Envelope',
  'windows-doors': 'Envelope',
  'exterior-finishes': 'Envelope',
  plumbing: 'MEP rough-in',
  hvac: 'MEP rough-in',
  electrical: 'MEP rough-in',
  'fire-protection': 'MEP rough-in',
  'low-voltage': 'MEP rough-in',
  elevators: 'MEP rough-in',
  'inspection-rough': 'MEP rough-in',
  insulation: 'Finishes',
  drywall: 'Finishes',
  painting: 'Finishes',
  flooring: 'Finishes',
  tile: 'Finishes',
  'cabinets-millwork': 'Finishes',
  countertops: 'Finishes',
  fixtures: 'Finishes',
  'electrical-trim': 'Finishes',
  specialties: 'Finishes',
  planing: 'Paving and exterior',
  'paving-base': 'Paving and exterior',
  flatwork: 'Paving and exterior',
  paving: 'Paving and exterior',
  striping: 'Paving and exterior',
  landscaping: 'Paving and exterior',
  other: 'Construction',
  cleanup: 'Closeout',
  'inspection-final': 'Closeout',
  'punch-list': 'Closeout',
  closeout: 'Closeout',
};

export function phaseOf(key: string): string {
  if (key.startsWith('procure-')) return 'Pre-construction';
  return PHASE_OF_KEY[key] ?? 'Construction';
}

/** Words that make an HVAC or electrical package long-lead (equipment ordered from a factory). */
const LONG_LEAD_WORDS: Readonly<Partial<Record<Trade, RegExp>>> = {
  hvac: /\b(?:furnaces?|condensers?|heat pumps?|air handl\w*|ahus?|rtus?|roof[- ]?top units?|mini[- ]?splits?|split (?:units?|systems?)|boilers?|chillers?|vrf|equipment)\b/i,
  electrical:
    /\b(?:switch ?gear|switchboards?|transformers?|generators?|panel ?boards?|service entrance|main distribution)\b/i,
};

/** Currency of the crew-day table: the document's, else guessed from its units (for rates only). */
export function crewCurrency(doc: EstimateDocument): 'USD' | 'INR' {
  if (doc.currency === 'INR') return 'INR';
  if (doc.currency) return 'USD';
  let metric = 0;
  let imperial = 0;
  for (const item of doc.items) {
    const u = item.unit ? parseUnit(item.unit) : null;
    if (!u) continue;
    if (['sqm', 'cum', 'm', 'kg', 't'].includes(u.unit)) metric += 1;
    if (['sf', 'sy', 'cy', 'cf', 'lf', 'ton', 'lb'].includes(u.unit)) imperial += 1;
  }
  return metric > imperial ? 'INR' : 'USD';
}

/** Crew-days of one line and how they were reached. */
export interface LineEffort {
  crewDays: number;
  basis: 'quantity' | 'cost' | 'none';
  quantityBase: number;
  family: UnitFamily | null;
  rate: number;
}

/** Crew-days a line needs: quantity ÷ daily output when both are known, else labour share of its cost ÷ crew-day cost. */
export function lineEffort(
  trade: Trade,
  work: WorkKind | null,
  quantity: number | null,
  unit: string | null,
  amount: number | null,
  currency: 'USD' | 'INR',
): LineEffort {
  if (quantity !== null && quantity > 0 && unit) {
    const u = parseUnit(unit);
    const kind = work ?? TRADE_DEFAULT_WORK[trade] ?? null;
    if (u && u.family === 'time') {
      return {
        crewDays: quantity * u.toBase,
        basis: 'quantity',
        quantityBase: quantity * u.toBase,
        family: 'time',
        rate: 1,
      };
    }
    const rate = u && kind ? PRODUCTIVITY[kind][u.family] : undefined;
    if (u && rate && rate > 0) {
      const base = quantity * u.toBase;
      return { crewDays: base / rate, basis: 'quantity', quantityBase: base, family: u.family, rate };
    }
  }
  if (amount !== null && amount > 0) {
    const crewDay = HEAVY_CIVIL_TRADES.has(trade)
      ? CREW_DAY_COST[currency].heavyCivil
      : CREW_DAY_COST[currency].building;
    return {
      crewDays: (amount * LABOUR_SHARE[trade]) / crewDay,
      basis: 'cost',
      quantityBase: 0,
      family: null,
      rate: crewDay,
    };
  }
  return { crewDays: 0, basis: 'none', quantityBase: 0, family: null, rate: 0 };
}

/** Working days from crew-days: more crews for big trades, then the trade's bounds. */
export function durationFromCrewDays(trade: Trade, crewDays: number): { days: number; crews: number } {
  const bounds = TRADE_DURATION_BOUNDS[trade];
  const crews = Math.min(MAX_PARALLEL_CREWS, Math.max(1, Math.ceil(crewDays / CREW_SPAN_TARGET_DAYS)));
  const days = Math.ceil(crewDays / crews - 1e-9);
  return { days: Math.min(bounds.max, Math.max(bounds.min, days)), crews };
}

export function clampDuration(trade: Trade, days: number): number {
  const bounds = TRADE_DURATION_BOUNDS[trade];
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(days)));
}

interface PackageLine {
  item: EstimateLineItem;
  cls: Classification;
}

interface Draft {
  key: string;
  trade: Trade;
  lines: PackageLine[];
}

const STRIP_LEAD =
  /^(?:providing,?\s*(?:and|&)?\s*(?:laying|fixing|fabricating|applying|hoisting)?|supplying\s*(?:and|&)?\s*fixing|supply\s*(?:and|&)\s*fixing|p\s*&\s*f|s\s*&\s*f|p\/f|furnish(?:ing)? and install(?:ing)?|f\s*&\s*i|install(?:ing)?|supply|provide|construction of|making|applying|spreading of)\s*/i;

/** A short material name from a line: the first words after the boilerplate verbs. */
export function materialName(description: string): string {
  const main = description.split(' — ').pop() ?? description;
  const parentHead = description.includes(' — ') ? (description.split(' — ')[0] ?? '') : '';
  let text = main.replace(STRIP_LEAD, '').replace(/^(?:\(?[a-z0-9]{1,3}[).]\s*)/i, '');
  if (text.length < 12 && parentHead) text = `${parentHead.replace(STRIP_LEAD, '')} ${text}`;
  const cut = text.split(/[,;:(]|\bincluding\b|\bwith\b|\bas per\b|\bcomplete\b/i)[0] ?? text;
  const words = cut.trim().split(/\s+/).slice(0, 8).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SPEC_PATTERNS: readonly RegExp[] = [
  /\bM[- ]?\d{2}\b(?: grade)?/g,
  /\b1\s?:\s?\d+(?:\.\d+)?(?:\s?:\s?\d+)?\b(?= ?\()|\b1\s?:\s?\d+(?:\.\d+)?\s?:\s?\d+\b/g,
  /\bIS\s?:?\s?\d{3,5}\b/g,
  /\b\d+(?:\.\d+)?\s?mm thick\b/gi,
  /\b\d+(?:\.\d+)?[- ]?inch(?:es)? (?:thick|diameter|wide)\b/gi,
  /\b\d+\/\d+["”]? (?:drywall|gypsum|plywood|osb)\b/gi,
  /\b(?:type|class|grade)\s+[A-Z0-9]{1,3}\b/g,
  /\bR-\d{1,2}\b/g,
  /\b\d{1,2}\s?(?:ga|gauge)\b/gi,
  /\b\d+\s?psi\b/gi,
];

export function specifications(description: string): string[] {
  const found: string[] = [];
  for (const re of SPEC_PATTERNS)
    for (const m of description.matchAll(re)) found.push(m[0].replace(/\s+/g, ' ').trim());
  return found;
}

function unique(values: string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const k = v.toLowerCase();
    if (!v || seen.has(k)) continue;
    seen.add(k);
    out.push(v);
    if (out.length >= max) break;
  }
  return out;
}

/** The package key a line's classification puts it in. */
function keyOf(cls: Classification): string {
  if (cls.trade === 'inspections') return 'inspection-final';
  return cls.pkg;
}

/**
 * Groups the work lines of a document into packages (no sequencing yet). Unmatched lines join the
 * package of the nearest matched line in their section (else the nearest in the document).
 */
export function packagesFromDocument(doc: EstimateDocument): { packages: WorkPackage[]; notes: string[] } {
  const notes: string[] = [];
  const currency = crewCurrency(doc);
  const work = doc.items.filter((i) => i.kind === 'work');
  const classified: PackageLine[] = work.map((item) => ({
    item,
    cls: classifyLine(item.description, item.section),
  }));
  // Keep the trade the reader assigned (it is the same function) but honour 'other' attachment.
  const attached: { line: PackageLine; key: string; trade: Trade }[] = [];
  let orphans = 0;
  classified.forEach((pl, i) => {
    if (pl.cls.trade !== 'other') {
      attached.push({ line: pl, key: keyOf(pl.cls), trade: pl.cls.trade });
      return;
    }
    const near = nearestMatched(classified, i);
    if (near) attached.push({ line: pl, key: keyOf(near.cls), trade: near.cls.trade });
    else {
      attached.push({ line: pl, key: 'other', trade: 'other' });
      orphans += 1;
    }
  });
  const otherCount = classified.filter((c) => c.cls.trade === 'other').length;
  if (otherCount > orphans && otherCount > 0)
    notes.push(
      `${otherCount - orphans} line${otherCount - orphans === 1 ? '' : 's'} matched no trade and were costed with the nearest package.`,
    );

  const drafts = new Map<string, Draft>();
  for (const a of attached) {
    const d = drafts.get(a.key) ?? { key: a.key, trade: a.trade, lines: [] };
    d.lines.push(a.line);
    drafts.set(a.key, d);
  }
  const packages: WorkPackage[] = [];
  for (const d of drafts.values()) packages.push(finishDraft(d, currency, doc.currency));
  return { packages, notes };
}

function nearestMatched(lines: PackageLine[], i: number): PackageLine | null {
  const section = lines[i]?.item.section ?? null;
  for (const sameSection of [true, false]) {
    for (let dist = 1; dist < lines.length; dist++) {
      for (const j of [i - dist, i + dist]) {
        const c = lines[j];
        if (!c || c.cls.trade === 'other') continue;
        if (sameSection && c.item.section !== section) continue;
        return c;
      }
    }
  }
  return null;
}

function finishDraft(d: Draft, crewCur: 'USD' | 'INR', currency: string | null): WorkPackage {
  const cost = roundMoney(d.lines.reduce((s, l) => s + Math.max(0, l.item.amount ?? 0), 0));
  // The package's trade and name: the lines' by cost.
  const byLabel = new Map<string, number>();
  const byTrade = new Map<Trade, number>();
  for (const l of d.lines) {
    const w = Math.max(l.item.amount ?? 0, 0) + 1e-6;
    if (l.cls.trade !== 'other') {
      byLabel.set(l.cls.label, (byLabel.get(l.cls.label) ?? 0) + w);
      byTrade.set(l.cls.trade, (byTrade.get(l.cls.trade) ?? 0) + w);
    }
  }
  const trade = d.key === 'inspection-final' ? 'inspections' : (topOf(byTrade) ?? d.trade);
  const label = d.key === 'inspection-final' ? 'Final inspection' : packageLabel(byLabel, trade);
  let crewDays = 0;
  let costLines = 0;
  const qtyByFamily = new Map<string, { qty: number; crewDays: number; unit: string }>();
  let costBase = 0;
  for (const l of d.lines) {
    const e = lineEffort(
      l.cls.trade === 'other' ? trade : l.cls.trade,
      l.cls.work,
      l.item.quantity,
      l.item.unit,
      l.item.amount,
      crewCur,
    );
    crewDays += e.crewDays;
    if (e.basis === 'quantity') {
      const u = l.item.unit ?? '';
      const k = `${e.family}`;
      const prev = qtyByFamily.get(k);
      qtyByFamily.set(k, {
        qty: (prev?.qty ?? 0) + e.quantityBase,
        crewDays: (prev?.crewDays ?? 0) + e.crewDays,
        unit: baseUnitName(e.family, u),
      });
    } else if (e.basis === 'cost') {
      costLines += 1;
      costBase += l.item.amount ?? 0;
    }
  }
  const fixed = fixedDays(d.key);
  let durationDays: number;
  let durationBasis: string;
  if (fixed !== null) {
    durationDays = fixed;
    durationBasis = `standard ${fixed} working days for ${label.toLowerCase()}`;
  } else if (crewDays > 0) {
    const { days, crews } = durationFromCrewDays(trade, crewDays);
    durationDays = days;
    const parts: string[] = [];
    for (const f of [...qtyByFamily.values()].sort((a, b) => b.crewDays - a.crewDays)) {
      const rate = f.crewDays > 0 ? f.qty / f.crewDays : 0;
      parts.push(`${formatQuantity(f.qty)} ${f.unit} at ${formatQuantity(rate)} ${f.unit}/crew-day`);
    }
    if (costLines > 0) {
      const rate = HEAVY_CIVIL_TRADES.has(trade)
        ? CREW_DAY_COST[crewCur].heavyCivil
        : CREW_DAY_COST[crewCur].building;
      parts.push(
        `labour share ${Math.round(LABOUR_SHARE[trade] * 100)}% of ${formatMoney(costBase, currency ?? crewCur)} at ${formatMoney(rate, currency ?? crewCur)}/crew-day`,
      );
    }
    const bounds = TRADE_DURATION_BOUNDS[trade];
    const raw = Math.ceil(crewDays / crews - 1e-9);
    durationBasis = `${parts.join(' + ')} = ${formatQuantity(crewDays)} crew-days${crews > 1 ? ` with ${crews} crews` : ''}${raw !== days ? `, bounded to ${bounds.min}–${bounds.max} days` : ''}`;
  } else {
    durationDays = TRADE_DURATION_BOUNDS[trade].min;
    durationBasis = `no quantity or cost: the trade's minimum of ${durationDays} days`;
  }
  const materials = unique(
    [...d.lines]
      .sort((a, b) => (b.item.amount ?? 0) - (a.item.amount ?? 0))
      .map((l) => materialName(l.item.description)),
    10,
  );
  const specs = unique(
    d.lines.flatMap((l) => specifications(l.item.description)),
    10,
  );
  return {
    key: d.key,
    trade,
    name: label,
    description: `${d.lines.length} estimate line${d.lines.length === 1 ? '' : 's'}${cost > 0 ? `, ${formatMoney(cost, currency)}` : ''}: ${materials.slice(0, 4).join('; ')}${materials.length > 4 ? '; …' : ''}`,
    phase: phaseOf(d.key),
    durationDays,
    estimatedCost: cost,
    materials,
    specifications: specs,
    durationBasis,
    sourceLines: d.lines.map((l) => l.item.line),
    isProcurement: false,
    weatherSensitive: WEATHER_SENSITIVE.has(trade),
  };
}

function baseUnitName(family: UnitFamily | null, fallback: string): string {
  switch (family) {
    case 'area':
      return 'sf';
    case 'volume':
      return 'cy';
    case 'length':
      return 'lf';
    case 'count':
      return 'ea';
    case 'mass':
      return 'kg';
    case 'time':
      return 'days';
    default:
      return fallback;
  }
}

function fixedDays(key: string): number | null {
  if (key === 'permits') return PERMIT_DAYS;
  if (key === 'general-conditions') return MOBILIZATION_DAYS;
  if (key === 'traffic-control') return TRAFFIC_CONTROL_SETUP_DAYS;
  if (key === 'inspection-final' || key === 'inspection-rough') return INSPECTION_DAYS;
  if (key === 'punch-list') return PUNCH_LIST_DAYS;
  if (key === 'closeout') return CLOSEOUT_DAYS;
  return null;
}

/** The package's name: its dominant line label (≥ 60% of the cost), else the trade's name. */
function packageLabel(byLabel: Map<string, number>, trade: Trade): string {
  const total = [...byLabel.values()].reduce((s, v) => s + v, 0);
  const top = topOf(byLabel);
  if (top !== null && (byLabel.get(top) ?? 0) >= total * 0.6) return top;
  return tradeLabel(trade);
}

function topOf<K>(map: Map<K, number>): K | null {
  let best: K | null = null;
  let w = -1;
  for (const [k, v] of map) {
    if (v > w) {
      best = k;
      w = v;
    }
  }
  return best;
}

/** A standard package every job has (permits, inspections, punch list, closeout). */
export function standardPackage(
  key: 'permits' | 'inspection-rough' | 'inspection-final' | 'punch-list' | 'closeout',
): WorkPackage {
  const spec: Record<typeof key, { trade: Trade; name: string; days: number; description: string }> = {
    permits: {
      trade: 'permits',
      name: 'Permits and approvals',
      days: PERMIT_DAYS,
      description: 'Permit application, plan review and approval before work starts.',
    },
    'inspection-rough': {
      trade: 'inspections',
      name: 'Rough-in inspection',
      days: INSPECTION_DAYS,
      description: 'Framing and rough plumbing, mechanical and electrical inspected before walls are closed.',
    },
    'inspection-final': {
      trade: 'inspections',
      name: 'Final inspection',
      days: INSPECTION_DAYS,
      description: 'Final building inspection and sign-off.',
    },
    'punch-list': {
      trade: 'punch-list',
      name: 'Punch list',
      days: PUNCH_LIST_DAYS,
      description: 'Walk-through with the owner; deficiencies listed and corrected.',
    },
    closeout: {
      trade: 'closeout',
      name: 'Closeout',
      days: CLOSEOUT_DAYS,
      description: 'As-builts, warranties, manuals, final payment and handover.',
    },
  };
  const s = spec[key];
  return {
    key,
    trade: s.trade,
    name: s.name,
    description: s.description,
    phase: phaseOf(key),
    durationDays: s.days,
    estimatedCost: 0,
    materials: [],
    specifications: [],
    durationBasis: `standard ${s.days} working day${s.days === 1 ? '' : 's'}`,
    sourceLines: [],
    isProcurement: false,
    weatherSensitive: false,
  };
}

/** Procurement packages for the long-lead trades present (cost 0: the cost stays with the install). */
export function procurementPackages(
  packages: WorkPackage[],
  lineText: (p: WorkPackage) => string,
): WorkPackage[] {
  const out: WorkPackage[] = [];
  for (const p of packages) {
    const lead = LEAD_TIME_DAYS[p.trade];
    if (lead === undefined || p.isProcurement || p.key !== p.trade) continue;
    const words = LONG_LEAD_WORDS[p.trade];
    if (words && !words.test(`${lineText(p)} ${p.materials.join(' ')}`)) continue;
    const what =
      p.trade === 'hvac'
        ? 'HVAC equipment'
        : p.trade === 'electrical'
          ? 'electrical switchgear and equipment'
          : p.trade === 'elevators'
            ? 'elevators'
            : p.trade === 'cabinets-millwork'
              ? 'cabinets and millwork'
              : 'windows and doors';
    out.push({
      key: `procure-${p.trade}`,
      trade: 'procurement',
      name: `Procure ${what}`,
      description: `Submittals, order and delivery of ${what} (long lead) before ${p.name.toLowerCase()} can start.`,
      phase: 'Pre-construction',
      durationDays: lead,
      estimatedCost: 0,
      materials: p.materials.slice(0, 5),
      specifications: [],
      durationBasis: `typical lead time ${lead} working days for ${what}`,
      sourceLines: p.sourceLines,
      isProcurement: true,
      weatherSensitive: false,
    });
  }
  return out;
}
