/**
 * Which bidder a bid tabulation's plan carries, whatever the tab's layout (a column per bidder, a
 * row per bidder and item): the user's answer (an option's id or label), else the engineer's
 * estimate, else the low bid.
 */
import { normalise } from '../lexicon.js';
import type { EstimateChoice } from '../types.js';

export const ENGINEER_RE =
  /\b(?:engineer'?s?|owner'?s?|architect'?s?)\s+(?:estimate|opinion)|\bengineer estimate\b|\bee\b/i;

/** An option's id: its label in lower case, words joined by `-`. */
export function slug(label: string): string {
  return (
    normalise(label)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'column'
  );
}

export function chooseBid(
  options: EstimateChoice['options'],
  answer: string | undefined,
): { chosen: number; byAnswer: boolean } {
  if (answer) {
    const a = normalise(answer);
    const i = options.findIndex((o) => o.id === a || normalise(o.label) === a || slug(o.label) === slug(a));
    if (i >= 0) return { chosen: i, byAnswer: true };
  }
  const engineer = options.findIndex((o) => ENGINEER_RE.test(o.label));
  if (engineer >= 0) return { chosen: engineer, byAnswer: false };
  let low = 0;
  options.forEach((o, i) => {
    if (o.total !== null && (options[low]?.total == null || o.total < (options[low]?.total ?? 0))) low = i;
  });
  return { chosen: low, byAnswer: false };
}
