import { describe, expect, it } from 'vitest';
import { workCalendar } from './calendar.js';
import { addMonths, newProjectDates, nextWorkingDay, startToday } from './new-project-dates.js';

describe('new project dates', () => {
  it.each([
    ['a Tuesday', '2026-11-24', '2026-11-25', '2027-06-25'],
    ['a Friday', '2026-11-27', '2026-11-30', '2027-06-30'],
    ['the day before a holiday', '2026-11-25', '2026-11-27', '2027-06-27'],
    ['a Wednesday before New Year', '2026-12-31', '2027-01-04', '2027-08-04'],
  ])('from %s (%s) start on %s and end seven months later', (_, today, start, end) => {
    expect(newProjectDates(today)).toEqual({ startDate: start, endDate: end });
  });

  it('follows the calendar given: a six-day week starts on Saturday', () => {
    expect(nextWorkingDay('2026-11-27', workCalendar({ workDays: [1, 2, 3, 4, 5, 6] }))).toBe('2026-11-28');
  });

  it('adds months, falling to the last day of a shorter month', () => {
    expect(addMonths('2025-09-01', 7)).toBe('2026-04-01');
    expect(addMonths('2026-07-31', 7)).toBe('2027-02-28');
    expect(addMonths('2027-07-31', 7)).toBe('2028-02-29');
    expect(addMonths('2026-05-15', 7)).toBe('2026-12-15');
  });

  it('moves a past plan to start today, keeping its length', () => {
    expect(startToday({ startDate: '2025-09-01', endDate: '2026-04-01' }, '2026-11-24')).toEqual({
      startDate: '2026-11-24',
      endDate: '2027-06-24',
    });
  });
});
