import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HelpCircle } from 'lucide-react';
import { useState } from 'react';
import { aiPaths, type PlanAnswersBody, type PlanGenerationSummaryDto } from '@/contracts/ai';
import { Card } from '@/web/components/ui/card';
import { toast } from '@/web/components/ui/use-toast';
import { apiFailureReason } from '@/web/lib/api-client';
import { answerServerPlan, getServerPlan } from '../api/server-plans';
import { PlanQuestionsForm } from './plan-questions-form';

/**
 * On a project page: an estimate the server is waiting to plan until its questions are answered
 * (asked while the page that started it was closed, or left for later); answering starts the plan.
 */
export function PlanWaitingForAnswers({ generation }: { generation: PlanGenerationSummaryDto }) {
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState(false);
  const [sending, setSending] = useState(false);
  const full = useQuery({
    queryKey: [aiPaths.plan(generation.generationId), generation.updatedAt] as const,
    queryFn: () => getServerPlan(generation.generationId),
  });
  const questions = full.data?.questions;
  if (hidden || !questions) return null;

  const answer = async (answers: PlanAnswersBody) => {
    setSending(true);
    try {
      await answerServerPlan(generation.generationId, answers);
      await queryClient.invalidateQueries({ queryKey: [aiPaths.projectPlans(generation.projectId)] });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The answers were not taken',
        description: apiFailureReason(error) ?? undefined,
      });
    } finally {
      setSending(false);
    }
  };

  const name = generation.fileName ?? 'An estimate';
  return (
    <section aria-label="Estimate waiting for answers">
      <Card className="grid gap-3 border-amber-300 bg-amber-50/60 p-4 dark:bg-amber-950/20">
        <p className="flex items-start gap-2 text-sm">
          <HelpCircle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
          <span>
            <span className="font-medium break-all">{name}</span> asks a question before it is planned.
          </span>
        </p>
        <fieldset disabled={sending} className="contents">
          <PlanQuestionsForm
            fileName={name}
            questions={questions}
            onAnswer={(answers) => void answer(answers)}
            onSkip={() => setHidden(true)}
            skipLabel="Not now"
            reviewHref={
              generation.documentId === null
                ? undefined
                : `/projects/${generation.projectId}/plans/${generation.generationId}/review`
            }
          />
        </fieldset>
      </Card>
    </section>
  );
}
