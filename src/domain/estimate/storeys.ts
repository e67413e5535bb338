/**
 * Storeys: when an estimate is organised by floor (a storey word in an item, its section or its
 * sheet — `GROUND FLOOR`, `First Floor`, `Level 2`, `L3`, a `GF1_ABS` / `FF_ABS` sheet), structure and
 * finishes become one package per floor (`concrete@0`, `painting@1`) that flow up the building.
 */
import type { EstimateLineItem } from './types.js';

/** Trades built floor by floor: the structure, then the finishes. */
export const STRUCTURE_BY_FLOOR: ReadonlySet<string> = new Set([
  'concrete',
  'masonry',
  'framing',
  'structural-steel',
]);
export const FINISHES_BY_FLOOR: ReadonlySet<string> = new Set(['drywall', 'painting', 'flooring', 'tile']);
/**
 * Services roughed in on a floor once its structure is up and trimmed out once its finishes are
 * on, the insulation between, and the ceilings closed floor by floor: on a building of several
 * floors the lowest floor is closed and finished while the upper ones are still being roughed in.
 */
export const SERVICES_BY_FLOOR: ReadonlySet<string> = new Set([
  'plumbing',
  'hvac',
  'electrical',
  'fire-protection',
  'low-voltage',
  'insulation',
  'fixtures',
  'hvac-trim',
  'electrical-trim',
  'ceiling-grid',
  'ceiling-tile',
]);
/** Rough-in trades: on a floor they wait for that floor's structure. */
export const ROUGH_IN_BY_FLOOR: ReadonlySet<string> = new Set([
  'plumbing',
  'hvac',
  'electrical',
  'fire-protection',
  'low-voltage',
]);

/** A trade planned a package per floor when the estimate is organised by floor. */
export const byFloorTrade = (key: string) =>
  STRUCTURE_BY_FLOOR.has(key) || FINISHES_BY_FLOOR.has(key) || SERVICES_BY_FLOOR.has(key);

const ORDINALS: Readonly<Record<string, number>> = {
  basement: -1,
  cellar: -1,
  'lower ground': -1,
  ground: 0,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};
/** Abbreviations a heading or sheet name uses for a storey (in an item they could be units: SF). */
const ABBREVIATIONS: Readonly<Record<string, number>> = { gf: 0, ff: 1, sf: 2, tf: 3 };

const WORDED =
  /\b(basement|cellar|lower ground|ground|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))\s*(?:floor|flr|storey|story|level)s?\b/g;
const NUMBERED = /\b(?:level|floor|lvl)\s*[-.#]?\s*(\d{1,2})\b|\bl(\d{1,2})\b/g;
const ABBREVIATED = /(?:^|[\s_\-(,/])(gf|ff|sf|tf|\d{1,2}f)\d?(?=$|[\s_\-),/:])/g;

/**
 * A storey a text names, or null when it names none or several. Items are read for worded storeys
 * only ("ground floor", "2nd floor"); `headings` (sections, sheet names) also read numbered ones and
 * abbreviations (`Level 2`, `L3`, `GF`, `FF`), which in an item's words are often something else
 * (a drywall finish level, a luminaire type, square feet).
 */
export function storeyOf(text: string | null | undefined, headings = false): number | null {
  if (!text) return null;
  const t = text
    .toLowerCase()
    .replace(/g\.\s?f\.?/g, 'gf')
    .replace(/f\.\s?f\.?/g, 'ff');
  const found = new Set<number>();
  for (const m of t.matchAll(WORDED)) {
    const word = m[1] ?? '';
    found.add(ORDINALS[word] ?? Number.parseInt(word, 10));
  }
  if (headings) {
    for (const m of t.matchAll(NUMBERED)) found.add(Number(m[1] ?? m[2]));
    for (const m of t.matchAll(ABBREVIATED)) {
      const a = m[1] ?? '';
      found.add(ABBREVIATIONS[a] ?? Number.parseInt(a, 10));
    }
  }
  const valid = [...found].filter((n) => Number.isInteger(n) && n >= -3 && n <= 60);
  return valid.length === 1 ? (valid[0] as number) : null;
}

/**
 * Each work item's storey when the estimate is organised by floor (two storeys or more), else null.
 * An item's own words decide, then its sheet's, then its section's; an item that names none takes
 * the storey of the item before it (headings carry it), the first ones the lowest storey found.
 */
export function itemStoreys(items: readonly EstimateLineItem[]): Map<number, number> | null {
  const work = items.filter((i) => i.kind === 'work').sort((a, b) => a.line - b.line);
  // A sheet per floor is the plainest way an estimate is organised by floor; a section heading may be
  // carried over from the sheet before.
  const own = work.map(
    (i) => storeyOf(i.description) ?? storeyOf(i.sheet, true) ?? storeyOf(i.section, true),
  );
  const distinct = new Set(own.filter((s): s is number => s !== null));
  if (distinct.size < 2) return null;
  const lowest = Math.min(...distinct);
  const out = new Map<number, number>();
  let current = lowest;
  work.forEach((item, i) => {
    current = own[i] ?? current;
    out.set(item.line, current);
  });
  return out;
}

/** A floor package's key: `concrete@1`. */
export const floorKey = (key: string, storey: number) => `${key}@${storey}`;

/** The trade key and storey of a floor package's key, or null for a whole-building key. */
export function parseFloorKey(key: string): { base: string; storey: number } | null {
  const m = /^(.+)@(-?\d+)$/.exec(key);
  return m ? { base: m[1] as string, storey: Number(m[2]) } : null;
}

/** The key without its storey. */
export const baseKey = (key: string) => parseFloorKey(key)?.base ?? key;

/** What a storey is called in a task name. */
export function storeyName(storey: number): string {
  if (storey < 0) return storey === -1 ? 'Basement' : `Basement ${-storey}`;
  if (storey === 0) return 'Ground floor';
  const words = [
    '',
    'First',
    'Second',
    'Third',
    'Fourth',
    'Fifth',
    'Sixth',
    'Seventh',
    'Eighth',
    'Ninth',
    'Tenth',
  ];
  return storey < words.length ? `${words[storey]} floor` : `Level ${storey}`;
}
