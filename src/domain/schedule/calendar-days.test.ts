import { describe, expect, it } from 'vitest';
import { workCalendar } from './calendar.js';
import { hasNoWorkingDay, projectWorkingDays, taskWorkingDays, workingDays } from './calendar-days.js';
import { scheduleProject } from './project-schedule.js';

const days = (from: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

describe('working days for the views', () => {
  const standard = projectWorkingDays(null);

  it.each([
    ['2026-12-24', true],
    ['2026-12-25', false], // Christmas Day
    ['2026-12-26', false], // Saturday
    ['2026-12-27', false], // Sunday
    ['2026-12-28', true],
    ['2027-01-01', false], // New Year's Day
    ['2026-11-26', false], // Thanksgiving
  ])('the default calendar: %s worked is %s', (day, worked) => {
    expect(standard.isWorkingDay(day)).toBe(worked);
  });

  it('tells the working week from holidays: Christmas is in the week, Saturday is not', () => {
    expect(standard.inWorkingWeek('2026-12-25')).toBe(true);
    expect(standard.inWorkingWeek('2026-12-26')).toBe(false);
    const saturdayWorked = workingDays(workCalendar({ workingDates: ['2026-12-26'] }));
    expect(saturdayWorked.inWorkingWeek('2026-12-26')).toBe(true);
    expect(saturdayWorked.isWorkingDay('2026-12-26')).toBe(true);
  });

  it('reads a stored calendar the way the engine does (an unreadable one is the default)', () => {
    const sunToThu = projectWorkingDays({
      workDays: [7, 1, 2, 3, 4],
      hoursPerDay: 8,
      nonWorkingDates: ['2026-12-24'],
      workingDates: [],
      usFederalHolidays: false,
    });
    expect(['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27'].map(sunToThu.isWorkingDay)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(projectWorkingDays({ workDays: 'weekdays' }).isWorkingDay('2026-12-25')).toBe(false);
  });

  it('agrees with the engine: a task’s drawn days are exactly the working days it was scheduled on', () => {
    const result = scheduleProject([{ id: 1, duration: 6 }], [], { startDate: '2026-12-21' });
    if (!result.ok) throw new Error('not scheduled');
    const [t] = result.schedule.tasks;
    if (!t) throw new Error('no task');
    const drawn = taskWorkingDays(standard, t.startDate, t.endDate, days('2026-12-20', 20));
    expect(drawn).toHaveLength(6);
    expect(drawn).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
    ]);
  });

  it('draws a task with no working day on its days as they are', () => {
    expect(hasNoWorkingDay(standard, '2026-12-25', '2026-12-27')).toBe(true);
    expect(taskWorkingDays(standard, '2026-12-25', '2026-12-27', days('2026-12-20', 10))).toEqual([
      '2026-12-25',
      '2026-12-26',
      '2026-12-27',
    ]);
  });
});
