import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  aiPaths,
  type PlanAnswersBody,
  type PlanGenerationDto,
  planGenerationDto,
  planGenerationSummaryDto,
  type StartedPlansDto,
  startedPlansDto,
} from '@/contracts/ai';
import { apiRequest } from '@/web/lib/api-client';

/** How often a running generation is asked about. */
export const PLAN_POLL_MS = 500;

/**
 * POST /api/projects/{id}/plans: the server plans the project's stored estimates on its own (one
 * generation each) and answers at once; closing the page does not stop it.
 */
export async function startServerPlans(projectId: number, documentIds: number[]): Promise<StartedPlansDto> {
  return startedPlansDto.parse(await apiRequest('POST', aiPaths.projectPlans(projectId), { documentIds }));
}

/** POST /api/plans/{generationId}/answers: the estimate's questions answered; the server then plans it. */
export async function answerServerPlan(
  generationId: number,
  answers: PlanAnswersBody,
): Promise<StartedPlansDto> {
  return startedPlansDto.parse(await apiRequest('POST', aiPaths.planAnswers(generationId), answers));
}

/** GET /api/plans/{generationId}: the generation's step and percent, and its plan once it succeeded. */
export async function getServerPlan(generationId: number): Promise<PlanGenerationDto> {
  return planGenerationDto.parse(await apiRequest('GET', aiPaths.plan(generationId)));
}

/**
 * GET /api/projects/{id}/plans: the project's generations, asked again while one of them runs (a
 * plan the server is still making, e.g. after the page that started it was closed).
 */
export function useProjectPlans(projectId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [aiPaths.projectPlans(projectId)] as const,
    queryFn: async () =>
      z.array(planGenerationSummaryDto).parse(await apiRequest('GET', aiPaths.projectPlans(projectId))),
    refetchInterval: (query) =>
      query.state.data?.some((generation) => generation.status === 'running') ? PLAN_POLL_MS : false,
  });
}
