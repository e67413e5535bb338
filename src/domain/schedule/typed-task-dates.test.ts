import { describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR } from './calendar.js';
import { typedDatesChange, whatHoldsStart, workingDaysInclusive } from './typed-task-dates.js';

const task = { startDate: '2026-03-02', endDate: '2026-03-06', duration: 5 };

describe('typed task dates', () => {
  it('counts working days, both ends included, skipping weekends and holidays', () => {
    expect(workingDaysInclusive(DEFAULT_CALENDAR, '2026-03-02', '2026-03-06')).toBe(5);
    expect(workingDaysInclusive(DEFAULT_CALENDAR, '2026-03-02', '2026-03-09')).toBe(6);
    // Friday 3 July 2026 is Independence Day (observed).
    expect(workingDaysInclusive(DEFAULT_CALENDAR, '2026-07-01', '2026-07-06')).toBe(3);
  });

  it('turns a typed start into a start-no-earlier-than day and a typed due date into a duration', () => {
    expect(
      typedDatesChange(DEFAULT_CALENDAR, task, { startDate: '2026-03-02', endDate: '2026-03-06' }),
    ).toEqual({});
    expect(
      typedDatesChange(DEFAULT_CALENDAR, task, { startDate: '2026-03-09', endDate: '2026-03-06' }),
    ).toEqual({
      startNoEarlierThan: '2026-03-09',
    });
    expect(
      typedDatesChange(DEFAULT_CALENDAR, task, { startDate: '2026-03-02', endDate: '2026-03-12' }),
    ).toEqual({
      duration: 9,
    });
    expect(
      typedDatesChange(DEFAULT_CALENDAR, task, { startDate: '2026-03-09', endDate: '2026-03-10' }),
    ).toEqual({
      startNoEarlierThan: '2026-03-09',
      duration: 2,
    });
    const milestone = { startDate: '2026-03-02', endDate: '2026-03-02', duration: 0 };
    expect(
      typedDatesChange(DEFAULT_CALENDAR, milestone, { startDate: '2026-03-04', endDate: '2026-03-04' }),
    ).toEqual({ startNoEarlierThan: '2026-03-04' });
  });

  it('names the link that holds the start latest, with the day it allows', () => {
    const preds = new Map([
      [1, { id: 1, name: 'Footings', startDate: '2026-03-02', endDate: '2026-03-11' }],
      [2, { id: 2, name: 'Survey', startDate: '2026-03-02', endDate: '2026-03-03' }],
    ]);
    const hold = whatHoldsStart(
      DEFAULT_CALENDAR,
      {
        duration: 3,
        dependencies: [
          { taskId: 2, type: 'FS', lagDays: 0 },
          { taskId: 1, type: 'FS', lagDays: 1 },
        ],
        materialsDate: null,
      },
      preds,
      '2026-03-04',
    );
    expect(hold).toMatchObject({
      kind: 'link',
      predecessor: { name: 'Footings' },
      type: 'FS',
      startDate: '2026-03-13',
    });
    // Asked for a day after every link allows: nothing holds it.
    expect(
      whatHoldsStart(
        DEFAULT_CALENDAR,
        { duration: 3, dependencies: [{ taskId: 1, type: 'FS', lagDays: 0 }], materialsDate: null },
        preds,
        '2026-03-16',
      ),
    ).toBeNull();
  });

  it('names the materials delivery when it is the latest', () => {
    expect(
      whatHoldsStart(
        DEFAULT_CALENDAR,
        { duration: 2, dependencies: [], materialsDate: '2026-03-20' },
        new Map(),
        '2026-03-10',
      ),
    ).toEqual({ kind: 'materials', date: '2026-03-20', startDate: '2026-03-20' });
  });
});
