import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentDto } from '@/contracts/documents';
import { apiRequest } from '@/web/lib/api-client';
import { projectKeys, taskKeys } from './keys';

/** DELETE /api/documents/{id}: the row and its stored file. */
export async function deleteDocument(document: DocumentDto): Promise<void> {
  await apiRequest('DELETE', `/api/documents/${document.id}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: async (_data, document) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.documents(document.projectId) }),
        document.taskId !== null
          ? queryClient.invalidateQueries({ queryKey: taskKeys.documents(document.taskId) })
          : Promise.resolve(),
      ]);
    },
  });
}
