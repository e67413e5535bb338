import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { insightDto } from '@/contracts/ai';
import { insightPaths } from '@/contracts/insights';
import { apiRequest } from '@/web/lib/api-client';
import { insightKeys, projectQuery } from './keys';

/** GET /api/ai-insights[?projectId=]: the active insights in view, newest and most severe first. */
export const insightsQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: insightKeys.list(projectId),
    queryFn: async () =>
      z.array(insightDto).parse(await apiRequest('GET', `${insightPaths.list}${projectQuery(projectId)}`)),
    // Tasks change elsewhere in the app and the server follows them: read again each time the screen opens.
    staleTime: 0,
  });

export function useInsights(projectId: number | null) {
  return useQuery(insightsQueryOptions(projectId));
}
