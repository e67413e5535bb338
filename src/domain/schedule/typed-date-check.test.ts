import { describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR } from './calendar.js';
import {
  actualStartAheadOf,
  checkNewTaskDates,
  checkTypedDates,
  type TypedDateTask,
} from './typed-date-check.js';
import type { PredecessorDates } from './typed-task-dates.js';

// Permits Mon 2 – Fri 13 March 2026; Framing (5 days, after Permits) Mon 16 – Fri 20 March.
const permits: PredecessorDates = { id: 1, name: 'Permits', startDate: '2026-03-02', endDate: '2026-03-13' };
const preds = new Map([[1, permits]]);
const framing = (over: Partial<TypedDateTask> = {}): TypedDateTask => ({
  startDate: '2026-03-16',
  endDate: '2026-03-20',
  duration: 5,
  dependencies: [{ taskId: 1, type: 'FS', lagDays: 0 }],
  materialsDate: null,
  actualStart: null,
  ...over,
});

describe('checkTypedDates', () => {
  it.each([
    [
      'a later working start is kept as a constraint',
      framing(),
      { startDate: '2026-03-18' },
      { startNoEarlierThan: '2026-03-18' },
      [],
    ],
    [
      'a start before the predecessor finishes',
      framing(),
      { startDate: '2026-03-10' },
      {},
      [['startDate', '2026-03-16']],
    ],
    ['a Saturday start', framing(), { startDate: '2026-03-21' }, {}, [['startDate', '2026-03-23']]],
    [
      'a started task keeps its actual start',
      framing({ actualStart: '2026-03-17' }),
      { startDate: '2026-03-18' },
      {},
      [['startDate', '2026-03-17']],
    ],
    ['a due date becomes a duration', framing(), { endDate: '2026-03-27' }, { duration: 10 }, []],
    [
      'a Sunday due date: the nearest working day (Monday)',
      framing(),
      { endDate: '2026-03-29' },
      {},
      [['endDate', '2026-03-30']],
    ],
    ['a due date before the start', framing(), { endDate: '2026-03-13' }, {}, [['endDate', '2026-03-16']]],
    [
      'a due date before a finish-to-finish predecessor finishes',
      framing({
        dependencies: [{ taskId: 1, type: 'FF', lagDays: 0 }],
        startDate: '2026-03-09',
        endDate: '2026-03-13',
      }),
      { endDate: '2026-03-11' },
      {},
      [['endDate', '2026-03-13']],
    ],
    [
      'dates left as they were change nothing',
      framing(),
      { startDate: '2026-03-16', endDate: '2026-03-20' },
      {},
      [],
    ],
  ] as const)('%s', (_, task, typed, change, problems) => {
    const check = checkTypedDates(DEFAULT_CALENDAR, task, preds, typed);
    expect(check.problems.map((p) => [p.field, p.nearest])).toEqual(problems);
    if (problems.length === 0) expect(check.change).toEqual(change);
    for (const p of check.problems) expect(p.reason.length).toBeGreaterThan(10);
  });
});

describe('checkNewTaskDates', () => {
  // A new task defaults to the day it is created; here that is Monday 16 March, 7 days long.
  const fresh = (over: Partial<TypedDateTask> = {}) =>
    framing({ duration: 7, endDate: '2026-03-23', ...over });
  it.each([
    [
      'the start it is created on is kept as a constraint too',
      fresh(),
      { startDate: '2026-03-16' },
      { startNoEarlierThan: '2026-03-16' },
      [],
    ],
    [
      'both dates: a constraint and the working days between them',
      fresh(),
      { startDate: '2026-03-17', endDate: '2026-03-24' },
      { startNoEarlierThan: '2026-03-17', duration: 6 },
      [],
    ],
    [
      'a start its link forbids',
      fresh(),
      { startDate: '2026-03-12', endDate: '2026-03-20' },
      {},
      [['startDate', '2026-03-16']],
    ],
    [
      'a Saturday start and a Sunday due date',
      fresh({ dependencies: [] }),
      { startDate: '2026-03-21', endDate: '2026-03-29' },
      {},
      [
        ['startDate', '2026-03-23'],
        ['endDate', '2026-03-30'],
      ],
    ],
    [
      'a due date alone counts from the default start',
      fresh({ dependencies: [] }),
      { endDate: '2026-03-20' },
      { duration: 5 },
      [],
    ],
    [
      'a task created started: its start is its actual start, not a constraint',
      fresh({ dependencies: [], actualStart: '2026-03-14' }),
      { startDate: '2026-03-14', endDate: '2026-03-20' },
      { duration: 5 },
      [],
    ],
    [
      'materials expected later hold the start',
      fresh({ dependencies: [], materialsDate: '2026-03-19' }),
      { startDate: '2026-03-17' },
      {},
      [['startDate', '2026-03-19']],
    ],
  ] as const)('%s', (_, task, typed, change, problems) => {
    const check = checkNewTaskDates(DEFAULT_CALENDAR, task, preds, typed);
    expect(check.problems.map((p) => [p.field, p.nearest])).toEqual(problems);
    if (problems.length === 0) expect(check.change).toEqual(change);
    for (const p of check.problems) expect(p.reason.length).toBeGreaterThan(10);
  });
});

describe('actualStartAheadOf', () => {
  it('names a finish-to-start predecessor planned to finish on or after the day', () => {
    expect(
      actualStartAheadOf(framing().dependencies, preds, '2026-03-11').map((a) => a.predecessor.name),
    ).toEqual(['Permits']);
    expect(actualStartAheadOf(framing().dependencies, preds, '2026-03-16')).toEqual([]);
  });
});
