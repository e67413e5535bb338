import { pages } from './pages.js';

/**
 * The page pattern's parameters when `pathname` is that page (static segments compared without
 * regard to case, a trailing slash allowed), else null.
 */
function pageParams(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? '';
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/**
 * The API reads a signed-in user's first screen at this address begins with, so that they can be
 * started before the screen's code has arrived: by the server, as preload links in the page it sends,
 * and by the app as it starts. Only screens whose first load is measured against a target are listed:
 * the portfolio (`/` and /projects) and a project's page (its schedule too when it opens on the
 * Gantt). Both sides ask for exactly these addresses, so the app's requests take the preloaded answers.
 */
export function firstScreenReads(pathname: string, search: string): string[] {
  if (pageParams(pages.home, pathname) || pageParams(pages.projects, pathname)) return ['/api/projects'];
  // An id as the app writes it in its links: digits only.
  const written = pageParams(pages.project, pathname)?.projectId ?? '';
  const id = /^[1-9]\d*$/.test(written) ? Number(written) : 0;
  if (!Number.isSafeInteger(id) || id <= 0) return [];
  const reads = [`/api/projects/${id}`, `/api/projects/${id}/tasks`];
  if (new URLSearchParams(search).get('view') === 'gantt') reads.push(`/api/projects/${id}/schedule`);
  return reads;
}
