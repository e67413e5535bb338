import { type QueryFunctionContext, queryOptions, useQuery } from '@tanstack/react-query';
import { type UserDto, userDto } from '@/contracts/auth';
import { getQueryFn } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

const fetchOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

/** GET /api/auth/user: the signed-in user with their company, or null when signed out (401). */
export async function getUser(context: QueryFunctionContext): Promise<UserDto | null> {
  const data = await fetchOrNull(context);
  return data === null ? null : userDto.parse(data);
}

export const userQueryOptions = () => queryOptions({ queryKey: sessionKeys.user(), queryFn: getUser });

/** Who is signed in: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(userQueryOptions());
}
