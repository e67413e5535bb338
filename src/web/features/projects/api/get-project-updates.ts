import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { updateDto } from '@/contracts/updates';
import { getQueryFn } from '@/web/lib/api-client';
import { projectKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/projects/{id}/updates: the project's updates (its tasks' included), newest first. */
export const projectUpdatesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.updates(projectId),
    queryFn: async (context) => z.array(updateDto).parse(await fetchJson(context)),
  });

export function useProjectUpdates(projectId: number) {
  return useQuery(projectUpdatesQueryOptions(projectId));
}
