import { ListChecks } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { PlanAnswersBody, PlanQuestionsDto } from '@/contracts/ai';
import { EstimateChoiceFieldset } from '@/web/components/estimate-choice-fieldset';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';

const money = (value: number | null) =>
  value === null ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** The answer preselected for a question: the document's suggestion, else the reading's. */
function initialAnswers(questions: PlanQuestionsDto): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const choice of questions.choices) {
    const preset =
      choice.kind === 'alternate' ? (choice.chosen ?? 'exclude') : (choice.defaultOption ?? choice.chosen);
    if (preset) answers[choice.key] = preset;
  }
  return answers;
}

/**
 * What the estimate asks before it is planned, inside the progress overlay: which bid column or
 * model to carry (with each option's total), whether to include an alternate, and, when the figures
 * do not add up to the document's total, the lines behind the difference and whether to plan anyway.
 * With `reviewHref`, "Review the reading" opens the estimate's review (every line, corrected there);
 * when the figures do not add up it is the form's first offer, before planning the lines as read.
 */
export function PlanQuestionsForm({
  fileName,
  questions,
  onAnswer,
  onSkip,
  skipLabel = 'Skip this file',
  reviewHref,
  reviewNote,
}: {
  fileName: string;
  questions: PlanQuestionsDto;
  onAnswer: (answers: PlanAnswersBody) => void;
  onSkip: () => void;
  skipLabel?: string;
  /** The estimate's review page, when it can be reviewed. */
  reviewHref?: string | undefined;
  /** A word beside the review's link (what happens to the rest of a run). */
  reviewNote?: string | undefined;
}) {
  const [answers, setAnswers] = useState(() => initialAnswers(questions));
  const [acceptMismatch, setAcceptMismatch] = useState(false);
  const { mismatch } = questions;
  const unanswered = questions.choices.some((choice) => !answers[choice.key]);
  const blocked = unanswered || (mismatch !== null && !acceptMismatch);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) onAnswer({ choices: answers, acceptMismatch, corrections: {}, remember: false });
  };

  return (
    <form className="grid gap-4" aria-label={`Questions about ${fileName}`} onSubmit={submit}>
      {questions.choices.map((choice) => (
        <EstimateChoiceFieldset
          key={choice.key}
          choice={choice}
          answer={answers[choice.key]}
          onAnswer={(option) => setAnswers((a) => ({ ...a, [choice.key]: option }))}
          formatTotal={money}
        />
      ))}

      {mismatch && (
        <section aria-label="Figures that do not add up" className="grid gap-2 text-sm">
          {reviewHref && (
            <div className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3">
              <p>
                The figures do not reconcile. Review the reading to see every line and correct how it was read
                (a line that is an option, a sheet that repeats another, the total).
              </p>
              <Button asChild className="w-full sm:w-fit">
                <Link to={reviewHref}>
                  <ListChecks aria-hidden="true" />
                  Review the reading
                </Link>
              </Button>
              {reviewNote && <p className="text-xs text-muted-foreground">{reviewNote}</p>}
            </div>
          )}
          <p>
            The lines read come to <strong className="tabular-nums">{money(mismatch.readTotal)}</strong>
            {mismatch.documentTotal !== null && (
              <>
                , but the document&apos;s {mismatch.documentTotalLabel ?? 'total'} is{' '}
                <strong className="tabular-nums">{money(mismatch.documentTotal)}</strong>
              </>
            )}
            . These lines explain the difference:
          </p>
          <ul className="max-h-48 divide-y divide-border overflow-y-auto rounded-md border border-border">
            {mismatch.lines.map((line) => (
              <li key={`${line.sheet ?? ''}:${line.line}`} className="grid gap-0.5 px-3 py-1.5">
                <span className="flex justify-between gap-2">
                  <span className="min-w-0 truncate">{line.text}</span>
                  <span className="tabular-nums">{money(line.amount)}</span>
                </span>
                <span className="text-xs text-muted-foreground">
                  Line {line.line}
                  {line.sheet ? ` (${line.sheet})` : ''}: {line.reason}
                </span>
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-2">
            <Checkbox
              id="accept-mismatch"
              checked={acceptMismatch}
              onCheckedChange={(value) => setAcceptMismatch(value === true)}
            />
            <Label htmlFor="accept-mismatch">Plan the lines as read anyway</Label>
          </div>
        </section>
      )}

      <div className="flex flex-wrap items-center justify-end gap-2">
        {reviewHref && !mismatch && (
          <span className="mr-auto grid gap-0.5">
            <Link
              to={reviewHref}
              className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              Review the reading
            </Link>
            {reviewNote && <span className="text-xs text-muted-foreground">{reviewNote}</span>}
          </span>
        )}
        <Button type="button" variant="outline" onClick={onSkip}>
          {skipLabel}
        </Button>
        <Button type="submit" disabled={blocked}>
          Plan with these answers
        </Button>
      </div>
    </form>
  );
}
