/**
 * Contact lines: a letterhead, a bidder's or a subcontractor's address and phone (`WEST SACRAMENTO
 * CA  95798`, `P O BOX 980430   FAX 916 375-1654`, `Tel: 069/9563478-0`). Their numbers are
 * postal codes, boxes, phone numbers and registration ids, never quantities or amounts.
 */
import { parseUnit } from '../numbers.js';
import type { LineContext, ReaderState } from './state.js';

/** US state and territory codes, less those that are also units (`AL` allowance, `MO` month). */
const STATES = [
  'AK',
  'AL',
  'AR',
  'AZ',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'HI',
  'IA',
  'ID',
  'IL',
  'IN',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MS',
  'MT',
  'NC',
  'ND',
  'NE',
  'NH',
  'NJ',
  'NM',
  'NV',
  'NY',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VA',
  'VT',
  'WA',
  'WI',
  'WV',
  'WY',
].filter((code) => parseUnit(code) === null);

/** A place, its state and ZIP code: `REDDING CA  96001`, `Austin, TX 78701-1234`. */
const PLACE_RE = new RegExp(`\\b(?:${STATES.join('|')})\\s+\\d{5}(?:-\\d{4})?\\b`, 'g');

/** A line naming a place by its state and ZIP code (an address's last line). */
export const isPlaceLine = (line: string) => new RegExp(PLACE_RE.source).test(line);

const CONTACT_FIGURES: readonly RegExp[] = [
  PLACE_RE,
  // Phone and fax numbers: `916 373-2420`, `(530) 246-4388`, `+1 415.555.0100`, `069/9563478-0`.
  /(?:\+\d{1,3}[\s.-]?)?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g,
  /\b0\d{2,5}\/\d{3,9}(?:-\d{1,4})?\b/g,
  // Post office boxes and registration numbers written with their leading zeros.
  /\bp\.?\s?o\.?\s+box\s+\d+\b/gi,
  /\b0\d{5,}\b/g,
];

const hasDigits = (text: string) => /\d/.test(text);

/** A line whose only figures are contact details: taken, nothing read from it. */
export function handleContactLine(_st: ReaderState, ctx: LineContext): boolean {
  if (ctx.row.numbers.length === 0 || ctx.rawLine.includes('\t')) return false;
  let rest = ctx.rawLine;
  for (const re of CONTACT_FIGURES) rest = rest.replace(re, ' ');
  rest = rest.replace(/\b(?:tel|fax|phone|ph|cell|mobile)\b\.?:?/gi, ' ');
  return rest !== ctx.rawLine && !hasDigits(rest);
}
