/**
 * The kind of project an estimate describes (a house, an office fit-out, a warehouse, a road),
 * read from the words of its title and lines. Used to suggest the project's type; the user may
 * always choose another.
 */
import type { EstimateDocument, EstimateToPlanOptions } from './types.js';

export type EstimateProjectType = NonNullable<EstimateToPlanOptions['projectType']>;

/** Words that point to one kind of project, whole words, case-insensitive. */
const CUES: Record<EstimateProjectType, RegExp[]> = {
  Residential: [
    /\bresiden(?:ce|tial)\b/,
    /\b(?:new )?homes?\b/,
    /\bhouse\b/,
    /\bdwelling\b/,
    /\bbed ?rooms?\b/,
    /\bkitchen\b/,
    /\bbath(?:room)?s?\b/,
    /\bhomeowners?\b/,
    /\bsingle[- ]family\b/,
    /\btown ?houses?\b/,
    /\bgarage\b/,
    /\bvanity\b/,
  ],
  Commercial: [
    /\bcommercial\b/,
    /\boffices?\b/,
    /\btenant improvements?\b/,
    /\bfit[- ]out\b/,
    /\bstorefront\b/,
    /\bretail\b/,
    /\brestaurant\b/,
    /\bconference rooms?\b/,
    /\breception\b/,
    /\bbreak ?room\b/,
    /\blobby\b/,
    /\bhotel\b/,
  ],
  Industrial: [
    /\bindustrial\b/,
    /\bwarehouse\b/,
    /\bfactory\b/,
    /\bmanufacturing\b/,
    /\bloading docks?\b/,
    /\bprocess piping\b/,
    /\boverhead crane\b/,
    /\btilt[- ]up\b/,
  ],
  Infrastructure: [
    /\bhighway\b/,
    /\broad(?:way)?s?\b/,
    /\bbridges?\b/,
    /\bculverts?\b/,
    /\bhot mix asphalt\b/,
    /\bsewer\b/,
    /\bwater mains?\b/,
    /\bstorm drain\b/,
    /\bcurb and gutter\b/,
    /\bguard ?rail\b/,
    /\bstriping\b/,
    /\bembankment\b/,
  ],
};

/** The title weighs more than a line: "Office fit-out" says more than one kitchen in it. */
const TITLE_WEIGHT = 3;
/** Below this many cues the estimate does not say what it is. */
const MIN_SCORE = 2;

/** How many of a type's cues the text shows (each counted once). */
function cuesIn(text: string, type: EstimateProjectType): number {
  return CUES[type].filter((cue) => cue.test(text)).length;
}

/**
 * The project type the estimate reads as: the type whose words it uses most (the title counting
 * three times a line), or null when no type stands out clearly (a tie, or too few words).
 */
export function projectTypeOfEstimate(document: EstimateDocument): EstimateProjectType | null {
  const title = (document.facts.projectName ?? '').toLowerCase();
  const body = [
    ...document.items.map((item) => `${item.section ?? ''} ${item.description}`),
    ...(document.lines ?? []).map((line) => line.text),
  ]
    .join('\n')
    .toLowerCase();
  const scores = (Object.keys(CUES) as EstimateProjectType[])
    .map((type) => ({ type, score: cuesIn(title, type) * TITLE_WEIGHT + cuesIn(body, type) }))
    .sort((a, b) => b.score - a.score);
  const [best, next] = scores;
  if (!best || best.score < MIN_SCORE || (next && next.score === best.score)) return null;
  return best.type;
}
