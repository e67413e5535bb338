import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorStatusDto } from '@/contracts/two-factor';
import { getQueryFn } from '@/web/lib/api-client';
import { twoFactorKeys } from './two-factor-keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/auth/two-factor: on or off, required by the company, recovery codes left. */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.status(),
    queryFn: async (context) => twoFactorStatusDto.parse(await fetchJson(context)),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
