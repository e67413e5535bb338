import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The project filter lives in the address (`?project=3`), so a reload or a shared link keeps it. */
export function useProjectParam(): [number | null, (projectId: number | null) => void] {
  const [search, setSearch] = useSearchParams();
  const n = Number(search.get('project'));
  const projectId = Number.isSafeInteger(n) && n > 0 ? n : null;
  const set = useCallback(
    (next: number | null) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === null) params.delete('project');
          else params.set('project', String(next));
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [projectId, set];
}
