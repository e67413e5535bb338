/**
 * Which package a line goes to when its trade works twice or more on a job (rough-in, then trim),
 * when it names an inspection, or when it is set-up rather than work. The lexicon gives the trade;
 * these rules read the line's own words for the phase:
 *
 * - HVAC: test and balance words (`T&B`, `TAB`, balancing) → `test-balance`; trim words (trim,
 *   registers, grilles, diffusers, thermostats, start-up) → `hvac-trim`; else the rough-in.
 * - Electrical: trim words (trim, devices, cover plates; light fixtures are trim by the lexicon) →
 *   `electrical-trim`; else the rough-in. Plumbing: fixtures and trim → `fixtures`; else rough-in.
 * - A line naming both rough-in and trim words is divided: the rough-in gets `ROUGH_SHARE` of it.
 *   A trade whose lines never say trim keeps one package (the estimate gives no split to read).
 * - Doors: interior, passage, closet, bifold, hardware words (and no exterior word) → `interior-doors`;
 *   windows and exterior doors stay with the dry-in.
 * - Ceilings: a suspended/acoustical/grid/ACT ceiling line → `ceiling-grid` when it names only the
 *   grid, `ceiling-tile` when only the tile, else divided (`CEILING_GRID_SHARE`); gypsum board
 *   ceilings stay drywall.
 * - Finish carpentry (trim, mouldings, casing, shelving) apart from cabinets; both named: divided.
 * - A tile backsplash → `backsplash` (after the countertops); final/fine grading of the site work
 *   → `final-grade` (a landscaping line that grades too stays landscaping).
 * - Mobilization → `mobilization` (a short task); other general conditions stay the level-of-effort span.
 * - A named inspection (footing, framing, rough-in, insulation, above-ceiling or cover, final) →
 *   that inspection's milestone, whatever trade its other words name.
 */
import { CABINET_SHARE, CEILING_GRID_SHARE, ROUGH_SHARE } from './rates.js';
import type { Trade } from './types.js';

/** Where (a share of) a line goes. */
export interface LineRoute {
  key: string;
  trade: Trade;
  /** The package name this part gives, when the route names it. */
  label?: string;
  /** The share of the line's cost and quantity (1 unless a line is divided). */
  share: number;
}

/** "<words> inspection", up to two words between ("rough plumbing inspection"), not across an "and". */
const inspectionOf = (words: string) =>
  new RegExp(`\\b(?:${words})\\s+(?:(?!and\\b|with\\b|&)[\\w-]+\\s+){0,2}inspections?\\b`);

const INSPECTION_ROUTES: readonly [RegExp, string, string][] = [
  [inspectionOf('footings?|foundations?'), 'inspection-footing', 'Footing inspection'],
  [inspectionOf('rough[- ]?in|rough'), 'inspection-rough', 'Rough-in inspection'],
  [inspectionOf('framing'), 'inspection-framing', 'Framing inspection'],
  [inspectionOf('insulation'), 'inspection-insulation', 'Insulation inspection'],
  [inspectionOf('above[- ]ceiling|cover'), 'inspection-above-ceiling', 'Above-ceiling inspection'],
  [inspectionOf('final'), 'inspection-final', 'Final inspection'],
];

const TEST_BALANCE =
  /\b(?:test(?:ing)?,?\s*(?:adjust(?:ing)?,?\s*)?(?:and|&)\s*balanc\w*|t\s?&\s?b|t\.a\.b\.?|tab|air balanc\w*|hydronic balanc\w*|balancing)\b/;
const HVAC_TRIM =
  /\b(?:trim(?:[- ]out)?|registers?|grilles?|diffusers?|thermostats?|start[- ]?up|controls)\b/;
const HVAC_ROUGH =
  /\b(?:rough(?:[- ]?in)?|duct\w*|equipment|furnaces?|condensers?|units?|rtus?|piping|refrigerant|line ?sets?|flues?|boilers?|chillers?|air handl\w*|ahus?|heat pumps?|mini[- ]?splits?)\b/;
const ELECTRICAL_TRIM =
  /\b(?:trim(?:[- ]out)?|devices?|cover plates?|plates|light(?:ing)? fixtures?|luminaires?|fixtures?)\b/;
const ELECTRICAL_ROUGH =
  /\b(?:rough(?:[- ]?in)?|wiring|wire|conduits?|circuits?|service|panels?|feeders?|boxes|home ?runs?)\b/;
const PLUMBING_TRIM = /\b(?:trim|fixtures?|faucets?|set (?:toilets?|fixtures))\b/;
const PLUMBING_ROUGH = /\b(?:rough(?:[- ]?in)?|dwv|supply|drains?|waste|vents?|piping|pipes?|water lines?)\b/;
const INTERIOR_DOOR =
  /\b(?:interior|passage|closet|bi-?folds?|pocket|barn doors?|hollow[- ]core|solid[- ]core|flush doors?|door hardware|hardware|locksets?|privacy sets?)\b/;
const EXTERIOR_DOOR =
  /\b(?:exterior|entry|front doors?|patio|garage|storefronts?|sliding glass|windows?|curtain wall|glazing|ventilators?)\b/;
const CEILING_SYSTEM =
  /\b(?:grid|t-bar|act|acoustic(?:al)? ceilings?|acoustical|suspended ceilings?|lay[- ]in|ceiling tiles?|false ceilings?|drop(?:ped)? ceilings?|grid ceilings?)\b/;
const CEILING_GRID = /\b(?:grid|t-bar|suspension)\b/;
const CEILING_TILE = /\b(?:tiles?|panels?|pads?)\b/;
const FINISH_CARPENTRY =
  /\b(?:finish carpentry|trim carpentry|interior trim|(?:crown|base|trim|casing|chair rail) mou?ldings?|mou?ldings?|casings?|trim package|door trim|window trim|closet (?:shelving|systems?)|shelving|stair parts)\b/;
const CABINETS = /\b(?:cabinets?|cabinetry|casework|vanit(?:y|ies)|built[- ]ins?|millwork|wardrobes?)\b/;
const BACKSPLASH = /\bback ?splash\b/;
const TILE_WORDS = /\b(?:tiles?|tiled|ceramic|porcelain|glass mosaic|mosaic|subway)\b/;
const FINAL_GRADE = /\b(?:final|finish|fine) grad(?:e|ing)\b/;
const MOBILIZATION = /\bmobili[sz](?:ation|e)\b/;

const one = (key: string, trade: Trade, label?: string): LineRoute[] => [
  label === undefined ? { key, trade, share: 1 } : { key, trade, label, share: 1 },
];
const divided = (
  first: [string, Trade, string?],
  second: [string, Trade, string?],
  share: number,
): LineRoute[] => [
  { key: first[0], trade: first[1], ...(first[2] ? { label: first[2] } : {}), share },
  { key: second[0], trade: second[1], ...(second[2] ? { label: second[2] } : {}), share: 1 - share },
];

/** Rough-in or trim by the line's words; both named: divided; neither: the rough-in. */
function roughOrTrim(
  text: string,
  rough: RegExp,
  trim: RegExp,
  roughRoute: [string, Trade, string?],
  trimRoute: [string, Trade, string?],
) {
  const r = rough.test(text);
  const t = trim.test(text);
  if (t && r) return divided(roughRoute, trimRoute, ROUGH_SHARE);
  if (t) return one(...trimRoute);
  return one(...roughRoute);
}

/**
 * The package(s) a line goes to. `key` and `trade` are what the lexicon (or the nearest matched
 * line, for a line it did not match) gave; the answer's shares add up to 1.
 */
export function routeLine(description: string, key: string, trade: Trade): LineRoute[] {
  const text = description.toLowerCase();
  for (const [re, inspection, label] of INSPECTION_ROUTES)
    if (re.test(text)) return one(inspection, 'inspections', label);
  if (TEST_BALANCE.test(text) && (trade === 'hvac' || trade === 'other' || trade === 'inspections'))
    return one('test-balance', 'hvac', 'Test and balance');
  if (key === 'hvac')
    return roughOrTrim(
      text,
      HVAC_ROUGH,
      HVAC_TRIM,
      ['hvac', 'hvac'],
      ['hvac-trim', 'hvac', 'HVAC trim and start-up'],
    );
  if (key === 'electrical')
    return roughOrTrim(
      text,
      ELECTRICAL_ROUGH,
      ELECTRICAL_TRIM,
      ['electrical', 'electrical'],
      ['electrical-trim', 'electrical', 'Electrical trim and light fixtures'],
    );
  if (key === 'plumbing')
    return roughOrTrim(
      text,
      PLUMBING_ROUGH,
      PLUMBING_TRIM,
      ['plumbing', 'plumbing'],
      ['fixtures', 'fixtures', 'Fixtures and trim'],
    );
  if (key === 'windows-doors' && INTERIOR_DOOR.test(text) && !EXTERIOR_DOOR.test(text))
    return one('interior-doors', 'windows-doors', 'Interior doors and hardware');
  if (key === 'drywall' && CEILING_SYSTEM.test(text)) return ceilingRoutes(text);
  if (key === 'cabinets-millwork' && FINISH_CARPENTRY.test(text)) {
    const carpentry: [string, Trade, string] = ['finish-carpentry', 'cabinets-millwork', 'Finish carpentry'];
    return CABINETS.test(text)
      ? divided(['cabinets-millwork', 'cabinets-millwork'], carpentry, CABINET_SHARE)
      : one(...carpentry);
  }
  if (BACKSPLASH.test(text) && TILE_WORDS.test(text) && (trade === 'tile' || trade === 'countertops'))
    return one('backsplash', 'tile', 'Backsplash tile');
  if (FINAL_GRADE.test(text) && (trade === 'site-work' || trade === 'excavation'))
    return one('final-grade', 'site-work', 'Final grading');
  if (trade === 'general-conditions' && MOBILIZATION.test(text))
    return one('mobilization', 'general-conditions', 'Mobilization');
  return one(key, trade);
}

function ceilingRoutes(text: string): LineRoute[] {
  const grid: [string, Trade, string] = ['ceiling-grid', 'drywall', 'Ceiling grid'];
  const tile: [string, Trade, string] = ['ceiling-tile', 'drywall', 'Ceiling tile'];
  const hasGrid = CEILING_GRID.test(text);
  const hasTile = CEILING_TILE.test(text);
  if (hasGrid && !hasTile) return one(...grid);
  if (hasTile && !hasGrid && !/\b(?:suspended|system|false ceilings?)\b/.test(text)) return one(...tile);
  return divided(grid, tile, CEILING_GRID_SHARE);
}
