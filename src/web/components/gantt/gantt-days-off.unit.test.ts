import { describe, expect, it } from 'vitest';
import { projectWorkingDays } from '@/domain/schedule/calendar-days';
import { daysOffRuns, shadesDaysOff } from './gantt-days-off';
import { daySerial, isoOfSerial } from './gantt-geometry';

const runsOf = (stored: unknown, from: string, to: string) =>
  daysOffRuns(projectWorkingDays(stored), daySerial(from), daySerial(to)).map(
    (r) => `${isoOfSerial(r.from)}..${isoOfSerial(r.to)}`,
  );

describe('the days off the Gantt shades', () => {
  it("are the default calendar's weekends, with Christmas joined to the weekend after it", () => {
    // Mon 14 – Thu 31 December 2026; Christmas is a Friday.
    expect(runsOf(null, '2026-12-14', '2026-12-31')).toEqual([
      '2026-12-19..2026-12-20',
      '2026-12-25..2026-12-27',
    ]);
  });

  it("follow the project's own calendar: a six-day week with a day off of its own", () => {
    // Monday to Saturday, Christmas Day worked, the 23rd off; no federal holidays.
    const calendar = {
      workDays: [1, 2, 3, 4, 5, 6],
      hoursPerDay: 8,
      nonWorkingDates: ['2026-12-23'],
      workingDates: [],
      usFederalHolidays: false,
    };
    const stored = projectWorkingDays(calendar);
    // The stored calendar is read as the server reads it: a Saturday worked, the 23rd off.
    expect(stored.isWorkingDay('2026-12-19')).toBe(true);
    expect(stored.isWorkingDay('2026-12-23')).toBe(false);
    expect(runsOf(calendar, '2026-12-14', '2026-12-27')).toEqual([
      '2026-12-20..2026-12-20',
      '2026-12-23..2026-12-23',
      '2026-12-27..2026-12-27',
    ]);
  });

  it('cover a range that starts or ends on a day off, and none of a week worked throughout', () => {
    expect(runsOf(null, '2026-12-26', '2026-12-28')).toEqual(['2026-12-26..2026-12-27']);
    expect(runsOf(null, '2026-03-02', '2026-03-06')).toEqual([]);
  });

  it('are shaded at day and week zoom, not at month zoom', () => {
    expect([shadesDaysOff('day'), shadesDaysOff('week'), shadesDaysOff('month')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
