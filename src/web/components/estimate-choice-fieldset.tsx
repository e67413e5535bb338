/** What an estimate's choice is, as both the plan's questions and the estimate review show it. */
export interface EstimateChoiceView {
  key: string;
  kind: string;
  question: string;
  options: readonly { id: string; label: string; total: number | null }[];
  defaultOption: string | null;
}

/** An alternate is answered by including it or leaving it out, whatever its options say. */
const ALTERNATE_OPTIONS = [
  { id: 'include', label: 'Include it in the plan', total: null },
  { id: 'exclude', label: 'Leave it out', total: null },
] as const;

/**
 * One of an estimate's choices (which bid column, which model, an alternate) as a radio group named
 * by its question's key: each option with its total, the document's suggestion marked.
 */
export function EstimateChoiceFieldset({
  choice,
  answer,
  onAnswer,
  formatTotal,
}: {
  choice: EstimateChoiceView;
  answer: string | null | undefined;
  onAnswer: (option: string) => void;
  formatTotal: (total: number) => string;
}) {
  const options = choice.kind === 'alternate' ? ALTERNATE_OPTIONS : choice.options;
  return (
    <fieldset className="grid gap-2" data-choice={choice.key}>
      <legend className="mb-1 text-sm font-medium">{choice.question}</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name={choice.key}
            value={option.id}
            checked={answer === option.id}
            onChange={() => onAnswer(option.id)}
            className="accent-primary"
          />
          <span className="min-w-0 flex-1 break-words">
            {option.label}
            {option.id === choice.defaultOption ? (
              <span className="text-muted-foreground"> (suggested)</span>
            ) : null}
          </span>
          {option.total !== null && <span className="tabular-nums">{formatTotal(option.total)}</span>}
        </label>
      ))}
    </fieldset>
  );
}
