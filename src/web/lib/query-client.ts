import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * Data never goes stale by itself, no refetch on window focus, no polling, no retries.
 * Features invalidate what they change through their query-key factories.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
