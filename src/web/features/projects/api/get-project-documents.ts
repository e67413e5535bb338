import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { documentDto } from '@/contracts/documents';
import { getQueryFn } from '@/web/lib/api-client';
import { projectKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/projects/{id}/documents: the project's documents, newest first. */
export const projectDocumentsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.documents(projectId),
    queryFn: async (context) => z.array(documentDto).parse(await fetchJson(context)),
  });

export function useProjectDocuments(projectId: number) {
  return useQuery(projectDocumentsQueryOptions(projectId));
}
