import type { QueryClient } from '@tanstack/react-query';
import { periodOf } from '@/domain/schedule-view';
import { localToday } from '../lib/labels';
import { readParams } from '../lib/schedule-params';
import { scheduleProjectsQueryOptions } from './get-projects';
import { scheduleTasksQueryOptions } from './get-schedule-tasks';

/**
 * Starts loading what /schedule shows for an address (its period's tasks and the project list)
 * without waiting for anything: called when the route is entered, so the requests run while the
 * screen's code and the session arrive instead of after them. Failures are left for the screen's
 * own queries to show.
 */
export function prefetchSchedule(queryClient: QueryClient, search: URLSearchParams): void {
  const { view, date, projectId } = readParams(search, localToday());
  const { from, to } = periodOf(view, date);
  void queryClient.prefetchQuery(scheduleTasksQueryOptions({ from, to, projectId }));
  void queryClient.prefetchQuery(scheduleProjectsQueryOptions());
}
