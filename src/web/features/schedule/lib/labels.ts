import type { ScheduleView } from '@/domain/schedule-view';
import { formatDayRange } from '@/web/lib/day-range';

const utc = { timeZone: 'UTC' } as const;
const longDay = new Intl.DateTimeFormat('en-US', {
  ...utc,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const monthYear = new Intl.DateTimeFormat('en-US', { ...utc, month: 'long', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'short' });
const weekdayLong = new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'long' });

/** Schedule days are calendar days: shown as that day wherever the viewer is. */
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Wednesday, April 8, 2026" / "Apr 5 – Apr 11, 2026" / "April 2026". */
export function periodTitle(view: ScheduleView, from: string, to: string): string {
  if (view === 'day') return longDay.format(at(from));
  if (view === 'month') return monthYear.format(at(from));
  return formatDayRange(from, to);
}

/** The first summary card's label, per view. */
export const PERIOD_TASKS_LABEL: Record<ScheduleView, string> = {
  day: 'Tasks Today',
  week: 'Tasks This Week',
  month: 'Tasks This Month',
};

/** What the period is called in sentences ("No tasks this week"). */
export const PERIOD_NAME: Record<ScheduleView, string> = { day: 'day', week: 'week', month: 'month' };

export const dayLabels = {
  /** "Apr 8" */
  short: (day: string) => shortDay.format(at(day)),
  /** "Wed" */
  weekday: (day: string) => weekdayShort.format(at(day)),
  /** "Wednesday" */
  weekdayLong: (day: string) => weekdayLong.format(at(day)),
  /** "8" */
  number: (day: string) => String(Number(day.slice(8, 10))),
  /** "Wednesday, April 8, 2026" */
  long: (day: string) => longDay.format(at(day)),
};
