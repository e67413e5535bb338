import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListDto } from '@/contracts/sessions';
import { getQueryFn } from '@/web/lib/api-client';
import { accountSessionKeys } from './sessions-keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/account/sessions: the browsers the user is signed in on, this one first. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountSessionKeys.list(),
    queryFn: async (context) => sessionListDto.parse(await fetchJson(context)).sessions,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
