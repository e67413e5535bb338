import { describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR, workCalendar } from './calendar.js';
import { workingDayShift } from './project-shift.js';

describe('workingDayShift', () => {
  it('counts the move of the start in working days and moves other dates by as many', () => {
    // Mon 2026-03-02 → Mon 2026-03-16: ten working days.
    const shift = workingDayShift(DEFAULT_CALENDAR, '2026-03-02', '2026-03-16');
    expect(shift.days).toBe(10);
    expect(shift.move('2026-03-04')).toBe('2026-03-18');
    // Fri 2026-03-13 + 10 working days = Fri 2026-03-27.
    expect(shift.move('2026-03-13')).toBe('2026-03-27');
  });

  it('skips holidays and weekends on the way, and moves back as well as forward', () => {
    // Thu 2026-06-25 → Thu 2026-07-02 is five working days; Fri 2026-07-03 is the Independence Day holiday.
    const shift = workingDayShift(DEFAULT_CALENDAR, '2026-06-25', '2026-07-02');
    expect(shift.days).toBe(5);
    expect(shift.move('2026-06-26')).toBe('2026-07-06');
    const back = workingDayShift(DEFAULT_CALENDAR, '2026-07-02', '2026-06-25');
    expect(back.days).toBe(-5);
    expect(back.move('2026-07-06')).toBe('2026-06-26');
  });

  it('works on the project calendar: a six-day week', () => {
    const sixDays = workCalendar({ workDays: [1, 2, 3, 4, 5, 6] });
    const shift = workingDayShift(sixDays, '2026-03-02', '2026-03-09');
    expect(shift.days).toBe(6);
    expect(shift.move('2026-03-07')).toBe('2026-03-14');
  });

  it('moves nothing when the start is on the same working day', () => {
    // Saturday 2026-02-28 starts work on Monday 2026-03-02, as does the Monday itself.
    const shift = workingDayShift(DEFAULT_CALENDAR, '2026-02-28', '2026-03-02');
    expect(shift.days).toBe(0);
    expect(shift.move('2026-03-05')).toBe('2026-03-05');
  });
});
