/**
 * Long-lead procurement: a package to order and deliver what a trade installs, before it can start.
 * The lead time is the one the estimate states on the item's line or next to it ("10–12 week lead
 * time", "ARO 8 wks", "lead time: 45 days"; the upper bound, in working days); else the typical
 * lead time of the trade (`LEAD_TIME_DAYS`) for the trades whose equipment comes from a factory.
 */
import { type StatedLeadTime, statedLeadTime } from './lead-time-text.js';
import { LEAD_TIME_DAYS, TRADE_DURATION_BOUNDS } from './rates.js';
import type { Trade, WorkPackage } from './types.js';

export { statedLeadTime };

/** Words that make an HVAC or electrical package long-lead (equipment ordered from a factory). */
const LONG_LEAD_WORDS: Readonly<Partial<Record<Trade, RegExp>>> = {
  hvac: /\b(?:furnaces?|condensers?|heat pumps?|air handl\w*|ahus?|rtus?|roof[- ]?top units?|mini[- ]?splits?|split (?:units?|systems?)|boilers?|chillers?|vrf|equipment)\b/i,
  electrical:
    /\b(?:switch ?gear|switchboards?|transformers?|generators?|panel ?boards?|service entrance|main distribution)\b/i,
};

/** Packages that are never ordered ahead: paperwork, hold points and the closing chain. */
const NOT_ORDERED: ReadonlySet<Trade> = new Set<Trade>([
  'permits',
  'general-conditions',
  'inspections',
  'cleanup',
  'punch-list',
  'closeout',
  'procurement',
]);

/** One text near a package's lines: its line number and words. */
export interface NearText {
  line: number;
  text: string;
}

/**
 * Procurement packages (cost 0: the cost stays with the install) for the packages whose lines state a
 * lead time, and, when `typical` (the job calls for it, `plan-scope.ts`), for the long-lead trades present.
 */
export function procurementPackages(
  packages: readonly WorkPackage[],
  lineText: (p: WorkPackage) => string,
  nearText: (p: WorkPackage) => readonly NearText[],
  typical = true,
): WorkPackage[] {
  const out: WorkPackage[] = [];
  const bounds = TRADE_DURATION_BOUNDS.procurement;
  for (const p of packages) {
    if (p.isProcurement || NOT_ORDERED.has(p.trade) || p.durationDays === 0) continue;
    const stated = longestStated(nearText(p), LEAD_TIME_DAYS[p.trade] !== undefined);
    const lead = stated || !typical ? undefined : typicalLead(p, lineText);
    if (!stated && lead === undefined) continue;
    const what = orderedWhat(p);
    const days = stated ? Math.min(bounds.max, Math.max(1, stated.days)) : (lead as number);
    out.push({
      key: `procure-${p.key}`,
      trade: 'procurement',
      name: `Procure ${what}`,
      description: `Submittals, order and delivery of ${what} (long lead) before ${p.name.toLowerCase()} can start.`,
      phase: 'Pre-construction',
      durationDays: days,
      estimatedCost: 0,
      materials: p.materials.slice(0, 5),
      specifications: [],
      durationBasis: stated
        ? `lead time stated in the estimate: ${stated.said} ("${stated.phrase}", line ${stated.line}), scheduled as ${days} working days`
        : `typical lead time for ${what}: ${days} working days`,
      sourceLines: p.sourceLines,
      isProcurement: true,
      weatherSensitive: false,
    });
  }
  return out;
}

function longestStated(
  texts: readonly NearText[],
  bare: boolean,
): (StatedLeadTime & { line: number }) | null {
  let best: (StatedLeadTime & { line: number }) | null = null;
  for (const t of texts) {
    const s = statedLeadTime(t.text, bare);
    if (s && (!best || s.days > best.days)) best = { ...s, line: t.line };
  }
  return best;
}

/** The trade's typical lead time when the package is that trade's main one and names long-lead goods. */
function typicalLead(p: WorkPackage, lineText: (p: WorkPackage) => string): number | undefined {
  const lead = LEAD_TIME_DAYS[p.trade];
  if (lead === undefined || p.key !== p.trade) return undefined;
  const words = LONG_LEAD_WORDS[p.trade];
  if (words && !words.test(`${lineText(p)} ${p.materials.join(' ')}`)) return undefined;
  return lead;
}

function orderedWhat(p: WorkPackage): string {
  if (p.key !== p.trade) return p.name.toLowerCase();
  switch (p.trade) {
    case 'hvac':
      return 'HVAC equipment';
    case 'electrical':
      return 'electrical switchgear and equipment';
    case 'elevators':
      return 'elevators';
    case 'cabinets-millwork':
      return 'cabinets and millwork';
    case 'windows-doors':
      return 'windows and doors';
    default:
      return p.name.toLowerCase();
  }
}
