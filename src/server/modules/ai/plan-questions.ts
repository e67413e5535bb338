/**
 * What a server-run generation asks before it plans: the estimate's choices the user has not
 * answered (which bid column, which model, an alternate), and the lines behind a total that does not
 * add up. A generation given the estimate's text (the spec's synchronous endpoint) asks nothing: it
 * reads the document's defaults, and refuses only a choice that has none.
 */
import type { PlanAnswersBody, PlanQuestionsDto } from '../../../contracts/ai.js';
import type { EstimateDocument } from '../../../domain/estimate/types.js';
import { badRequest, unprocessable } from '../../errors.js';

export type PlanAnswers = PlanAnswersBody;

/** Most lines listed under a total that does not add up (the largest amounts first). */
const MISMATCH_LINES = 50;

export const NO_ANSWERS: PlanAnswers = {
  choices: {},
  acceptMismatch: false,
  corrections: {},
  remember: false,
};

/** The questions for the user, or null when the estimate can be planned as answered. */
export function planQuestions(document: EstimateDocument, answers: PlanAnswers): PlanQuestionsDto | null {
  const choices = document.choices ?? [];
  const unanswered = choices.some((choice) => !(choice.key in answers.choices));
  const reconciliation = document.reconciliation;
  // Amounts were read but none as work: the user decides in the review rather than being refused.
  // While a choice is open (which model to plan) nothing is planned yet, and the choice comes first.
  const nothingPlanned =
    !unanswered && document.items.length === 0 && (document.lines ?? []).some((line) => line.amount !== null);
  const mismatch =
    reconciliation && (reconciliation.matches === false || nothingPlanned) && !answers.acceptMismatch
      ? {
          documentTotal: reconciliation.against?.value ?? null,
          documentTotalLabel: reconciliation.against?.label ?? null,
          readTotal:
            reconciliation.plannedTotal + reconciliation.allowanceTotal + reconciliation.chargesTotal,
          difference: reconciliation.difference,
          lines: [...(nothingPlanned ? (document.lines ?? []) : reconciliation.mismatches)]
            .sort((a, b) => Math.abs(b.amount ?? 0) - Math.abs(a.amount ?? 0))
            .slice(0, MISMATCH_LINES),
        }
      : null;
  if (!unanswered && !mismatch) return null;
  return { choices, mismatch };
}

/** For a generation that must not ask: a choice without a default and without an answer is a 422. */
export function refuseOpenChoice(document: EstimateDocument, answers: PlanAnswers): void {
  const open = (document.choices ?? []).find(
    (choice) => choice.defaultOption === null && !(choice.key in answers.choices),
  );
  if (!open) return;
  const options = open.options.map((option) => option.label).join(', ');
  throw unprocessable(
    'choice_required',
    `${open.question} (${options}) Plan it from the project's documents to choose.`,
  );
}

/** Answers naming only the questions asked and their options; anything else is a 400. */
export function checkAnswers(questions: PlanQuestionsDto, answers: PlanAnswers): void {
  for (const [key, value] of Object.entries(answers.choices)) {
    const choice = questions.choices.find((c) => c.key === key);
    if (!choice)
      throw badRequest(`"${key}" is not one of this estimate's questions`, { [key]: 'Unknown question' });
    const allowed = choice.kind === 'alternate' ? ['include', 'exclude'] : choice.options.map((o) => o.id);
    if (!allowed.includes(value)) {
      throw badRequest(`"${value}" is not an answer to "${choice.question}"`, { [key]: 'Unknown option' });
    }
  }
}
