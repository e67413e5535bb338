/**
 * Work packages from line items: lines of one trade (or civil sub-package) aggregate into one
 * package with a cost, materials, specifications and a duration from quantities (productivity
 * rates) or from the labour share of the cost over a crew-day rate, bounded per trade.
 */
import { type Classification, classifyAs, classifyLine, tradeLabel } from './lexicon.js';
import { crewCurrency, durationFromCrewDays, lineEffort } from './line-effort.js';
import { routeLine } from './line-routes.js';
import { materialName, specifications, unique } from './materials.js';
import { formatMoney, formatQuantity, roundMoney } from './numbers.js';
import { KEY_NAMES, phaseOf, WEATHER_SENSITIVE } from './package-keys.js';
import {
  CLOSEOUT_DAYS,
  CREW_DAY_COST,
  HEAVY_CIVIL_TRADES,
  INSPECTION_DAYS,
  LABOUR_SHARE,
  MOBILIZATION_DAYS,
  PERMIT_DAYS,
  PUNCH_LIST_DAYS,
  TRADE_DURATION_BOUNDS,
  TRAFFIC_CONTROL_SETUP_DAYS,
  type UnitFamily,
} from './rates.js';
import { isServiceSpan } from './service-span.js';
import {
  type BuildingPart,
  byFloorTrade,
  itemParts,
  parseFloorKey,
  partKey,
  partName,
  SERVICES_BY_FLOOR,
} from './storeys.js';
import type { EstimateDocument, EstimateLineItem, Trade, WorkPackage } from './types.js';

export {
  clampDuration,
  crewCurrency,
  durationFromCrewDays,
  type LineEffort,
  lineEffort,
} from './line-effort.js';
export { materialName, specifications } from './materials.js';
export { EXTRA_KEYS, phaseOf, WEATHER_SENSITIVE } from './package-keys.js';

interface PackageLine {
  item: EstimateLineItem;
  cls: Classification;
}

interface Draft {
  key: string;
  trade: Trade;
  lines: PackageLine[];
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
    cls: item.tradeCorrected
      ? classifyAs(item.description, item.trade)
      : classifyLine(item.description, item.section),
  }));
  // Keep the trade the reader assigned (it is the same function) but honour 'other' attachment.
  const attached: { line: PackageLine; key: string; trade: Trade }[] = [];
  let orphans = 0;
  classified.forEach((pl, i) => {
    // A service over months runs alongside the work with the general conditions (level of effort).
    if (isServiceSpan(pl.item)) {
      attached.push({ line: pl, key: 'general-conditions', trade: pl.cls.trade });
      return;
    }
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

  // An estimate organised by floor (or by area of one level) gets its structure, services and
  // finishes a package per floor (area); null: work of no part (the roof, the site), kept in the
  // trade's whole-building package.
  const building = itemParts(doc.items);
  const parts = attached.flatMap((a) => routedParts(a.line, a.key, a.trade));
  const partOf = (p: (typeof parts)[number]): BuildingPart | null => building?.get(p.line.item.line) ?? null;
  const floored = flooredKeys(
    parts.map((p) => {
      const part = partOf(p);
      return { key: p.key, part: part ? partKey('', part) : null };
    }),
    building !== null,
  );
  if (building) {
    const unit = [...building.values()].some((p) => p?.area) ? 'area' : 'floor';
    notes.push(
      `The estimate is organised by ${unit}: structure, services priced ${unit} by ${unit} (rough-in and trim), ceilings and finishes are planned ${unit} by ${unit}.`,
    );
  }
  const drafts = new Map<string, Draft>();
  for (const routed of parts) {
    const part = partOf(routed);
    const key = floored.has(routed.key) && part !== null ? partKey(routed.key, part) : routed.key;
    const d = drafts.get(key) ?? { key, trade: routed.trade, lines: [] };
    d.lines.push(routed.line);
    drafts.set(key, d);
  }
  const packages: WorkPackage[] = [];
  const partedTrades = new Set([...drafts.keys()].map((k) => parseFloorKey(k)?.base));
  for (const d of drafts.values()) {
    const p = finishDraft(d, currency, doc.currency);
    // A trade built floor by floor with work of no floor (a rooftop unit, site walls) names that part.
    packages.push(partedTrades.has(d.key) ? { ...p, name: `${p.name} — ${BUILDING_WIDE}` } : p);
  }
  return { packages, notes };
}

/** What a floored trade's part of no floor is called in its task name. */
const BUILDING_WIDE = 'roof, site and whole building';

/**
 * The trades planned floor by floor: structure and finishes always, when the estimate is by floor;
 * services and ceilings when the estimate prices them on two floors or more (a services section
 * after the floors, priced once for the building, stays one package).
 */
function flooredKeys(parts: readonly { key: string; part: string | null }[], byFloor: boolean): Set<string> {
  const out = new Set<string>();
  if (!byFloor) return out;
  const storeysOf = new Map<string, Set<string>>();
  for (const p of parts) {
    const floors = storeysOf.get(p.key) ?? new Set<string>();
    if (p.part !== null) floors.add(p.part);
    storeysOf.set(p.key, floors);
  }
  for (const [key, floors] of storeysOf) {
    if (!byFloorTrade(key)) continue;
    if (!SERVICES_BY_FLOOR.has(key) || floors.size >= 2) out.add(key);
  }
  return out;
}

/** The line in the package(s) its phase words give; a divided line's parts carry their share of it. */
function routedParts(
  line: PackageLine,
  key: string,
  trade: Trade,
): { key: string; trade: Trade; line: PackageLine }[] {
  const routes = routeLine(line.item.description, key, trade);
  // The last part takes what is left, so the parts add up to the line to the cent.
  let amountLeft = line.item.amount ?? 0;
  return routes.map((r, i) => {
    const last = i === routes.length - 1;
    const amount =
      line.item.amount === null
        ? null
        : last
          ? roundMoney(amountLeft)
          : roundMoney(line.item.amount * r.share);
    if (amount !== null) amountLeft -= amount;
    const moved = r.key !== key || r.label !== undefined;
    const cls: Classification = moved
      ? { ...line.cls, trade: r.trade, label: r.label ?? line.cls.label, pkg: r.key }
      : line.cls;
    const item =
      r.share === 1
        ? line.item
        : {
            ...line.item,
            quantity: line.item.quantity === null ? null : line.item.quantity * r.share,
            amount,
          };
    return { key: r.key, trade: r.trade, line: { item, cls } };
  });
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
  const inspection = d.key.startsWith('inspection-');
  const trade = inspection
    ? 'inspections'
    : d.key === 'general-conditions'
      ? 'general-conditions'
      : (topOf(byTrade) ?? d.trade);
  const label = KEY_NAMES[d.key] ?? packageLabel(byLabel, trade);
  const floor = parseFloorKey(d.key);
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
    durationBasis =
      fixed === 0 ? 'a milestone (0 days)' : `standard ${fixed} working days for ${label.toLowerCase()}`;
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
    name: floor ? `${label} — ${partName(floor)}` : label,
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
  // General conditions get their span when the plan is sequenced (a level-of-effort task).
  if (key === 'general-conditions' || key === 'mobilization') return MOBILIZATION_DAYS;
  if (key === 'traffic-control') return TRAFFIC_CONTROL_SETUP_DAYS;
  if (key.startsWith('inspection-')) return INSPECTION_DAYS;
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
