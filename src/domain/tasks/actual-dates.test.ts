import { describe, expect, it } from 'vitest';
import { type ActualDatesInput, actualDatesAfter } from './actual-dates.js';

const task = (over: Partial<ActualDatesInput>): ActualDatesInput => ({
  status: 'not-started',
  progress: 0,
  startDate: '2026-03-02',
  endDate: '2026-03-13',
  actualStart: null,
  actualFinish: null,
  ...over,
});

describe('actualDatesAfter', () => {
  it.each<
    [string, Partial<ActualDatesInput>, string, { actualStart: string | null; actualFinish: string | null }]
  >([
    ['not started: none', {}, '2026-03-05', { actualStart: null, actualFinish: null }],
    [
      'started on schedule',
      { progress: 30 },
      '2026-03-05',
      { actualStart: '2026-03-02', actualFinish: null },
    ],
    [
      'started while still planned for later: the planned start, never today',
      { status: 'in-progress' },
      '2026-02-25',
      { actualStart: '2026-03-02', actualFinish: null },
    ],
    [
      'completed after its scheduled finish keeps the scheduled finish',
      { progress: 100, status: 'completed' },
      '2026-03-20',
      { actualStart: '2026-03-02', actualFinish: '2026-03-13' },
    ],
    [
      'completed early finishes today',
      { progress: 100 },
      '2026-03-06',
      { actualStart: '2026-03-02', actualFinish: '2026-03-06' },
    ],
    [
      'keeps dates already set',
      { progress: 100, actualStart: '2026-03-03', actualFinish: '2026-03-10' },
      '2026-04-01',
      { actualStart: '2026-03-03', actualFinish: '2026-03-10' },
    ],
    [
      'set back to in progress clears the finish',
      { progress: 60, actualStart: '2026-03-03', actualFinish: '2026-03-10' },
      '2026-04-01',
      { actualStart: '2026-03-03', actualFinish: null },
    ],
    [
      'set back to not started clears both',
      { progress: 0, status: 'not-started', actualStart: '2026-03-03' },
      '2026-04-01',
      { actualStart: null, actualFinish: null },
    ],
    [
      'a finish is never before the start',
      { progress: 100, actualStart: '2026-03-10', actualFinish: '2026-03-04' },
      '2026-04-01',
      { actualStart: '2026-03-10', actualFinish: '2026-03-10' },
    ],
  ])('%s', (_, over, today, expected) => {
    expect(actualDatesAfter(task(over), today)).toEqual(expected);
  });
});
