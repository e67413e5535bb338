/**
 * Lead times as estimates and supplier quotes write them: "10–12 week lead time", "lead time 6 wks",
 * "4-6 weeks delivery", "ARO 8 wks", "LT 10-12 WKS", "allow 14 weeks for delivery", "lead time:
 * 45 days". The amount is read as written (a range keeps both ends, so the contractor is told
 * "10–12 weeks"), and scheduled at its upper bound in working days.
 */
import { WORKING_DAYS_PER_MONTH, WORKING_DAYS_PER_WEEK } from './rates.js';

/** A lead time a text states. */
export interface StatedLeadTime {
  /** Working days from order to delivery: the upper bound of a range. */
  days: number;
  /** The words that stated it, as written. */
  phrase: string;
  /** The lead time said plainly: "10–12 weeks", "6 weeks", "45 calendar days". */
  said: string;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const AMOUNT = String.raw`${NUMBER}(?:\s*(?:-|–|—|to)\s*${NUMBER})?`;
const UNIT = String.raw`(working days?|business days?|calendar days?|days?|weeks?|wks?|wk|months?|mos?)\.?`;
/** What may sit between the amount and the word that makes it a lead time. */
const GAP = String.raw`[\s,.-]*(?:(?:for|of|before)\s+)?`;
const LEAD =
  '(?:lead(?:[- ]?times?)?|lt|aro|after (?:receipt of )?order|after (?:approval|release|submittal approval|approved (?:shop )?drawings)|delivery)';
const BEFORE = '(?:lead[- ]?times?|lt|aro|delivery|deliver(?:ed|s)? in|ships? in)';
const QUALIFIER = String.raw`(?:approx\.?|approximately|about|allow|~)?`;

/** Most specific first: a bare amount ("6-8 weeks") comes last, and only when asked for. */
const PATTERNS: readonly { re: RegExp; bare: boolean }[] = [
  {
    re: new RegExp(
      String.raw`\b${BEFORE}\s*(?:of|is|:|=|-|–|—)?\s*${QUALIFIER}\s*${AMOUNT}[\s-]*${UNIT}`,
      'i',
    ),
    bare: false,
  },
  { re: new RegExp(String.raw`\b${AMOUNT}[\s-]*${UNIT}${GAP}${LEAD}\b`, 'i'), bare: false },
  { re: new RegExp(String.raw`\b${AMOUNT}[\s-]*(weeks?|wks?|wk|months?|mos?)\.?(?![a-z])`, 'i'), bare: true },
];

type Unit = 'week' | 'month' | 'working day' | 'calendar day';

function unitOf(word: string): Unit {
  const w = word.toLowerCase();
  if (/^(?:weeks?|wks?|wk)$/.test(w)) return 'week';
  if (/^(?:months?|mos?)$/.test(w)) return 'month';
  if (/^(?:working|business)/.test(w)) return 'working day';
  return 'calendar day';
}

function workingDays(amount: number, unit: Unit): number {
  if (unit === 'week') return amount * WORKING_DAYS_PER_WEEK;
  if (unit === 'month') return amount * WORKING_DAYS_PER_MONTH;
  if (unit === 'working day') return amount;
  // Suppliers quote days on the calendar: five working days in seven.
  return (amount * WORKING_DAYS_PER_WEEK) / 7;
}

function said(low: number | null, high: number, unit: Unit): string {
  const amount = low !== null && low !== high ? `${low}–${high}` : String(high);
  const plural = high === 1 && (low === null || low === high) ? '' : 's';
  return `${amount} ${unit}${plural}`;
}

/**
 * The lead time a text states, or null. A bare "6-8 weeks" counts only with `bare` (on a line of
 * work that is ordered ahead), since elsewhere it is as likely the work's own duration.
 */
export function statedLeadTime(text: string, bare = false): StatedLeadTime | null {
  for (const pattern of PATTERNS) {
    if (pattern.bare && !bare) break;
    const m = pattern.re.exec(text);
    if (!m) continue;
    const first = Number(m[1]);
    const second = m[2] === undefined ? null : Number(m[2]);
    const high = second ?? first;
    if (!Number.isFinite(high) || high <= 0) continue;
    const unit = unitOf(m[3] ?? '');
    const low = second === null ? null : Math.min(first, second);
    return {
      days: Math.ceil(workingDays(Math.max(first, high), unit) - 1e-9),
      phrase: m[0].trim(),
      said: said(low, Math.max(first, high), unit),
    };
  }
  return null;
}
