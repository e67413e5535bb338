import { describe, expect, it } from 'vitest';
import { compareWithBaseline, finishVarianceCounter } from './baseline-variance.js';
import { DEFAULT_CALENDAR, workCalendar } from './calendar.js';

describe('finishVarianceCounter', () => {
  const dates = ['2026-06-01', '2026-07-31'];
  const variance = finishVarianceCounter(DEFAULT_CALENDAR, dates);

  it.each([
    ['same day', '2026-06-05', '2026-06-05', 0],
    ['Friday → next Monday, across the weekend', '2026-06-05', '2026-06-08', 1],
    ['Friday → Saturday: no working day', '2026-06-05', '2026-06-06', 0],
    ['a week late', '2026-06-01', '2026-06-08', 5],
    ['two days early', '2026-06-10', '2026-06-08', -2],
    ['Monday → previous Friday: one day early', '2026-06-08', '2026-06-05', -1],
    // Friday 3 July 2026 is the Independence Day holiday (observed).
    ['Thursday → Monday across the holiday and the weekend', '2026-07-02', '2026-07-06', 1],
    ['Monday → Thursday before the holiday: one day early', '2026-07-06', '2026-07-02', -1],
  ])('%s', (_, baseline, current, expected) => {
    expect(variance(baseline, current)).toBe(expected);
  });

  it('counts dates outside those it was indexed over', () => {
    expect(variance('2026-05-29', '2026-09-01')).toBe(65);
    expect(variance('2026-09-01', '2026-05-29')).toBe(-65);
  });

  it('counts on the project calendar: a six-day week works Saturdays, a listed shutdown is off', () => {
    const sixDays = workCalendar({ workDays: [1, 2, 3, 4, 5, 6], nonWorkingDates: ['2026-06-09'] });
    const count = finishVarianceCounter(sixDays, dates);
    expect(count('2026-06-05', '2026-06-06')).toBe(1);
    expect(count('2026-06-05', '2026-06-10')).toBe(3);
  });
});

describe('compareWithBaseline', () => {
  it('gives late, early and on-time tasks their variance, and nulls to a task added after the baseline', () => {
    const baseline = new Map([
      [1, { start: '2026-06-01', finish: '2026-06-05' }],
      [2, { start: '2026-06-08', finish: '2026-06-12' }],
      [3, { start: '2026-06-15', finish: '2026-06-15' }],
    ]);
    const tasks = [
      { id: 1, finish: '2026-06-09', name: 'late' },
      { id: 2, finish: '2026-06-10', name: 'early' },
      { id: 3, finish: '2026-06-15', name: 'on time' },
      { id: 4, finish: '2026-06-20', name: 'new' },
    ];
    expect(compareWithBaseline(DEFAULT_CALENDAR, tasks, baseline)).toEqual([
      { ...tasks[0], baselineStart: '2026-06-01', baselineFinish: '2026-06-05', finishVarianceDays: 2 },
      { ...tasks[1], baselineStart: '2026-06-08', baselineFinish: '2026-06-12', finishVarianceDays: -2 },
      { ...tasks[2], baselineStart: '2026-06-15', baselineFinish: '2026-06-15', finishVarianceDays: 0 },
      { ...tasks[3], baselineStart: null, baselineFinish: null, finishVarianceDays: null },
    ]);
  });

  it('answers an empty list for no tasks', () => {
    expect(compareWithBaseline(DEFAULT_CALENDAR, [], new Map())).toEqual([]);
  });
});
