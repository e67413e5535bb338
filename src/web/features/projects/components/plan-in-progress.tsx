import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PlanGenerationSummaryDto } from '@/contracts/ai';
import { Card } from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { invalidatePlannedProject } from '../api/invalidate-planned-project';
import { useProjectPlans } from '../api/server-plans';
import { PLAN_STEP_LABELS } from './plan-progress';
import { PlanWaitingForAnswers } from './plan-waiting-for-answers';

/**
 * A plan that ended this long before the page first read the project's generations may have ended
 * after the page read its tasks (both are asked for as the page opens, the tasks first): the tasks
 * are then read again once. Generous, since the browser's clock and the server's may differ a little.
 */
const RECENTLY_ENDED_MS = 10 * 60_000;

const endedRecently = (generation: PlanGenerationSummaryDto, now: number) =>
  generation.status === 'succeeded' && now - Date.parse(generation.updatedAt) < RECENTLY_ENDED_MS;

/**
 * On a project page: the plans the server is still making for it (started from a page that may have
 * been closed since), with their step and percent, and the estimates waiting for the user's answers;
 * when a plan is done the project's tasks and Gantt are read again, and a failure says why.
 */
export function PlanInProgress({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const generations = useProjectPlans(projectId).data;
  const data = generations?.find((generation) => generation.status === 'running');
  const running = data !== undefined;
  /** The generations seen running, to tell how each ended. */
  const watched = useRef(new Set<number>());
  /** Whether the first answer has been looked at for a plan that ended as the page opened. */
  const firstAnswerSeen = useRef(false);

  useEffect(() => {
    if (!generations) return;
    let ended = false;
    if (!firstAnswerSeen.current) {
      firstAnswerSeen.current = true;
      const now = Date.now();
      ended = generations.some((generation) => endedRecently(generation, now));
    }
    for (const generation of generations) {
      if (generation.status === 'running') watched.current.add(generation.generationId);
      else if (watched.current.delete(generation.generationId)) {
        ended = true;
        if (generation.status === 'failed') {
          toast({
            variant: 'destructive',
            title: 'The plan could not be generated',
            description: generation.error ?? undefined,
          });
        }
      }
    }
    if (ended) void invalidatePlannedProject(queryClient, projectId);
  }, [generations, projectId, queryClient]);

  const waiting = generations?.filter((generation) => generation.status === 'needs-input') ?? [];
  return (
    <>
      {waiting.map((generation) => (
        <PlanWaitingForAnswers key={generation.generationId} generation={generation} />
      ))}
      {running && data ? <PlanRunning data={data} /> : null}
    </>
  );
}

/** A plan the server is making: its file, step and percent. */
function PlanRunning({ data }: { data: PlanGenerationSummaryDto }) {
  return (
    <section aria-label="Plan in progress">
      <Card className="flex flex-col gap-3 border-primary/40 bg-primary/5 p-4">
        <div className="flex items-center gap-3">
          <Spinner label="Generating the plan" />
          <p className="min-w-0 flex-1 text-sm">
            <span className="font-medium">Generating the plan</span>
            {data.fileName ? <span className="break-all"> from {data.fileName}</span> : null}
            <span className="text-muted-foreground">
              {' '}
              · {PLAN_STEP_LABELS[data.step]} · {data.percent}%
            </span>
          </p>
        </div>
        <Progress value={data.percent} aria-label="Plan generation progress" />
      </Card>
    </section>
  );
}
