import { useMutation } from '@tanstack/react-query';
import { aiPaths, type ParsePdfResponse, parsePdfResponse } from '@/contracts/ai';
import type { DocumentDto } from '@/contracts/documents';
import { ApiError } from '@/web/lib/api-client';

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
}

/**
 * POST /api/parse-pdf (multipart, one part `file`): the file read as text (PDF text layer or OCR,
 * images, docx/doc, xlsx/csv, txt). 415 for a type it cannot read (with what to do instead), 422 for
 * a corrupt, encrypted, empty or drawing file, 413 for one over the limits.
 */
export async function parseEstimate(file: File): Promise<ParsePdfResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(aiPaths.parsePdf, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  await throwIfNotOk(res);
  return parsePdfResponse.parse(await res.json());
}

/** A stored document's file, fetched from its download address under its original name. */
export async function downloadDocumentFile(
  doc: Pick<DocumentDto, 'downloadUrl' | 'originalName' | 'mimeType'>,
) {
  const res = await fetch(doc.downloadUrl, { credentials: 'include' });
  await throwIfNotOk(res);
  const blob = await res.blob();
  return new File([blob], doc.originalName, { type: doc.mimeType || blob.type });
}

/** Reads a file as estimate text. */
export function useParseEstimate() {
  return useMutation({ mutationFn: parseEstimate });
}
