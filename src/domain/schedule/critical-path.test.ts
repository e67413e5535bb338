import { describe, expect, it } from 'vitest';
import {
  type CriticalPathSchedule,
  type LinkType,
  type ScheduledTask,
  type ScheduleLink,
  type ScheduleTask,
  schedule,
} from './critical-path.js';

type Times = [
  earlyStart: number,
  earlyFinish: number,
  lateStart: number,
  lateFinish: number,
  totalFloat: number,
  freeFloat: number,
];

function scheduled(tasks: ScheduleTask<string>[], links: ScheduleLink<string>[], mustFinishBy?: number) {
  const result = schedule(tasks, links, mustFinishBy === undefined ? {} : { mustFinishBy });
  if (!result.ok) throw new Error(result.error.message);
  return result.schedule;
}

function timesOf(result: CriticalPathSchedule<string>): Record<string, Times> {
  return Object.fromEntries(
    result.tasks.map((t: ScheduledTask<string>) => [
      t.id,
      [t.earlyStart, t.earlyFinish, t.lateStart, t.lateFinish, t.totalFloat, t.freeFloat] as Times,
    ]),
  );
}

const task = (
  id: string,
  duration: number,
  extra: Partial<ScheduleTask<string>> = {},
): ScheduleTask<string> => ({
  id,
  duration,
  ...extra,
});
const link = (
  predecessorId: string,
  successorId: string,
  type: LinkType = 'FS',
  lag = 0,
): ScheduleLink<string> => ({
  predecessorId,
  successorId,
  type,
  lag,
});

describe('schedule: one link of each type', () => {
  // A (3 days) → B (2 days), plus C (10 days) alone so the project outlasts both and float shows.
  it.each<[string, LinkType, number, Times, Times]>([
    //  description              type  lag   A: ES EF LS LF TF FF          B: ES EF LS LF TF FF
    ['finish-to-start', 'FS', 0, [0, 3, 5, 8, 5, 0], [3, 5, 8, 10, 5, 5]],
    ['finish-to-start, lag 2', 'FS', 2, [0, 3, 3, 6, 3, 0], [5, 7, 8, 10, 3, 3]],
    ['finish-to-start, lead 2', 'FS', -2, [0, 3, 7, 10, 7, 0], [1, 3, 8, 10, 7, 7]],
    ['start-to-start', 'SS', 0, [0, 3, 7, 10, 7, 0], [0, 2, 8, 10, 8, 8]],
    ['start-to-start, lag 4', 'SS', 4, [0, 3, 4, 7, 4, 0], [4, 6, 8, 10, 4, 4]],
    ['finish-to-finish', 'FF', 0, [0, 3, 7, 10, 7, 0], [1, 3, 8, 10, 7, 7]],
    ['finish-to-finish, lag 1', 'FF', 1, [0, 3, 6, 9, 6, 0], [2, 4, 8, 10, 6, 6]],
    [
      'finish-to-finish, lead 3 (successor held at the project start)',
      'FF',
      -3,
      [0, 3, 7, 10, 7, 2],
      [0, 2, 8, 10, 8, 8],
    ],
    ['start-to-finish, lag 5', 'SF', 5, [0, 3, 5, 8, 5, 0], [3, 5, 8, 10, 5, 5]],
    [
      'start-to-finish, no lag (successor held at the project start)',
      'SF',
      0,
      [0, 3, 7, 10, 7, 2],
      [0, 2, 8, 10, 8, 8],
    ],
  ])('%s', (_name, type, lag, a, b) => {
    const result = scheduled([task('A', 3), task('B', 2), task('C', 10)], [link('A', 'B', type, lag)]);
    expect(result.finish).toBe(10);
    expect(timesOf(result)).toEqual({ A: a, B: b, C: [0, 10, 0, 10, 0, 0] });
    expect(result.criticalPath).toEqual(['C']);
  });
});

describe('schedule: networks', () => {
  it('dates a chain and marks it critical end to end', () => {
    const result = scheduled([task('A', 2), task('B', 3), task('C', 1)], [link('A', 'B'), link('B', 'C')]);
    expect(result.finish).toBe(6);
    expect(result.criticalPath).toEqual(['A', 'B', 'C']);
    expect(timesOf(result).C).toEqual([5, 6, 5, 6, 0, 0]);
  });

  it('takes the longest of parallel paths and gives the shorter one float', () => {
    //   A(2) ─┬─ B(5) ─┬─ D(1)
    //         └─ C(1) ─┘
    const result = scheduled(
      [task('A', 2), task('B', 5), task('C', 1), task('D', 1)],
      [link('A', 'B'), link('A', 'C'), link('B', 'D'), link('C', 'D')],
    );
    expect(result.criticalPath).toEqual(['A', 'B', 'D']);
    expect(timesOf(result).C).toEqual([2, 3, 6, 7, 4, 4]);
  });

  it('handles milestones: zero duration, dated where the work before them ends', () => {
    const result = scheduled(
      [task('start', 0), task('work', 4), task('done', 0)],
      [link('start', 'work'), link('work', 'done')],
    );
    expect(timesOf(result)).toEqual({
      start: [0, 0, 0, 0, 0, 0],
      work: [0, 4, 0, 4, 0, 0],
      done: [4, 4, 4, 4, 0, 0],
    });
    expect(result.criticalPath).toEqual(['start', 'work', 'done']);
  });

  it('supports several start and end tasks', () => {
    // Two starts (S1, S2) feed M; M feeds two ends (E1, E2).
    const result = scheduled(
      [task('S1', 2), task('S2', 4), task('M', 1), task('E1', 3), task('E2', 1)],
      [link('S1', 'M'), link('S2', 'M'), link('M', 'E1'), link('M', 'E2')],
    );
    expect(result.finish).toBe(8);
    expect(result.criticalPath).toEqual(['S2', 'M', 'E1']);
    expect(timesOf(result).S1).toEqual([0, 2, 2, 4, 2, 2]);
    expect(timesOf(result).E2).toEqual([5, 6, 7, 8, 2, 2]);
  });

  it('schedules disconnected groups against the one project finish', () => {
    const result = scheduled(
      [task('A1', 3), task('A2', 3), task('B1', 1), task('B2', 1), task('lone', 2)],
      [link('A1', 'A2'), link('B1', 'B2')],
    );
    expect(result.finish).toBe(6);
    expect(result.criticalPath).toEqual(['A1', 'A2']);
    expect(timesOf(result).B2).toEqual([1, 2, 5, 6, 4, 4]);
    expect(timesOf(result).lone).toEqual([0, 2, 4, 6, 4, 4]);
  });

  it('keeps a task whose only successor is start-to-start within the project finish', () => {
    // A (10) starts B (2) at the same time: A finishes last, so A is critical although its link has slack.
    const result = scheduled([task('A', 10), task('B', 2)], [link('A', 'B', 'SS')]);
    expect(result.finish).toBe(10);
    expect(timesOf(result).A).toEqual([0, 10, 0, 10, 0, 0]);
    expect(timesOf(result).B).toEqual([0, 2, 8, 10, 8, 8]);
  });

  it('lets a pair of SS and FF links overlap two tasks', () => {
    const result = scheduled(
      [task('dig', 6), task('pipe', 4)],
      [link('dig', 'pipe', 'SS', 2), link('dig', 'pipe', 'FF', 1)],
    );
    expect(timesOf(result).pipe).toEqual([3, 7, 3, 7, 0, 0]);
    expect(result.criticalPath).toEqual(['dig', 'pipe']);
  });

  it('accepts numeric ids and keeps the input order of tasks', () => {
    const result = schedule(
      [
        { id: 30, duration: 1 },
        { id: 10, duration: 1 },
      ],
      [{ predecessorId: 10, successorId: 30, type: 'FS' }],
    );
    expect(result.ok && result.schedule.tasks.map((t) => [t.id, t.earlyStart])).toEqual([
      [30, 1],
      [10, 0],
    ]);
  });

  it('schedules nothing as an empty project finishing at 0', () => {
    expect(schedule([], [])).toEqual({ ok: true, schedule: { finish: 0, tasks: [], criticalPath: [] } });
  });
});

describe('schedule: constraints and deadlines', () => {
  it('holds a task to start no earlier than its delivery offset', () => {
    const result = scheduled(
      [task('order', 2), task('install', 3, { startNoEarlierThan: 6 })],
      [link('order', 'install')],
    );
    expect(timesOf(result).install).toEqual([6, 9, 6, 9, 0, 0]);
    expect(timesOf(result).order).toEqual([0, 2, 4, 6, 4, 4]);
    expect(result.criticalPath).toEqual(['install']);
  });

  it('applies finish-no-earlier-than through the duration', () => {
    const result = scheduled([task('cure', 2, { finishNoEarlierThan: 7 })], []);
    expect(timesOf(result).cure).toEqual([5, 7, 5, 7, 0, 0]);
  });

  it('shows negative float when a finish-no-later-than cannot be met', () => {
    const result = scheduled([task('A', 5), task('B', 5, { finishNoLaterThan: 8 })], [link('A', 'B')]);
    expect(timesOf(result).B).toEqual([5, 10, 3, 8, -2, 0]);
    expect(timesOf(result).A).toEqual([0, 5, -2, 3, -2, 0]);
    expect(result.criticalPath).toEqual(['A', 'B']);
  });

  it('limits late dates by start-no-later-than', () => {
    const result = scheduled([task('A', 2), task('B', 8)], []).tasks;
    expect(result[0]?.totalFloat).toBe(6);
    const held = scheduled([task('A', 2, { startNoLaterThan: 1 }), task('B', 8)], []);
    expect(timesOf(held).A).toEqual([0, 2, 1, 3, 1, 6]);
  });

  it('measures float against a project deadline', () => {
    const late = scheduled([task('A', 4), task('B', 4)], [link('A', 'B')], 6);
    expect(late.tasks.map((t) => t.totalFloat)).toEqual([-2, -2]);
    const early = scheduled([task('A', 4), task('B', 4)], [link('A', 'B')], 10);
    expect(early.tasks.map((t) => t.totalFloat)).toEqual([2, 2]);
    expect(early.criticalPath).toEqual([]);
  });
});

describe('schedule: errors', () => {
  it.each<[string, ScheduleLink<string>[], string[]]>([
    ['a two-task loop', [link('A', 'B'), link('B', 'A')], ['A', 'B']],
    ['a task linked to itself', [link('C', 'C', 'SS')], ['C']],
    [
      'a loop behind a chain',
      [link('A', 'B'), link('B', 'C'), link('C', 'D'), link('D', 'B', 'FF')],
      ['B', 'C', 'D'],
    ],
  ])('reports %s with the ids on the cycle', (_name, links, members) => {
    const result = schedule([task('A', 1), task('B', 1), task('C', 1), task('D', 1)], links);
    expect(result.ok).toBe(false);
    if (result.ok || result.error.code !== 'cycle') throw new Error('expected a cycle');
    expect([...result.error.cycle].sort()).toEqual(members);
    // Every consecutive pair, and the last back to the first, is a link of the network.
    const linked = new Set(links.map((l) => `${l.predecessorId}>${l.successorId}`));
    const { cycle } = result.error;
    cycle.forEach((id, i) => {
      expect(linked.has(`${id}>${cycle[(i + 1) % cycle.length]}`)).toBe(true);
    });
    expect(result.error.message).toContain('cycle');
  });

  it.each<[string, ScheduleTask<string>[], ScheduleLink<string>[], string, string]>([
    ['a link to a missing task', [task('A', 1)], [link('A', 'Z')], 'unknown_task', 'Z'],
    ['a task listed twice', [task('A', 1), task('A', 2)], [], 'duplicate_task', 'A'],
    ['a negative duration', [task('A', -1)], [], 'invalid_number', 'A'],
    ['a duration that is not a number', [task('A', Number.NaN)], [], 'invalid_number', 'A'],
    [
      'a lag that is not finite',
      [task('A', 1), task('B', 1)],
      [link('A', 'B', 'FS', Number.POSITIVE_INFINITY)],
      'invalid_number',
      'B',
    ],
  ])('rejects %s', (_name, tasks, links, code, taskId) => {
    const result = schedule(tasks, links);
    expect(
      result.ok
        ? null
        : { code: result.error.code, taskId: 'taskId' in result.error ? result.error.taskId : null },
    ).toEqual({
      code,
      taskId,
    });
  });

  it.each<[string, { id: number; duration: number }[], ScheduleLink<number>[], string, number]>([
    [
      'a repeated numeric id',
      [
        { id: 5, duration: 1 },
        { id: 6, duration: 1 },
        { id: 5, duration: 1 },
      ],
      [],
      'duplicate_task',
      5,
    ],
    [
      'a link to a numeric id between the known ones',
      [
        { id: 5, duration: 1 },
        { id: 7, duration: 1 },
      ],
      [{ predecessorId: 6, successorId: 7, type: 'FS' }],
      'unknown_task',
      6,
    ],
    [
      'a link to a numeric id beyond them',
      [{ id: 5, duration: 1 }],
      [{ predecessorId: 5, successorId: 99, type: 'FS' }],
      'unknown_task',
      99,
    ],
    [
      'a repeated id among far-apart ids',
      [
        { id: 1, duration: 1 },
        { id: 9_000_000, duration: 1 },
        { id: 1, duration: 1 },
      ],
      [],
      'duplicate_task',
      1,
    ],
    [
      'a missing id among far-apart ids',
      [
        { id: 1, duration: 1 },
        { id: 9_000_000, duration: 1 },
      ],
      [{ predecessorId: 1, successorId: 2, type: 'FS' }],
      'unknown_task',
      2,
    ],
  ])('rejects %s', (_name, tasks, links, code, taskId) => {
    const result = schedule(tasks, links);
    expect(
      result.ok
        ? null
        : { code: result.error.code, taskId: 'taskId' in result.error ? result.error.taskId : null },
    ).toEqual({
      code,
      taskId,
    });
  });

  it('schedules far-apart numeric ids', () => {
    const result = schedule(
      [
        { id: 9_000_000, duration: 2 },
        { id: 1, duration: 3 },
      ],
      [{ predecessorId: 9_000_000, successorId: 1, type: 'FS' }],
    );
    expect(result.ok && result.schedule.criticalPath).toEqual([9_000_000, 1]);
  });

  it('rejects an unknown link type coming from untyped data', () => {
    const links = JSON.parse(
      '[{"predecessorId":"A","successorId":"B","type":"XX"}]',
    ) as ScheduleLink<string>[];
    const result = schedule([task('A', 1), task('B', 1)], links);
    expect(result.ok).toBe(false);
  });
});
