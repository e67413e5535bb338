/**
 * The review's answers to the estimate's choices (which bid column, which model, an alternate) and
 * what "Plan this" sends. Pure.
 */
import type { PlanAnswersBody } from '@/contracts/ai';
import type { EstimateCorrectionsBody } from '@/contracts/estimate-review';
import type { EstimateChoice } from '@/domain/estimate/types';

/** The answer a choice has: the user's, else the document's suggestion (an alternate: left out). */
export function answerOf(choice: EstimateChoice, answers: Record<string, string>): string | null {
  const given = answers[choice.key];
  if (given !== undefined && (choice.kind === 'alternate' || choice.options.some((o) => o.id === given)))
    return given;
  if (choice.kind === 'alternate') return choice.chosen ?? 'exclude';
  return choice.defaultOption ?? choice.chosen;
}

/** The choices still without an answer (a workbook's model has no suggestion). */
export function openChoices(choices: readonly EstimateChoice[], answers: Record<string, string>) {
  return choices.filter((choice) => answerOf(choice, answers) === null);
}

/**
 * The body of `POST /api/plans/{id}/answers`: an answer to each of the document's choices (only those
 * the server asked, when it is known which), the corrections, whether to plan figures that do not
 * reconcile, and whether to read the company's next estimates of this layout the same way.
 */
export function answersBody({
  choices,
  answers,
  asked,
  corrections,
  matches,
  remember,
}: {
  choices: readonly EstimateChoice[];
  answers: Record<string, string>;
  /** The keys of the questions the generation asked; null when not known. */
  asked: ReadonlySet<string> | null;
  corrections: EstimateCorrectionsBody;
  matches: boolean | null;
  remember: boolean;
}): PlanAnswersBody {
  const chosen: Record<string, string> = {};
  for (const choice of choices) {
    if (asked && !asked.has(choice.key)) continue;
    const answer = answerOf(choice, answers);
    if (answer !== null) chosen[choice.key] = answer;
  }
  return { choices: chosen, corrections, acceptMismatch: matches !== true, remember };
}
