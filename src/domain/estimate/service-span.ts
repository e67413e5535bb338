/**
 * A service priced over a span of months or years (site supervision for 12 months, monthly
 * inspections for 18 months, maintenance over 2 years) is level of effort: it runs alongside the
 * work, like the general conditions, instead of being a task of months in the chain.
 */
import { parseUnit } from './numbers.js';
import { WORKING_DAYS_PER_MONTH } from './rates.js';
import type { EstimateLineItem } from './types.js';

/** A span written in the words: "24 months", "for 18 mos", "over 2 years". */
const SPAN_WORDS = /\b\d+(?:\.\d+)?\s*(?:months?|mos?\b\.?|years?|yrs?\b)/i;
/** What is done over such a span: a service, not a quantity of work. */
const SERVICE_WORDS =
  /\b(?:inspections?|supervision|superintendent|maintenance|services?|monitoring|testing|security|management|rental)\b/i;

/** Whether the line is a service over a span: priced by the month, or naming a span of months or years, for a service. */
export function isServiceSpan(item: EstimateLineItem): boolean {
  if (!SERVICE_WORDS.test(item.description)) return false;
  const unit = item.unit ? parseUnit(item.unit) : null;
  const byTheMonth = unit?.family === 'time' && unit.toBase >= WORKING_DAYS_PER_MONTH;
  return byTheMonth || SPAN_WORDS.test(item.description);
}
