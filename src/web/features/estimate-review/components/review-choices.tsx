import type { EstimateChoice } from '@/domain/estimate/types';
import { Card } from '@/web/components/ui/card';
import { answerOf } from '../lib/answers';
import { formatAmount } from '../lib/format';

const ALTERNATE_OPTIONS = [
  { id: 'include', label: 'Include it in the plan', total: null },
  { id: 'exclude', label: 'Leave it out', total: null },
];

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
          <fieldset key={choice.key} className="grid gap-2" data-choice={choice.key}>
            <legend className="mb-1 text-sm font-medium">{choice.question}</legend>
            {(choice.kind === 'alternate' ? ALTERNATE_OPTIONS : choice.options).map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name={choice.key}
                  value={option.id}
                  checked={answer === option.id}
                  onChange={() => onAnswer(choice.key, option.id)}
                  className="accent-primary"
                />
                <span className="min-w-0 flex-1 break-words">
                  {option.label}
                  {option.id === choice.defaultOption ? (
                    <span className="text-muted-foreground"> (suggested)</span>
                  ) : null}
                </span>
                {option.total !== null && (
                  <span className="tabular-nums">{formatAmount(option.total, currency)}</span>
                )}
              </label>
            ))}
          </fieldset>
        );
      })}
    </Card>
  );
}
