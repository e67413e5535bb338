import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  aiPaths,
  type GeneratedPlanDto,
  type GenerateProjectPlanBody,
  generatedPlanDto,
} from '@/contracts/ai';
import { apiRequest } from '@/web/lib/api-client';
import { projectKeys } from './keys';

/**
 * POST /api/ai/generate-project-plan: analyses the estimate text, creates the project's tasks (with
 * their links, dates and critical flags) and first insights, and answers the plan. Its progress is
 * readable meanwhile at GET /api/ai/plan-progress/{projectId}. An identical second request answers
 * the stored plan (`reused`) without creating tasks again.
 */
export async function generatePlan(body: GenerateProjectPlanBody): Promise<GeneratedPlanDto> {
  return generatedPlanDto.parse(await apiRequest('POST', aiPaths.generateProjectPlan, body));
}

export function useGeneratePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePlan,
    onSuccess: async (plan) => {
      const id = plan.projectId;
      await Promise.all([
        // The Gantt's schedule (computed on demand) is asked for again, at once if it is open.
        queryClient.invalidateQueries({ queryKey: projectKeys.schedule(id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
      ]);
    },
  });
}
