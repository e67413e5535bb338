import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { documentDto } from '@/contracts/documents';
import { getQueryFn } from '@/web/lib/api-client';
import { taskKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/tasks/{id}/documents: the documents attached to a task, newest first. */
export const taskDocumentsQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: taskKeys.documents(taskId),
    queryFn: async (context) => z.array(documentDto).parse(await fetchJson(context)),
  });

export function useTaskDocuments(taskId: number) {
  return useQuery(taskDocumentsQueryOptions(taskId));
}
