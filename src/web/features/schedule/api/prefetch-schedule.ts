import { periodOf } from '@/domain/schedule-view';
import { startEarlyGet } from '@/web/lib/early-requests';
import { localToday } from '@/web/lib/local-today';
import { readParams } from '../lib/schedule-params';
import { periodTasksPath } from './period-tasks-path';

/**
 * Starts loading what /schedule shows for an address (its period's tasks and the project list)
 * without waiting for anything: called as the app starts on /schedule and when the route is entered,
 * so the requests run while the screen's code and the session arrive instead of after them.
 * Nothing here loads the answers' schemas: the screen's queries take these requests and check the
 * answers. Failures are left for those queries to show.
 */
export function prefetchSchedule(search: URLSearchParams): void {
  const { view, date, projectId } = readParams(search, localToday());
  const { from, to } = periodOf(view, date);
  startEarlyGet(periodTasksPath({ from, to, projectId }));
  startEarlyGet('/api/projects');
}
