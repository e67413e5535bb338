import { aiPaths, parsePdfResponse } from '@/contracts/ai';
import type { ProjectType } from '@/contracts/enums';

/**
 * The project type an attached estimate reads as (Residential, Commercial…), or null when the file
 * cannot be read or no type stands out. The server extracts the text (`POST /api/parse-pdf`); the
 * estimate reader runs here, loaded only when an estimate is attached, so the dialog stays small.
 * Never throws: the type is a suggestion, and the plan reports a file it cannot read.
 */
export async function estimateProjectType(file: File, signal?: AbortSignal): Promise<ProjectType | null> {
  try {
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await fetch(aiPaths.parsePdf, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: form,
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) return null;
    const parsed = parsePdfResponse.safeParse(await res.json());
    if (!parsed.success) return null;
    const { readEstimate, projectTypeOfEstimate } = await import('@/domain/estimate/index');
    return projectTypeOfEstimate(readEstimate(parsed.data.content, { fileName: file.name }));
  } catch {
    return null;
  }
}
