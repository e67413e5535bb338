import { type QueryFunctionContext, queryOptions, useQuery } from '@tanstack/react-query';
import { type TestSessionDto, testSessionDto } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { getQueryFn } from '@/web/lib/api-client';

const fetchSession = getQueryFn<unknown>({ on401: 'throw' });

export const testSessionKeys = { all: () => [api.testSession] as const };

/** GET /api/test-session: diagnostics of the current session. */
export async function getTestSession(context: QueryFunctionContext): Promise<TestSessionDto> {
  return testSessionDto.parse(await fetchSession(context));
}

export const testSessionQueryOptions = () =>
  queryOptions({ queryKey: testSessionKeys.all(), queryFn: getTestSession });

export function useTestSession() {
  return useQuery(testSessionQueryOptions());
}
