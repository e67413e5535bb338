import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, monthBounds, periodOf, type ScheduleView, stepAnchor, weekStart } from './period.js';

describe('periodOf', () => {
  it.each<[ScheduleView, string, string, string, number]>([
    ['day', '2026-04-08', '2026-04-08', '2026-04-08', 1],
    // 8 April 2026 is a Wednesday: its week runs from Sunday the 5th to Saturday the 11th.
    ['week', '2026-04-08', '2026-04-05', '2026-04-11', 7],
    ['week', '2026-04-05', '2026-04-05', '2026-04-11', 7],
    ['week', '2026-04-11', '2026-04-05', '2026-04-11', 7],
    // A week across a month and a year boundary.
    ['week', '2026-01-01', '2025-12-28', '2026-01-03', 7],
    ['month', '2026-04-08', '2026-04-01', '2026-04-30', 30],
    ['month', '2026-02-14', '2026-02-01', '2026-02-28', 28],
    ['month', '2028-02-29', '2028-02-01', '2028-02-29', 29],
    ['month', '2026-12-31', '2026-12-01', '2026-12-31', 31],
  ])('%s of %s runs %s to %s (%i days)', (view, anchor, from, to, length) => {
    const period = periodOf(view, anchor);
    expect(period).toMatchObject({ view, from, to });
    expect(period.days).toHaveLength(length);
    expect(period.days[0]).toBe(from);
    expect(period.days.at(-1)).toBe(to);
  });
});

describe('stepAnchor', () => {
  it.each<[ScheduleView, string, number, string]>([
    ['day', '2026-04-30', 1, '2026-05-01'],
    ['day', '2026-01-01', -1, '2025-12-31'],
    ['week', '2026-04-29', 1, '2026-05-06'],
    ['week', '2026-04-01', -1, '2026-03-25'],
    ['month', '2026-04-15', 1, '2026-05-15'],
    ['month', '2026-01-31', 1, '2026-02-28'],
    ['month', '2028-01-31', 1, '2028-02-29'],
    ['month', '2026-03-31', -1, '2026-02-28'],
    ['month', '2026-12-10', 1, '2027-01-10'],
    ['month', '2026-01-10', -1, '2025-12-10'],
    ['month', '2026-05-31', 13, '2027-06-30'],
  ])('%s from %s by %i is %s', (view, anchor, steps, expected) => {
    expect(stepAnchor(view, anchor, steps)).toBe(expected);
  });

  it('next then previous comes back to the same period', () => {
    const day = fc.integer({ min: 0, max: 40_000 }).map((n) => addDays('1970-01-01', n));
    fc.assert(
      fc.property(day, fc.constantFrom<ScheduleView>('day', 'week', 'month'), (anchor, view) => {
        const back = stepAnchor(view, stepAnchor(view, anchor, 1), -1);
        expect(periodOf(view, back).from).toBe(periodOf(view, anchor).from);
      }),
    );
  });
});

describe('weeks and months', () => {
  it('a week always starts on a Sunday, on or before the day', () => {
    const day = fc.integer({ min: 0, max: 80_000 }).map((n) => addDays('1900-01-01', n));
    fc.assert(
      fc.property(day, (d) => {
        const start = weekStart(d);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(0);
        expect(start <= d && addDays(start, 6) >= d).toBe(true);
      }),
    );
  });

  it('month bounds', () => {
    expect(monthBounds('2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthBounds('2100-02-10')).toEqual({ from: '2100-02-01', to: '2100-02-28' });
  });
});
