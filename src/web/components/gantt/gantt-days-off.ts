/**
 * The days the chart shades: the runs of days off (weekends, holidays, any other day the project's
 * calendar does not work) in the chart's range. The calendar is asked, never a rule of its own, so
 * the shading is exactly where the server's schedule did not count a day.
 */
import type { WorkingDays } from '@/domain/schedule/calendar-days';
import type { GanttZoom } from './gantt-geometry';

/** Consecutive days off, first and last day serial (both included). */
export interface DaysOffRun {
  from: number;
  to: number;
}

/**
 * The runs of days off from `origin` to `end` (day serials, both included): one per stretch of
 * days the calendar does not work, so a long weekend with a holiday is one shaded rectangle.
 */
export function daysOffRuns(
  calendar: Pick<WorkingDays, 'isWorkingSerial'>,
  origin: number,
  end: number,
): DaysOffRun[] {
  const runs: DaysOffRun[] = [];
  let open: DaysOffRun | null = null;
  for (let serial = origin; serial <= end; serial++) {
    if (calendar.isWorkingSerial(serial)) {
      open = null;
    } else if (open) {
      open.to = serial;
    } else {
      open = { from: serial, to: serial };
      runs.push(open);
    }
  }
  return runs;
}

/** Whether days off are shaded at a zoom: a month's days are too narrow for it to read. */
export const shadesDaysOff = (zoom: GanttZoom) => zoom !== 'month';
