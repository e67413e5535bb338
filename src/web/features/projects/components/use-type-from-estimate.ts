import { useCallback, useEffect, useRef, useState } from 'react';
import { estimateProjectType } from '../api/estimate-project-type';
import { isDrawing } from './plan-progress';
import type { useCreateProjectForm } from './project-form';

/**
 * The New Project dialog's type, read from the first estimate attached: it fills the Project Type
 * unless the user has picked one, and says so; the user can still change it. A type the user picks,
 * before or after, is never replaced.
 */
export function useTypeFromEstimate(form: ReturnType<typeof useCreateProjectForm>, files: readonly File[]) {
  const [fromEstimate, setFromEstimate] = useState(false);
  const picked = useRef(false);
  const estimate = files.find((f) => !isDrawing(f.name)) ?? null;

  useEffect(() => {
    if (!estimate || picked.current) return;
    const abort = new AbortController();
    void estimateProjectType(estimate, abort.signal).then((type) => {
      if (abort.signal.aborted || picked.current || !type) return;
      form.setValue('type', type, { shouldDirty: true });
      setFromEstimate(true);
    });
    return () => abort.abort();
  }, [estimate, form]);

  const chosen = useCallback(() => {
    picked.current = true;
    setFromEstimate(false);
  }, []);
  const reset = useCallback(() => {
    picked.current = false;
    setFromEstimate(false);
  }, []);
  return { fromEstimate, chosen, reset };
}
