import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FeedbackDto, feedbackDto, feedbackPaths, type UpdateFeedbackBody } from '@/contracts/feedback';
import { apiRequest } from '@/web/lib/api-client';
import { adminKeys } from './keys';

/** PUT /api/feedback/{id}: a status and/or a reply (sent only when not blank). */
export async function updateFeedback({
  id,
  ...body
}: UpdateFeedbackBody & { id: number }): Promise<FeedbackDto> {
  return feedbackDto.parse(await apiRequest('PUT', feedbackPaths.item.replace(':id', String(id)), body));
}

export function useUpdateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeedback,
    onSuccess: (updated) =>
      queryClient.setQueryData<FeedbackDto[]>(adminKeys.feedback(), (list) =>
        list?.map((f) => (f.id === updated.id ? updated : f)),
      ),
  });
}
