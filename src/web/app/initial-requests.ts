import { matchPath } from 'react-router';
import { pages } from '@/contracts/pages';
import { prefetchSchedule } from '@/web/features/schedule/api/prefetch-schedule';
import { startEarlyGet } from '@/web/lib/early-requests';

/**
 * The data the first screen will ask for, asked for as the app starts: the page's code, the session
 * and the data then travel together instead of one after the other. Only screens whose first load
 * is measured against a target are listed; the answers wait for the screen (see `early-requests`).
 */
export function startInitialRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  if (matchPath(pages.schedule, location.pathname)) prefetchSchedule(new URLSearchParams(location.search));
}

/**
 * Once the session says someone is signed in (and before the screen's code has arrived): the data of
 * the portfolio (`/` and /projects) and of a project's page (the schedule too when it opens on the
 * Gantt). Asked only for a signed-in user the gate lets in, so nobody gets a refused request.
 */
export function startSignedInRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  const { pathname } = location;
  if (pathname === pages.home || matchPath(pages.projects, pathname)) {
    startEarlyGet('/api/projects');
    return;
  }
  const project = matchPath(pages.project, pathname);
  const id = Number(project?.params.projectId);
  if (!project || !Number.isSafeInteger(id) || id <= 0) return;
  startEarlyGet(`/api/projects/${id}`);
  startEarlyGet(`/api/projects/${id}/tasks`);
  if (new URLSearchParams(location.search).get('view') === 'gantt') {
    startEarlyGet(`/api/projects/${id}/schedule`);
  }
}
