import { useMutation } from '@tanstack/react-query';
import { type FeedbackDto, feedbackDto, feedbackPaths, type SubmitFeedbackBody } from '@/contracts/feedback';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/feedback: signed in, the name and email come from the session; signed out, from the body. */
export async function submitFeedback(body: SubmitFeedbackBody): Promise<FeedbackDto> {
  return feedbackDto.parse(await apiRequest('POST', feedbackPaths.list, body));
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
