import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aiPaths, type PlanAnswersBody, type StartedPlansDto, startedPlansDto } from '@/contracts/ai';
import { apiRequest } from '@/web/lib/api-client';
import { reviewKeys } from './keys';

/**
 * POST /api/plans/{generationId}/answers with the review's choices and corrections: the server plans
 * the estimate as reviewed (202). The project's page then follows the plan to its end.
 */
export async function planReviewed(generationId: number, answers: PlanAnswersBody): Promise<StartedPlansDto> {
  return startedPlansDto.parse(await apiRequest('POST', aiPaths.planAnswers(generationId), answers));
}

export function usePlanReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      generationId,
      answers,
    }: {
      generationId: number;
      projectId: number;
      answers: PlanAnswersBody;
    }) => planReviewed(generationId, answers),
    onSuccess: (_started, { generationId, projectId }) => {
      // The project page's first look at its generations must be a fresh one: it follows a plan seen
      // running, and reads the tasks again for one that ended just before (a stale copy would show
      // this generation still waiting, and a plan that ends quickly would then never be drawn).
      queryClient.removeQueries({ queryKey: reviewKeys.projectPlans(projectId), exact: true });
      return Promise.all([
        // Read again when next opened (not now: the page is leaving, and reading the file costs).
        queryClient.invalidateQueries({ queryKey: [aiPaths.plan(generationId)], refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.reading(generationId), refetchType: 'none' }),
      ]);
    },
  });
}
