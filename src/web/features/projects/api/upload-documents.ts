import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type DocumentDto, documentDto } from '@/contracts/documents';
import { ApiError } from '@/web/lib/api-client';
import { projectKeys, taskKeys } from './keys';

export interface UploadDocumentsInput {
  projectId: number;
  /** Attach the files to this task of the project. */
  taskId?: number | undefined;
  files: readonly File[];
}

/** POST /api/projects/{id}/documents: multipart, one part named `file` per file, optional `taskId`. */
export async function uploadDocuments({
  projectId,
  taskId,
  files,
}: UploadDocumentsInput): Promise<DocumentDto[]> {
  const form = new FormData();
  if (taskId !== undefined) form.append('taskId', String(taskId));
  for (const file of files) form.append('file', file, file.name);
  const res = await fetch(`/api/projects/${projectId}/documents`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return z.array(documentDto).parse(await res.json());
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: async (_docs, { projectId, taskId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.documents(projectId) }),
        taskId !== undefined
          ? queryClient.invalidateQueries({ queryKey: taskKeys.documents(taskId) })
          : Promise.resolve(),
      ]);
    },
  });
}
