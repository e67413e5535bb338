import { matchPath } from 'react-router';
import { pages } from '@/contracts/pages';
import { prefetchSchedule } from '@/web/features/schedule/api/prefetch-schedule';

/**
 * The data the first screen will ask for, asked for as the app starts: the page's code, the session
 * and the data then travel together instead of one after the other. Only screens whose first load
 * is measured against a target are listed; the answers wait for the screen (see `early-requests`).
 */
export function startInitialRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  if (matchPath(pages.schedule, location.pathname)) prefetchSchedule(new URLSearchParams(location.search));
}
