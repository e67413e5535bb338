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
 * Places that are no floor of the building: the roof and what stands on it, the site and the
 * outside, parking, the building as a whole. A heading (section, sheet) naming one starts work
 * that belongs to no floor; so does an item naming one in its own words — worded narrowly, since
 * on a floor "roof slab" is that floor's ceiling and an "exterior wall" that floor's wall.
 */
const NOT_A_FLOOR_HEADING =
  /\b(?:roofs?|roofing|roof ?top|terrace|penthouse|site ?works?|site|sitework|external works?|external services|externals?|exterior|outside works?|parking|car ?park|landscap\w*|hardscape|whole building|building[- ]wide|general|preliminar(?:y|ies)|common to all)\b/i;
const NOT_A_FLOOR_ITEM =
  /\b(?:roof ?top|roof[- ]mounted|on (?:the )?roof|rtus?|penthouse|site ?work|external works?|parking (?:lot|area|garage|structure)|car ?park|landscap\w*|whole building|building[- ]wide|all floors|throughout (?:the )?building)\b/i;

/** Whether a text names a place that is no floor (`heading`: a section or sheet name). */
export function namesNoFloor(text: string | null | undefined, heading = false): boolean {
  if (!text) return false;
  return (heading ? NOT_A_FLOOR_HEADING : NOT_A_FLOOR_ITEM).test(text);
}

/**
 * Each work item's storey when the estimate is organised by floor (two storeys or more), else null;
 * null for an item of no floor. An item's own words decide, then its sheet's, then its section's;
 * an item whose words name the roof, the site, parking or the whole building belongs to no floor
 * whatever heading it is listed under (a rooftop unit after the third-floor lines is not third-floor
 * work). An item that names none takes the storey of the item before it — a storey heading, section
 * or sheet carries down through the trade headings under it — unless its section or sheet names a
 * place of no floor (`ROOF`, `SITE WORK`, `EXTERNAL WORKS`). The first items, before any
 * storey, take the lowest one (substructure, ground works), unless they belong to no floor.
 */
export function itemStoreys(items: readonly EstimateLineItem[]): Map<number, number | null> | null {
  const work = workInOrder(items);
  // A sheet per floor is the plainest way an estimate is organised by floor; a section heading may be
  // carried over from the sheet before. An item naming a place of no floor belongs to none, whatever
  // floor heading it is listed under.
  const own = work.map((i) =>
    namesNoFloor(i.description)
      ? storeyOf(i.description)
      : (storeyOf(i.description) ?? storeyOf(i.sheet, true) ?? storeyOf(i.section, true)),
  );
  const distinct = new Set(own.filter((s): s is number => s !== null));
  if (distinct.size < 2) return null;
  return carried(work, own, Math.min(...distinct));
}

const workInOrder = (items: readonly EstimateLineItem[]) =>
  items.filter((i) => i.kind === 'work').sort((a, b) => a.line - b.line);

/** Each item's part from its own, else the item's before it, unless it is work of no floor. */
function carried<T>(
  work: readonly EstimateLineItem[],
  own: readonly (T | null)[],
  first: T | null,
): Map<number, T | null> {
  const out = new Map<number, T | null>();
  let current = first;
  work.forEach((item, i) => {
    const stated = own[i] ?? null;
    if (stated !== null) current = stated;
    const noFloor =
      stated === null &&
      (namesNoFloor(item.description) || namesNoFloor(item.section, true) || namesNoFloor(item.sheet, true));
    out.set(item.line, noFloor ? null : current);
  });
  return out;
}

/** A part of the building work is planned by: a storey, or an area of one level (`Wing B`). */
export interface BuildingPart {
  /** The storey, or for an area its place in the document's order. */
  storey: number;
  /** The area's name; null for a storey. */
  area: string | null;
}

const AREA_KINDS = 'building|bldg\\.?|wing|block|area|zone|tower|pod|sector';
const AREA_IDS = '[a-h]|\\d{1,2}|[ivx]{1,4}|north|south|east|west|central';
const AREA_RE = new RegExp(
  `\\b(${AREA_KINDS})\\s*[-#:.]?\\s*(${AREA_IDS})\\b|\\b(north|south|east|west|central)\\s+(wing|block|zone|building|tower)\\b`,
  'gi',
);
const capital = (w: string) =>
  w.length <= 4 && /^[ivx]+$|^[a-h]$/i.test(w)
    ? w.toUpperCase()
    : `${w[0]?.toUpperCase() ?? ''}${w.slice(1).toLowerCase()}`;

/**
 * The area of one level a heading (section, sheet) names — `Building A`, `Wing B`, `Block 2`, `Area
 * 3`, `Zone North`, `North wing` — as a name, or null when it names none or several. Read in
 * headings only: in an item's words "area" and "block" are something else (area drains, block walls).
 */
export function areaOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const found = new Set<string>();
  for (const m of text.matchAll(AREA_RE)) {
    const kind = (m[1] ?? m[4] ?? '').toLowerCase().replace(/^bldg\.?$/, 'building');
    const id = m[2] ?? m[3] ?? '';
    found.add(m[1] ? `${capital(kind)} ${capital(id)}` : `${capital(id)} ${capital(kind)}`);
  }
  return found.size === 1 ? ([...found][0] as string) : null;
}

/**
 * The part of the building each work item is planned in: its storey when the estimate is organised
 * by floor, else its area when it is organised by area on one level (two areas or more, named by
 * its sheet or section), in the order the document lists them; null for work of no part (see
 * `itemStoreys`; items before the first area belong to none). Null when the estimate is neither.
 */
export function itemParts(items: readonly EstimateLineItem[]): Map<number, BuildingPart | null> | null {
  const storeys = itemStoreys(items);
  if (storeys) {
    const out = new Map<number, BuildingPart | null>();
    for (const [line, storey] of storeys) out.set(line, storey === null ? null : { storey, area: null });
    return out;
  }
  const work = workInOrder(items);
  const names = work.map((i) =>
    namesNoFloor(i.description) ? null : (areaOf(i.sheet) ?? areaOf(i.section)),
  );
  const order = [...new Set(names.filter((n): n is string => n !== null))];
  if (order.length < 2) return null;
  const parts = new Map(order.map((area, storey) => [area, { storey, area }] as const));
  return carried(
    work,
    names.map((n) => (n === null ? null : (parts.get(n) ?? null))),
    null,
  );
}

/** A part's package key: `concrete@1` for a storey, `drywall@a1-wing-b` for an area. */
export function partKey(key: string, part: BuildingPart): string {
  if (part.area === null) return floorKey(key, part.storey);
  const slug = part.area
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${key}@a${part.storey}-${slug}`;
}

/** A floor package's key: `concrete@1`. */
export const floorKey = (key: string, storey: number) => `${key}@${storey}`;

/** The trade key and part of a floor or area package's key, or null for a whole-building key. */
export function parseFloorKey(key: string): ({ base: string } & BuildingPart) | null {
  const m = /^(.+)@(?:a(\d+)-([a-z0-9-]+)|(-?\d+))$/.exec(key);
  if (!m) return null;
  if (m[4] !== undefined) return { base: m[1] as string, storey: Number(m[4]), area: null };
  const area = (m[3] as string).split('-').map(capital).join(' ');
  return { base: m[1] as string, storey: Number(m[2]), area };
}

/** What a part is called in a task name: `First floor`, `Wing B`. */
export const partName = (part: BuildingPart) => part.area ?? storeyName(part.storey);

/** A part as a reason names it: `the first floor`, `Wing B`. */
export const partRef = (part: BuildingPart) => part.area ?? `the ${storeyName(part.storey).toLowerCase()}`;

/** Where work is in a reason: `on the first floor`, `in Wing B`. */
export const partPlace = (part: BuildingPart) => `${part.area ? 'in' : 'on'} ${partRef(part)}`;

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
