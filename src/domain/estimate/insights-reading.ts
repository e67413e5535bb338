/**
 * The insight on what the reader could not settle on its own: lines it planned without reading
 * them with confidence (figures that disagree, letters among the digits, cells it could not place),
 * and the choices the plan rests on (which bidder's column, which of several estimates). The
 * contractor is told how many lines, their amount, the first few, and which option was taken, so
 * they can check them before the budget is committed.
 */
import { formatMoney } from './numbers.js';
import { short } from './reader/util.js';
import type { EstimateChoice, EstimateDocument, EstimateSourceLine, InsightDraft } from './types.js';

/** How many lines (and choices' options) the insight names before it says "and n more". */
const NAMED = 3;

/** Lines with amounts the reader planned or set aside without reading them with confidence. */
function doubtfulLines(doc: EstimateDocument): EstimateSourceLine[] {
  const mismatches = doc.reconciliation?.mismatches ?? [];
  return mismatches.filter((l) => l.amount !== null);
}

/** Choices between whole readings of the document (an alternate's yes/no is not one). */
function readingChoices(doc: EstimateDocument): EstimateChoice[] {
  return (doc.choices ?? []).filter((c) => c.kind !== 'alternate' && c.options.length >= 2);
}

function describeLines(lines: readonly EstimateSourceLine[], currency: string | null): string {
  const amount = lines.reduce((s, l) => s + Math.abs(l.amount ?? 0), 0);
  const named = lines
    .slice(0, NAMED)
    .map(
      (l) =>
        `"${short(l.text, 40)}" (line ${l.line}${l.amount !== null ? `, ${formatMoney(l.amount, currency)}` : ''})`,
    );
  const more = lines.length > NAMED ? ` and ${lines.length - NAMED} more` : '';
  return `${lines.length} line${lines.length === 1 ? '' : 's'} worth ${formatMoney(amount, currency)} could not be read with confidence: ${named.join('; ')}${more}.`;
}

function describeChoice(c: EstimateChoice, currency: string | null): string {
  const money = (v: number | null) => (v === null ? '' : ` (${formatMoney(v, currency)})`);
  const chosen = c.options.find((o) => o.id === c.chosen);
  const others = c.options.filter((o) => o !== chosen);
  const what = c.kind === 'bid-column' ? 'bid column' : 'estimate';
  const rest = `${others
    .slice(0, NAMED)
    .map((o) => `${o.label}${money(o.total)}`)
    .join(', ')}${others.length > NAMED ? ` and ${others.length - NAMED} more` : ''}`;
  if (!chosen) return `No ${what} has been chosen yet among ${rest}: the plan carries no work until one is.`;
  const how = c.chosen === c.defaultOption ? 'by default' : 'as chosen';
  return `The plan carries the ${what} "${chosen.label}"${money(chosen.total)} ${how}; the others are set aside: ${rest}.`;
}

/** The recommendation to check what the reader could not settle, or nothing when it settled all. */
export function readingChecks(doc: EstimateDocument): InsightDraft[] {
  const lines = doubtfulLines(doc);
  const choices = readingChoices(doc);
  const flagged = doc.problems.some((p) => p.code === 'unclear-lines' || p.code === 'choice-required');
  if (lines.length === 0 && choices.length === 0 && !flagged) return [];
  const currency = doc.currency;
  const parts = [
    ...(lines.length > 0 ? [describeLines(lines, currency)] : []),
    ...choices.map((c) => describeChoice(c, currency)),
  ];
  if (parts.length === 0)
    parts.push(...doc.problems.filter((p) => p.code === 'choice-required').map((p) => p.message));
  const pending = choices.some((c) => c.chosen === null);
  const total = doc.grandTotal ?? doc.itemsTotal;
  const doubtful = lines.reduce((s, l) => s + Math.abs(l.amount ?? 0), 0);
  const large = total > 0 && doubtful / total > 0.05;
  return [
    {
      code: 'estimate-reading-to-check',
      type: 'recommendation',
      severity: pending || large ? 'medium' : 'low',
      title:
        lines.length > 0 && choices.length > 0
          ? 'Check the unclear estimate lines and the option the plan carries'
          : lines.length > 0
            ? 'Check the estimate lines that could not be read with confidence'
            : 'Check the option of the estimate the plan carries',
      description: parts.join(' '),
      impact:
        lines.length > 0
          ? 'Task costs follow these lines as they were read (a line that could not be placed is left out): a misread figure moves the budget and the durations.'
          : "Task costs and durations follow the option taken, not the others'.",
      recommendation:
        lines.length > 0
          ? 'Compare these lines with the original estimate and correct the task costs, or upload a clearer copy.'
          : 'Confirm the option with the estimator or owner; to plan another, choose it on the estimate.',
      potentialSavings: null,
    },
  ];
}
