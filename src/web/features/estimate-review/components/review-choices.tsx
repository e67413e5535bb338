import type { EstimateChoice } from '@/domain/estimate/types';
import { EstimateChoiceFieldset } from '@/web/components/estimate-choice-fieldset';
import { Card } from '@/web/components/ui/card';
import { answerOf } from '../lib/answers';
import { formatAmount } from '../lib/format';

/**
 * The estimate's choices as radio groups (which bid column, which model, each alternate), each group
 * named by its question's key; each option with its total, the document's suggestion marked.
 */
export function ReviewChoices({
  choices,
  answers,
  currency,
  onAnswer,
}: {
  choices: readonly EstimateChoice[];
  answers: Record<string, string>;
  currency: string | null;
  onAnswer: (key: string, option: string) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-base font-semibold">Questions</h2>
      {choices.map((choice) => {
        const answer = answerOf(choice, answers);
        return (
          <EstimateChoiceFieldset
            key={choice.key}
            choice={choice}
            answer={answer}
            onAnswer={(option) => onAnswer(choice.key, option)}
            formatTotal={(total) => formatAmount(total, currency)}
          />
        );
      })}
    </Card>
  );
}
