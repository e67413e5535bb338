import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiPaths, type PlanProgressDto, planProgressDto } from '@/contracts/ai';
import { ApiError } from '@/web/lib/api-client';

/** How often the overlay asks while a generation runs. */
export const PLAN_PROGRESS_POLL_MS = 500;

export const planProgressKeys = {
  detail: (projectId: number) => [aiPaths.planProgress(projectId)] as const,
};

/**
 * GET /api/ai/plan-progress/{projectId}: the project's latest generation (step, percent, status).
 * Null while the project has none yet (the server answers 404 then).
 */
export async function getPlanProgress(
  projectId: number,
  signal?: AbortSignal,
): Promise<PlanProgressDto | null> {
  const res = await fetch(aiPaths.planProgress(projectId), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return planProgressDto.parse(await res.json());
}

export const planProgressQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: planProgressKeys.detail(projectId),
    queryFn: ({ signal }) => getPlanProgress(projectId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The progress of the project's running generation, asked every 500 ms while `polling`. */
export function usePlanProgress(projectId: number | null, polling: boolean) {
  return useQuery({
    ...planProgressQueryOptions(projectId ?? 0),
    enabled: projectId !== null && polling,
    refetchInterval: polling ? PLAN_PROGRESS_POLL_MS : false,
    // Each run reads fresh answers: an old generation's cached progress is not the new one's.
    gcTime: 0,
  });
}
