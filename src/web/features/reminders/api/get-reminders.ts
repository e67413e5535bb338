import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { reminderDto } from '@/contracts/updates';
import { getQueryFn } from '@/web/lib/api-client';
import { reminderKeys } from '@/web/lib/reminder-keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** How often the bell looks again for reminders that came due. */
const RECHECK_MS = 60_000;

/** GET /api/reminders: the signed-in user's due reminders, newest due first. */
export const dueRemindersQueryOptions = () =>
  queryOptions({
    queryKey: reminderKeys.due(),
    queryFn: async (context) => z.array(reminderDto).parse(await fetchJson(context)),
    refetchInterval: RECHECK_MS,
  });

export function useDueReminders() {
  return useQuery(dueRemindersQueryOptions());
}
