import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectDto } from '@/contracts/projects';
import { getQueryFn } from '@/web/lib/api-client';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/projects: the company's projects, for the filter and the cards' links (the Portfolio's cache entry). */
export const insightProjectsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/projects'] as const,
    queryFn: async (context) => z.array(projectDto).parse(await fetchJson(context)),
  });

export function useInsightProjects() {
  return useQuery(insightProjectsQueryOptions());
}
