import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isDay, isScheduleView, type ScheduleView } from '@/domain/schedule-view';

export interface ScheduleParams {
  view: ScheduleView;
  /** The day the period is around. */
  date: string;
  /** The project filter; null for All Projects. */
  projectId: number | null;
}

/** The parameters in an address; anything unreadable is the week of today, all projects. */
export function readParams(search: URLSearchParams, today: string): ScheduleParams {
  const view = search.get('view');
  const date = search.get('date');
  const project = Number(search.get('project'));
  return {
    view: isScheduleView(view) ? view : 'week',
    date: isDay(date) ? date : today,
    projectId: Number.isSafeInteger(project) && project > 0 ? project : null,
  };
}

/**
 * The schedule's view, day and project filter live in the address (`?view=week&date=2026-04-08&
 * project=3`), so a reload, the back button or a shared link shows the same period.
 */
export function useScheduleParams(today: string): [ScheduleParams, (next: Partial<ScheduleParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (next: Partial<ScheduleParams>) =>
      setSearch(
        (current) => {
          const merged = { ...readParams(current, today), ...next };
          const out = new URLSearchParams({ view: merged.view, date: merged.date });
          if (merged.projectId !== null) out.set('project', String(merged.projectId));
          return out;
        },
        { replace: true },
      ),
    [setSearch, today],
  );
  return [readParams(search, today), update];
}
