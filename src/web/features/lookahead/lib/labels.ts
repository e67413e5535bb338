import type { LookaheadMaterials } from '@/contracts/lookahead';

const utc = { timeZone: 'UTC' } as const;
const shortDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric' });
const weekday = new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'narrow' });
const longDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'long', day: 'numeric', year: 'numeric' });

/** Look-ahead days are calendar days: shown as that day wherever the viewer is. */
const at = (day: string) => new Date(`${day}T00:00:00Z`);

export const lookaheadDay = {
  /** "Apr 8" */
  short: (day: string) => shortDay.format(at(day)),
  /** "W" */
  weekday: (day: string) => weekday.format(at(day)),
  /** "8" */
  number: (day: string) => String(Number(day.slice(8, 10))),
  /** "April 8, 2026" */
  long: (day: string) => longDay.format(at(day)),
};

export const MATERIALS_LABELS: Record<LookaheadMaterials, string> = {
  'not-applicable': 'N/A',
  'not-tracked': '—',
  pending: 'Pending',
  delivered: 'On site',
};

/** "3 d" / "0 d" / "–" (no schedule). */
export function floatLabel(totalFloat: number | null): string {
  if (totalFloat === null) return '–';
  return `${Math.round(totalFloat * 10) / 10} d`;
}

/** "in-progress" → "In progress". */
export function statusLabel(status: string): string {
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
