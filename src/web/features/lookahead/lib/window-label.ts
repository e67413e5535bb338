import { formatDayRange } from '@/web/lib/day-range';

/** "Dec 5 – Dec 25, 2026 · 3 weeks" */
export function windowLabel(window: { from: string; to: string; weeks: number }): string {
  const span = window.weeks === 1 ? '1 week' : `${window.weeks} weeks`;
  return `${formatDayRange(window.from, window.to)} · ${span}`;
}
