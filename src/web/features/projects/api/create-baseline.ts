import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BaselineDto, baselineDto, type CreateBaselineBody } from '@/contracts/baselines';
import { apiRequest } from '@/web/lib/api-client';
import { baselineKeys } from './get-project-baselines';

/** POST /api/projects/{id}/baselines: saves the current dates of every task under a name. */
export async function createBaseline({
  projectId,
  body,
}: {
  projectId: number;
  body: CreateBaselineBody;
}): Promise<BaselineDto> {
  return baselineDto.parse(await apiRequest('POST', `/api/projects/${projectId}/baselines`, body));
}

export function useCreateBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBaseline,
    onSuccess: (baseline) =>
      queryClient.invalidateQueries({ queryKey: baselineKeys.list(baseline.projectId) }),
  });
}
