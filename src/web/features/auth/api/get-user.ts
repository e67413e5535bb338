import { type QueryFunctionContext, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@/contracts/auth';
import { getQueryFn } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

const fetchOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

/**
 * GET /api/auth/user: the signed-in user with their company, or null when signed out (401). The
 * answer's schema (and the validation library) is loaded only for a signed-in user, so a visitor's
 * first page does not download them.
 */
export async function getUser(context: QueryFunctionContext): Promise<UserDto | null> {
  const data = await fetchOrNull(context);
  if (data === null) return null;
  const { userDto } = await import('@/contracts/auth');
  return userDto.parse(data);
}

export const userQueryOptions = () => queryOptions({ queryKey: sessionKeys.user(), queryFn: getUser });

/** Who is signed in: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(userQueryOptions());
}
