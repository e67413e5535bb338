import { type QueryFunctionContext, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthConfigDto, authConfigDto } from '@/contracts/auth';
import { getQueryFn } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

const fetchConfig = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/auth/config: which sign-in methods the server offers. */
export async function getAuthConfig(context: QueryFunctionContext): Promise<AuthConfigDto> {
  return authConfigDto.parse(await fetchConfig(context));
}

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.authConfig(), queryFn: getAuthConfig });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
