import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type WorkCalendar, workCalendar } from './calendar.js';
import { createWorkingTimeIndex, instantAtOffset, offsetOfInstant } from './working-time.js';

// Monday–Friday 08:00–12:00 and 13:00–17:00, no holiday rule; Thursday 2006-09-21 origin.
const calendar = workCalendar({ holidays: 'none' });
const index = createWorkingTimeIndex(calendar, '2006-09-21T08:00', { throughMinutes: 5 * 480 });

describe('instantAtOffset', () => {
  it.each([
    [0, 'start', '2006-09-21T08:00'],
    [75, 'start', '2006-09-21T09:15'],
    [240, 'start', '2006-09-21T13:00'], // lunch is skipped by a start…
    [240, 'finish', '2006-09-21T12:00'], // …and ends a finish
    [480, 'start', '2006-09-22T08:00'],
    [480, 'finish', '2006-09-21T17:00'],
    [960, 'start', '2006-09-25T08:00'], // the weekend is skipped
    [960, 'finish', '2006-09-22T17:00'],
    [1200, 'finish', '2006-09-25T12:00'],
    [0, 'finish', '2006-09-21T08:00'],
  ] as const)('%i working minutes read as a %s: %s', (minutes, edge, instant) => {
    expect(instantAtOffset(index, minutes, edge)).toBe(instant);
  });

  it('refuses offsets outside the indexed time', () => {
    expect(() => instantAtOffset(index, -1, 'start')).toThrow(RangeError);
    expect(() => instantAtOffset(index, 1e9, 'finish')).toThrow(RangeError);
  });
});

describe('offsetOfInstant', () => {
  it.each([
    ['2006-09-21T08:00', 0],
    ['2006-09-21T09:15', 75],
    ['2006-09-21T12:30', 240], // during lunch: the morning's work
    ['2006-09-21T17:00', 480],
    ['2006-09-21T20:00', 480],
    ['2006-09-23T10:00', 960], // Saturday
    ['2006-09-25T08:00', 960],
    ['2006-09-20T10:00', 0], // before the origin
  ])('%s is %i working minutes in', (instant, minutes) => {
    expect(offsetOfInstant(index, instant)).toBe(minutes);
  });

  it('round-trips with instantAtOffset for both readings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 * 480 - 1 }),
        fc.constantFrom('start' as const, 'finish' as const),
        (m, edge) => {
          expect(offsetOfInstant(index, instantAtOffset(index, m, edge))).toBe(m);
        },
      ),
    );
  });
});

describe('createWorkingTimeIndex', () => {
  it('starts at the next working instant after an origin outside working time', () => {
    const fromMidnight = createWorkingTimeIndex(calendar, '2021-11-30T00:00');
    expect(instantAtOffset(fromMidnight, 0, 'start')).toBe('2021-11-30T08:00');
    const fromEvening = createWorkingTimeIndex(calendar, '2021-12-03T18:00');
    expect(instantAtOffset(fromEvening, 0, 'start')).toBe('2021-12-06T08:00'); // Friday evening → Monday
  });

  it('counts only the part of the origin day after the origin', () => {
    const midMorning = createWorkingTimeIndex(calendar, '2021-11-30T10:00', { throughMinutes: 600 });
    expect(instantAtOffset(midMorning, 120, 'finish')).toBe('2021-11-30T12:00');
    expect(instantAtOffset(midMorning, 360, 'finish')).toBe('2021-11-30T17:00');
    expect(instantAtOffset(midMorning, 360, 'start')).toBe('2021-12-01T08:00');
  });

  it('follows days off and worked exceptions with their own hours', () => {
    const withExceptions: WorkCalendar = {
      ...calendar,
      nonWorkingDates: ['2021-12-01'],
      exceptions: [{ date: '2021-12-04', periods: [{ start: 9 * 60, end: 11 * 60 }] }], // a short Saturday
    };
    const days = createWorkingTimeIndex(withExceptions, '2021-11-30T08:00', { throughMinutes: 3000 });
    expect(instantAtOffset(days, 480, 'start')).toBe('2021-12-02T08:00'); // Wednesday off
    expect(instantAtOffset(days, 3 * 480, 'start')).toBe('2021-12-04T09:00');
    expect(instantAtOffset(days, 3 * 480 + 120, 'finish')).toBe('2021-12-04T11:00');
    expect(instantAtOffset(days, 3 * 480 + 120, 'start')).toBe('2021-12-06T08:00');
  });

  it('covers a requested instant', () => {
    const far = createWorkingTimeIndex(calendar, '2021-01-04T08:00', { throughInstant: '2021-03-01T08:00' });
    expect(offsetOfInstant(far, '2021-03-01T08:00')).toBe(40 * 480);
    expect(() => offsetOfInstant(far, '2022-01-01T08:00')).toThrow(RangeError);
  });

  it('rejects malformed instants and calendars without working time', () => {
    expect(() => createWorkingTimeIndex(calendar, '2021-13-01T08:00')).toThrow(RangeError);
    expect(() =>
      createWorkingTimeIndex({ ...calendar, week: [[], [], [], [], [], [], []] }, '2021-01-04T08:00'),
    ).toThrow(/no working time/);
  });
});
