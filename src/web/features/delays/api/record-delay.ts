import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDelayBody,
  delayListPath,
  type RecordedDelayDto,
  recordedDelayDto,
} from '@/contracts/delays';
import { apiRequest } from '@/web/lib/api-client';
import { refreshAfterDelayChange } from './refresh';

/** POST /api/projects/{id}/delays: records the delay and re-schedules the project with it. */
export async function recordDelay({
  projectId,
  body,
}: {
  projectId: number;
  body: CreateDelayBody;
}): Promise<RecordedDelayDto> {
  return recordedDelayDto.parse(await apiRequest('POST', delayListPath(projectId), body));
}

export function useRecordDelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDelay,
    onSuccess: (_data, { projectId }) => refreshAfterDelayChange(queryClient, projectId),
  });
}
