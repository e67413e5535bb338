import { lookaheadDay } from './labels';

/** "Apr 6 – Apr 26, 2026 · 3 weeks" */
export function windowLabel(window: { from: string; to: string; weeks: number }): string {
  const span = window.weeks === 1 ? '1 week' : `${window.weeks} weeks`;
  return `${lookaheadDay.short(window.from)} – ${lookaheadDay.long(window.to)} · ${span}`;
}
