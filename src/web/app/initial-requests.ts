import { matchPath } from 'react-router';
import { firstScreenReads } from '@/contracts/first-reads';
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
 * Once the session says someone is signed in (and before the screen's code has arrived): the data the
 * first screen begins with. Asked only for a signed-in user the gate lets in, so nobody gets a refused
 * request. For a user signed in when the page was asked for, the server's page already started these
 * (as preloads): these requests then take its answers instead of asking again.
 */
export function startSignedInRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  for (const path of firstScreenReads(location.pathname, location.search)) startEarlyGet(path);
}
