import { describe, expect, it } from 'vitest';
import { workCalendar } from './calendar.js';
import {
  MAX_CALENDAR_DATES,
  type ProjectCalendar,
  projectCalendarOf,
  readProjectCalendar,
  workCalendarOf,
} from './project-calendar.js';
import { createWorkingDayIndex, startDateAt } from './working-days.js';

/** The first `n` working days from a date, on a calendar. */
const workingDays = (calendar: ProjectCalendar, from: string, n: number) => {
  const index = createWorkingDayIndex(workCalendarOf(calendar), from, n);
  return Array.from({ length: n }, (_, k) => startDateAt(index, k));
};

const satToThu: ProjectCalendar = {
  workDays: [1, 2, 3, 4, 6, 7],
  hoursPerDay: 10,
  nonWorkingDates: ['2015-01-13'],
  workingDates: ['2015-01-16'],
  usFederalHolidays: false,
  name: 'Six-day week',
};

describe('workCalendarOf', () => {
  it('works the ISO weekdays given (7 = Sunday), skips the listed dates and works the extra ones', () => {
    // Sat 10 … Thu 15 Jan 2015; Tue 13 is off; Fri 16 is worked as an exception; Fri 9 is not worked.
    expect(workingDays(satToThu, '2015-01-09', 7)).toEqual([
      '2015-01-10',
      '2015-01-11',
      '2015-01-12',
      '2015-01-14',
      '2015-01-15',
      '2015-01-16',
      '2015-01-17',
    ]);
  });

  it('observes US federal holidays only when told', () => {
    const monFri = { ...satToThu, workDays: [1, 2, 3, 4, 5], nonWorkingDates: [], workingDates: [] };
    // Monday 2026-01-19 is Martin Luther King Jr. Day.
    expect(workingDays({ ...monFri, usFederalHolidays: true }, '2026-01-16', 2)).toEqual([
      '2026-01-16',
      '2026-01-20',
    ]);
    expect(workingDays(monFri, '2026-01-16', 2)).toEqual(['2026-01-16', '2026-01-19']);
  });

  it('gives a working day of the stored hours', () => {
    const week = workCalendarOf(satToThu).week;
    const minutes = (day: number) => (week[day] ?? []).reduce((sum, p) => sum + p.end - p.start, 0);
    expect([0, 1, 2, 3, 4, 5, 6].map(minutes)).toEqual([600, 600, 600, 600, 600, 0, 600]);
  });
});

describe('projectCalendarOf', () => {
  it('turns a file calendar into weekdays, hours and dated exceptions, and back to the same working days', () => {
    const file = {
      ...workCalendar({ workDays: [0, 1, 2, 3, 4, 6], hoursPerDay: 10, holidays: 'none' }),
      nonWorkingDates: ['2015-01-13', '2015-01-13', '2015-01-01'],
      exceptions: [
        { date: '2015-01-16', periods: [{ start: 480, end: 720 }] }, // a worked Friday
        { date: '2015-01-20', periods: [{ start: 480, end: 720 }] }, // a short Tuesday: just worked
        { date: '2015-01-22', periods: [] }, // a day off written as an exception
      ],
    };
    const stored = projectCalendarOf(file, { name: 'Six-day week' });
    expect(stored).toEqual({
      workDays: [1, 2, 3, 4, 6, 7],
      hoursPerDay: 10,
      nonWorkingDates: ['2015-01-01', '2015-01-13', '2015-01-22'],
      workingDates: ['2015-01-16'],
      usFederalHolidays: false,
      name: 'Six-day week',
    });
    const again = workCalendarOf(stored);
    const days = (calendar: Parameters<typeof createWorkingDayIndex>[0]) => {
      const index = createWorkingDayIndex(calendar, '2014-12-28', 40);
      return Array.from({ length: 40 }, (_, k) => startDateAt(index, k));
    };
    expect(days(again)).toEqual(days(file));
  });

  it('keeps the federal-holiday rule and lists a worked holiday as a working date', () => {
    const calendar = {
      ...workCalendar(),
      exceptions: [{ date: '2026-07-03', periods: [{ start: 480, end: 960 }] }],
    };
    expect(projectCalendarOf(calendar, { hoursPerDay: 8 })).toEqual({
      workDays: [1, 2, 3, 4, 5],
      hoursPerDay: 8,
      nonWorkingDates: [],
      workingDates: ['2026-07-03'],
      usFederalHolidays: true,
    });
  });
});

describe('readProjectCalendar', () => {
  it('reads a stored calendar, sorting and de-duplicating its dates', () => {
    const read = readProjectCalendar({
      workDays: [5, 1, 2, 3, 4, 1],
      hoursPerDay: 7.5,
      nonWorkingDates: ['2026-12-25', '2026-01-01', '2026-12-25'],
      workingDates: [],
      usFederalHolidays: true,
      name: 'Office',
    });
    expect(read).toEqual({
      ok: true,
      value: {
        workDays: [1, 2, 3, 4, 5],
        hoursPerDay: 7.5,
        nonWorkingDates: ['2026-01-01', '2026-12-25'],
        workingDates: [],
        usFederalHolidays: true,
        name: 'Office',
      },
    });
  });

  const valid = {
    workDays: [1],
    hoursPerDay: 8,
    nonWorkingDates: [],
    workingDates: [],
    usFederalHolidays: false,
  };
  it.each<[string, unknown, string]>([
    ['not an object', 'Mon-Fri', 'The calendar must be an object.'],
    ['no work days', { ...valid, workDays: [] }, 'The calendar needs at least one working weekday.'],
    ['weekday 0', { ...valid, workDays: [0, 1] }, 'Working weekdays are numbers 1 (Monday) to 7 (Sunday).'],
    ['weekday 8', { ...valid, workDays: [8] }, 'Working weekdays are numbers 1 (Monday) to 7 (Sunday).'],
    ['zero hours', { ...valid, hoursPerDay: 0 }, 'Hours per day must be a number above 0 and at most 24.'],
    ['25 hours', { ...valid, hoursPerDay: 25 }, 'Hours per day must be a number above 0 and at most 24.'],
    [
      'hours as text',
      { ...valid, hoursPerDay: '8' },
      'Hours per day must be a number above 0 and at most 24.',
    ],
    ['a flag as text', { ...valid, usFederalHolidays: 'yes' }, 'usFederalHolidays must be true or false.'],
    [
      'an impossible date',
      { ...valid, nonWorkingDates: ['2026-02-30'] },
      'Non-working dates: "2026-02-30" is not a YYYY-MM-DD date.',
    ],
    ['dates not a list', { ...valid, workingDates: '2026-01-03' }, 'Working dates must be a list of dates.'],
    ['a numeric name', { ...valid, name: 7 }, 'The calendar name must be text.'],
  ])('refuses %s', (_, value, error) => {
    expect(readProjectCalendar(value)).toEqual({ ok: false, error });
  });

  it('refuses more dates than a calendar may list', () => {
    const dates = Array.from({ length: MAX_CALENDAR_DATES + 1 }, (_, i) =>
      new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(readProjectCalendar({ ...valid, nonWorkingDates: dates })).toEqual({
      ok: false,
      error: `A calendar may list at most ${MAX_CALENDAR_DATES} dates.`,
    });
  });
});
