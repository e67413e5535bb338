import type { DelayDto } from '@/contracts/delays';
import { DELAY_CAUSES, type DelayCause } from '@/contracts/enums';

/** One cause's line of the totals. */
export interface CauseTotal {
  cause: DelayCause;
  events: number;
  days: number;
  /** Working days the finish moved, summed over the cause's delays. */
  finishMovedDays: number;
}

/** The totals per cause (causes without a delay left out), in the causes' order, and overall. */
export function delayTotals(delays: readonly DelayDto[]) {
  const byCause = DELAY_CAUSES.map(
    (cause): CauseTotal => ({ cause, events: 0, days: 0, finishMovedDays: 0 }),
  );
  for (const delay of delays) {
    const line = byCause.find((l) => l.cause === delay.cause);
    if (!line) continue;
    line.events += 1;
    line.days += delay.days;
    line.finishMovedDays += delay.finishMovedDays;
  }
  const lines = byCause.filter((l) => l.events > 0);
  return {
    lines,
    events: delays.length,
    days: lines.reduce((sum, l) => sum + l.days, 0),
    finishMovedDays: lines.reduce((sum, l) => sum + l.finishMovedDays, 0),
    critical: delays.filter((d) => d.wasCritical).length,
  };
}

/** "+3 wd" / "0 wd" / "−2 wd": a finish movement in working days. */
export function movedLabel(days: number): string {
  if (days > 0) return `+${days} wd`;
  if (days < 0) return `−${-days} wd`;
  return '0 wd';
}

/** "Finish moved 3 working days later (Mar 20 → Mar 25)" and the like, for a toast or a note. */
export function movementSentence(moved: {
  finishBefore: string;
  finishAfter: string;
  finishMovedDays: number;
}) {
  const n = Math.abs(moved.finishMovedDays);
  const days = `${n} working day${n === 1 ? '' : 's'}`;
  const span = `${delayDay.short(moved.finishBefore)} → ${delayDay.short(moved.finishAfter)}`;
  if (moved.finishMovedDays === 0)
    return `The project finish did not move (${delayDay.short(moved.finishAfter)}).`;
  return `The project finish moved ${days} ${moved.finishMovedDays > 0 ? 'later' : 'earlier'} (${span}).`;
}

const utc = { timeZone: 'UTC' } as const;
const shortDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric', year: 'numeric' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** Delay dates are calendar days: shown as that day wherever the viewer is. */
export const delayDay = {
  /** "Mar 9" */
  short: (day: string) => shortDay.format(at(day)),
  /** "Mar 9, 2026" */
  long: (day: string) => longDay.format(at(day)),
};
