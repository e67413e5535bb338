import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCalendar, hoursPerDay, validateCalendar, workCalendar } from './calendar.js';
import { isoDateOfSerial, serialOfIsoDate, weekdayOfSerial } from './iso-date.js';
import { usFederalHolidays } from './us-holidays.js';
import {
  createWorkingDayIndex,
  finishDateAt,
  offsetOfDate,
  startDateAt,
  workingDateAt,
} from './working-days.js';

describe('usFederalHolidays', () => {
  it('gives the 2021 observed dates, with weekend holidays moved (and 2022 New Year observed on 31 Dec)', () => {
    expect(usFederalHolidays(2021).map((h) => h.date)).toEqual([
      '2021-01-01', // New Year's Day, Friday
      '2021-01-18', // third Monday of January
      '2021-02-15', // third Monday of February
      '2021-05-31', // last Monday of May
      '2021-06-18', // Juneteenth (Saturday 19th) observed Friday
      '2021-07-05', // Independence Day (Sunday) observed Monday
      '2021-09-06', // first Monday of September
      '2021-10-11', // second Monday of October
      '2021-11-11', // Veterans Day, Thursday
      '2021-11-25', // fourth Thursday of November
      '2021-12-24', // Christmas (Saturday) observed Friday
      '2021-12-31', // New Year's Day 2022 (Saturday) observed Friday
    ]);
  });

  it('leaves out a New Year holiday observed in the previous year and Juneteenth before 2021', () => {
    const names2022 = usFederalHolidays(2022).map((h) => h.name);
    expect(names2022).not.toContain("New Year's Day");
    expect(usFederalHolidays(2022).find((h) => h.name.startsWith('Christmas'))?.date).toBe('2022-12-26');
    expect(usFederalHolidays(2019).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(usFederalHolidays(2019)).toHaveLength(10);
  });

  it('never lands on a weekend and keeps each holiday in its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), (year) => {
        for (const holiday of usFederalHolidays(year)) {
          const weekday = weekdayOfSerial(serialOfIsoDate(holiday.date));
          expect(weekday).not.toBe(0);
          expect(weekday).not.toBe(6);
          expect(holiday.date.startsWith(String(year))).toBe(true);
        }
      }),
    );
  });
});

describe('workCalendar', () => {
  it('defaults to Monday–Friday, 8 hours with a lunch hour, US federal holidays off', () => {
    const calendar = workCalendar();
    expect(hoursPerDay(calendar)).toBe(8);
    expect(calendar.week[1]).toEqual([
      { start: 480, end: 720 },
      { start: 780, end: 1020 },
    ]);
    expect(calendar.week[0]).toEqual([]);
    const compiled = compileCalendar(calendar);
    expect(compiled.isWorkingDay(serialOfIsoDate('2024-07-04'))).toBe(false); // Thursday, Independence Day
    expect(compiled.isWorkingDay(serialOfIsoDate('2024-07-05'))).toBe(true);
    expect(compiled.isWorkingDay(serialOfIsoDate('2024-07-06'))).toBe(false); // Saturday
  });

  it('takes work days, extra days off and worked dates', () => {
    const calendar = workCalendar({
      workDays: [1, 2, 3, 4, 5, 6],
      holidays: 'none',
      nonWorkingDates: ['2024-03-13'],
      workingDates: ['2024-03-17'],
      hoursPerDay: 10,
    });
    const compiled = compileCalendar(calendar);
    const worked = [
      '2024-03-11',
      '2024-03-12',
      '2024-03-13',
      '2024-03-14',
      '2024-03-16',
      '2024-03-17',
      '2024-03-18',
    ].map((date) => compiled.isWorkingDay(serialOfIsoDate(date)));
    expect(worked).toEqual([true, true, false, true, true, true, true]);
    expect(hoursPerDay(calendar)).toBe(10);
  });

  it('validates periods, weekdays and dates', () => {
    expect(validateCalendar(workCalendar())).toBeNull();
    expect(validateCalendar({ ...workCalendar(), week: [] })).toMatch(/seven/);
    expect(validateCalendar({ ...workCalendar(), week: [[], [], [], [], [], [], []] })).toMatch(
      /at least one/,
    );
    expect(validateCalendar({ ...workCalendar(), nonWorkingDates: ['2024-02-30'] })).toMatch(/2024-02-30/);
    const overlapping = [
      { start: 480, end: 720 },
      { start: 700, end: 800 },
    ];
    expect(validateCalendar({ ...workCalendar(), week: [overlapping, [], [], [], [], [], []] })).toMatch(
      /ordered/,
    );
  });
});

describe('working-day index', () => {
  // Friday 2024-06-28 start; Thursday 2024-07-04 is a holiday.
  const index = createWorkingDayIndex(workCalendar(), '2024-06-28', 5);

  it.each([
    [0, '2024-06-28'],
    [1, '2024-07-01'], // weekend skipped
    [4, '2024-07-05'], // 4 July skipped
    [5, '2024-07-08'],
    [10, '2024-07-15'], // beyond the indexed days
    [-1, '2024-06-27'],
  ])('offset %i is %s', (offset, date) => {
    expect(workingDateAt(index, offset)).toBe(date);
  });

  it.each([
    ['2024-06-28', 0],
    ['2024-06-29', 1], // Saturday → the next working day, Monday
    ['2024-07-04', 4], // holiday → Friday 5 July
    ['2024-07-15', 10],
    ['2024-06-24', -4],
    ['2024-06-23', -4], // Sunday → Monday the 24th
  ])('%s is offset %i', (date, offset) => {
    expect(offsetOfDate(index, date)).toBe(offset);
  });

  it('starts from the first working day when the start date is not worked', () => {
    const fromSaturday = createWorkingDayIndex(workCalendar(), '2024-06-29');
    expect(workingDateAt(fromSaturday, 0)).toBe('2024-07-01');
    expect(offsetOfDate(fromSaturday, '2024-06-29')).toBe(0);
  });

  it('dates work by its first and last day; a finish at offset f is on day f-1', () => {
    expect(startDateAt(index, 1)).toBe('2024-07-01');
    expect(finishDateAt(index, 5)).toBe('2024-07-05'); // a 5-day task from offset 0
    expect(finishDateAt(index, 0)).toBe('2024-06-28');
    expect(finishDateAt(index, 2.5)).toBe('2024-07-02'); // part of the third day
  });

  it('round-trips offsets and dates on working days', () => {
    const long = createWorkingDayIndex(workCalendar(), '2023-01-02', 300);
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 700 }), (offset) => {
        const date = workingDateAt(long, offset);
        expect(offsetOfDate(long, date)).toBe(offset);
        expect(compileCalendar(workCalendar()).isWorkingDay(serialOfIsoDate(date))).toBe(true);
      }),
    );
  });

  it('counts the working days between consecutive offsets as one', () => {
    const days = Array.from({ length: 30 }, (_, k) => serialOfIsoDate(workingDateAt(index, k)));
    days.slice(1).forEach((serial, k) => {
      const gap = Array.from({ length: serial - (days[k] ?? 0) - 1 }, (_, j) =>
        isoDateOfSerial((days[k] ?? 0) + j + 1),
      );
      for (const skipped of gap) expect(index.calendar.isWorkingDay(serialOfIsoDate(skipped))).toBe(false);
    });
  });
});
