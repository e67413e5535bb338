import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { baselineKeys } from './get-project-baselines';

/** DELETE /api/projects/{id}/baselines/{baselineId}: the next oldest becomes the default. */
export async function deleteBaseline({ projectId, baselineId }: { projectId: number; baselineId: number }) {
  await apiRequest('DELETE', `/api/projects/${projectId}/baselines/${baselineId}`);
}

export function useDeleteBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBaseline,
    onSuccess: (_, { projectId, baselineId }) => {
      queryClient.removeQueries({ queryKey: baselineKeys.tasks(projectId, baselineId) });
      return queryClient.invalidateQueries({ queryKey: baselineKeys.list(projectId) });
    },
  });
}
