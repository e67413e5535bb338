import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '@/web/lib/api-client';

/**
 * The one field of the documents route's answer (`documentDto[]`) the approval needs: the new
 * document's id. Read alone, so this screen does not take the documents contract into a chunk of its
 * own that the app's entry must then name (the landing page has no bytes to spare).
 */
const uploaded = z.array(z.object({ id: z.number().int() }));

/** POST /api/projects/{id}/documents with one file: the scan of a change order signed on paper. */
export async function uploadScan({
  projectId,
  file,
}: {
  projectId: number;
  file: File;
}): Promise<{ id: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(`/api/projects/${projectId}/documents`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  const [doc] = uploaded.parse(await res.json());
  if (!doc) throw new ApiError(500, 'No document', '');
  return doc;
}

export function useUploadScan() {
  return useMutation({ mutationFn: uploadScan });
}
