import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersDto } from '@/contracts/admin';
import { getQueryFn } from '@/web/lib/api-client';
import { adminKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/admin/users: users with their billing details and the five counters. */
export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: async (context) => adminUsersDto.parse(await fetchJson(context)),
    retry: false,
  });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
