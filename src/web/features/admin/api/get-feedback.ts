import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { feedbackDto } from '@/contracts/feedback';
import { getQueryFn } from '@/web/lib/api-client';
import { adminKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/feedback: the feedback an administrator may read, newest first. */
export const feedbackQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.feedback(),
    queryFn: async (context) => z.array(feedbackDto).parse(await fetchJson(context)),
    retry: false,
  });

export function useFeedbackList() {
  return useQuery(feedbackQueryOptions());
}
