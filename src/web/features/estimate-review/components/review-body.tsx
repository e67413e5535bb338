import { Info, RotateCcw } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { PlanGenerationDto } from '@/contracts/ai';
import type { PlanReadingDto } from '@/contracts/estimate-review';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { apiFailureReason } from '@/web/lib/api-client';
import { usePlanReviewed } from '../api/plan-reviewed';
import { useReview } from '../lib/use-review';
import { LedgerList } from './ledger-list';
import { PlanThis } from './plan-this';
import { ReconciliationPanel } from './reconciliation-panel';
import { ReviewChoices } from './review-choices';
import { ReviewCorrections } from './review-corrections';

/**
 * The review itself: on the left (on top on a phone) the questions, the document's total and options
 * line, the live reconciliation and "Plan this" (these two stay in view while the ledger scrolls);
 * beside it the ledger, sheet by sheet. Planned,
 * it goes back to the project's Gantt, where the project page follows the plan to its end.
 */
export function ReviewBody({
  reading,
  generation,
}: {
  reading: PlanReadingDto;
  generation: PlanGenerationDto;
}) {
  const review = useReview(reading, generation);
  const navigate = useNavigate();
  const plan = usePlanReviewed();
  const { document, figures } = review;
  const currency = document?.currency ?? null;
  const name = reading.fileName ?? 'The estimate';
  const lines = review.result?.asRead.filter((l) => l.line > 0).length ?? 0;

  const onPlan = () => {
    if (review.blocked) return;
    plan.mutate(
      { generationId: reading.generationId, projectId: reading.projectId, answers: review.body() },
      {
        onSuccess: () => {
          toast({ title: 'Planning the estimate as reviewed', description: name });
          // As the overlay does once a plan is made: the project's Gantt. Its page shows the plan
          // being made and draws it when done (or asks again if the answers leave a question open).
          void navigate(`/projects/${reading.projectId}?view=gantt`);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The estimate was not planned',
            description: apiFailureReason(error) ?? undefined,
          }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Review the reading"
        description={
          <span className="break-words">
            <span className="font-medium text-foreground">{name}</span>: how each line with an amount was
            read. Correct what the reader got wrong, then plan it.
          </span>
        }
      />
      {reading.rememberedRules && (
        <p className="flex items-start gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          First read with your company’s rules for estimates of this layout: what they corrected is below, and
          can be changed like your own corrections.
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <aside aria-label="Answers and figures" className="grid min-w-0 content-start gap-4">
          <ReviewChoices
            choices={review.choices}
            answers={review.answers}
            currency={currency}
            onAnswer={review.answer}
          />
          <ReviewCorrections
            corrections={review.corrections}
            optionStarts={review.starts}
            statedTotal={figures.against?.value ?? null}
            onTotal={review.setTotal}
            onOptionsAfter={review.setAfter}
          />
          {/* The figures and "Plan this" stay in view beside a long ledger (below the app's header). */}
          <div className="grid gap-4 lg:sticky lg:top-20">
            <ReconciliationPanel figures={figures} currency={currency} pending={review.pending} />
            <PlanThis
              blocked={review.blocked}
              reconciles={figures.status === 'reconciles'}
              remember={review.remember}
              onRemember={review.setRemember}
              sending={plan.isPending}
              onPlan={onPlan}
            />
          </div>
        </aside>
        <section aria-labelledby="ledger-heading" className="grid min-w-0 content-start gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h2 id="ledger-heading" className="text-lg font-semibold">
                Ledger
              </h2>
              <p className="text-sm text-muted-foreground">
                {lines} {lines === 1 ? 'line' : 'lines'} with an amount
                {review.corrected > 0 ? ` · ${review.corrected} corrected` : ''}
              </p>
            </div>
            {review.corrected > 0 && (
              <Button variant="outline" size="sm" onClick={review.reset}>
                <RotateCcw aria-hidden="true" />
                Undo all corrections
              </Button>
            )}
          </div>
          {review.result ? (
            <LedgerList rows={review.rows} currency={currency} handlers={review.handlers} />
          ) : (
            <div className="flex justify-center py-16">
              <Spinner label="Reading the estimate" />
            </div>
          )}
        </section>
      </div>
    </>
  );
}
