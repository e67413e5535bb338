import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectDto } from '@/contracts/projects';
import { getQueryFn } from '@/web/lib/api-client';
import { projectKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/projects: the company's projects, newest first. */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: async (context) => z.array(projectDto).parse(await fetchJson(context)),
  });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
