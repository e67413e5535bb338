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
    onSuccess: (_started, { generationId, projectId }) =>
      Promise.all([
        // The project page reads its generations again and so sees this one running.
        queryClient.invalidateQueries({ queryKey: reviewKeys.projectPlans(projectId) }),
        // Read again when next opened (not now: the page is leaving, and reading the file costs).
        queryClient.invalidateQueries({ queryKey: [aiPaths.plan(generationId)], refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.reading(generationId), refetchType: 'none' }),
      ]),
  });
}
