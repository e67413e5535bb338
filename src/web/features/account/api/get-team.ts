import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamDto } from '@/contracts/team';
import { getQueryFn } from '@/web/lib/api-client';
import { teamKeys } from './team-keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/team: members, open invitations, and whether the caller may manage them. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.team(),
    queryFn: async (context) => teamDto.parse(await fetchJson(context)),
  });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
