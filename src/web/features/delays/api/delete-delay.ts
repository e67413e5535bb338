import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delayPath, type RemovedDelayDto, removedDelayDto } from '@/contracts/delays';
import { apiRequest } from '@/web/lib/api-client';
import { refreshAfterDelayChange } from './refresh';

/** DELETE /api/projects/{id}/delays/{delayId}: removes the delay and re-schedules without it. */
export async function deleteDelay({
  projectId,
  id,
}: {
  projectId: number;
  id: number;
}): Promise<RemovedDelayDto> {
  return removedDelayDto.parse(await apiRequest('DELETE', delayPath(projectId, id)));
}

export function useDeleteDelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDelay,
    onSuccess: (_data, { projectId }) => refreshAfterDelayChange(queryClient, projectId),
  });
}
