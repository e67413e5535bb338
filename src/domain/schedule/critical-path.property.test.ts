import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CriticalPathSchedule,
  LINK_TYPES,
  type LinkType,
  type ScheduledTask,
  type ScheduleLink,
  type ScheduleTask,
  schedule,
  scheduleColumns,
} from './critical-path.js';

interface Network {
  tasks: ScheduleTask<number>[];
  links: ScheduleLink<number>[];
}

/**
 * Random acyclic networks: tasks get a random rank and links only run from a lower rank to a
 * higher one, so any mix of types and lags (leads included) stays acyclic.
 */
const networks: fc.Arbitrary<Network> = fc
  .integer({ min: 1, max: 25 })
  .chain((size) =>
    fc.record({
      durations: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: size, maxLength: size }),
      ranks: fc.shuffledSubarray([...Array(size).keys()], { minLength: size, maxLength: size }),
      links: fc.array(
        fc.record({
          a: fc.integer({ min: 0, max: size - 1 }),
          b: fc.integer({ min: 0, max: size - 1 }),
          type: fc.constantFrom<LinkType>(...LINK_TYPES),
          lag: fc.integer({ min: -5, max: 8 }),
        }),
        { maxLength: size * 3 },
      ),
    }),
  )
  .map(({ durations, ranks, links }) => ({
    tasks: durations.map((duration, i) => ({ id: i + 1, duration })),
    links: links
      .filter(({ a, b }) => a !== b)
      .map(({ a, b, type, lag }) => {
        const [from, to] = (ranks[a] ?? 0) < (ranks[b] ?? 0) ? [a, b] : [b, a];
        return { predecessorId: from + 1, successorId: to + 1, type, lag };
      }),
  }));

/** The slack of a link under one set of dates (≥ 0 when the link is satisfied). */
function linkSlack(link: ScheduleLink<number>, pred: Dates, succ: Dates): number {
  const lag = link.lag ?? 0;
  switch (link.type) {
    case 'FS':
      return succ.start - (pred.finish + lag);
    case 'SS':
      return succ.start - (pred.start + lag);
    case 'FF':
      return succ.finish - (pred.finish + lag);
    case 'SF':
      return succ.finish - (pred.start + lag);
  }
}

interface Dates {
  start: number;
  finish: number;
}
const early = (t: ScheduledTask<number>): Dates => ({ start: t.earlyStart, finish: t.earlyFinish });
const late = (t: ScheduledTask<number>): Dates => ({ start: t.lateStart, finish: t.lateFinish });

function solve(network: Network): CriticalPathSchedule<number> {
  const result = schedule(network.tasks, network.links);
  if (!result.ok) throw new Error(result.error.message);
  return result.schedule;
}

function byId(result: CriticalPathSchedule<number>): Map<number, ScheduledTask<number>> {
  return new Map(result.tasks.map((t) => [t.id, t]));
}

describe('schedule: properties of every computed schedule', () => {
  it('satisfies every link with both the early and the late dates', () => {
    fc.assert(
      fc.property(networks, (network) => {
        const tasks = byId(solve(network));
        for (const link of network.links) {
          const pred = tasks.get(link.predecessorId) as ScheduledTask<number>;
          const succ = tasks.get(link.successorId) as ScheduledTask<number>;
          expect(linkSlack(link, early(pred), early(succ))).toBeGreaterThanOrEqual(0);
          expect(linkSlack(link, late(pred), late(succ))).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('keeps every task inside the project with consistent durations and floats', () => {
    fc.assert(
      fc.property(networks, (network) => {
        const result = solve(network);
        network.tasks.forEach((input, i) => {
          const t = result.tasks[i] as ScheduledTask<number>;
          expect(t.earlyStart).toBeGreaterThanOrEqual(0);
          expect(t.earlyFinish).toBe(t.earlyStart + input.duration);
          expect(t.lateFinish).toBe(t.lateStart + input.duration);
          expect(t.lateFinish).toBeLessThanOrEqual(result.finish);
          expect(t.totalFloat).toBe(t.lateStart - t.earlyStart);
          expect(t.totalFloat).toBeGreaterThanOrEqual(0);
          expect(t.freeFloat).toBeGreaterThanOrEqual(0);
          expect(t.freeFloat).toBeLessThanOrEqual(t.totalFloat);
          expect(t.isCritical).toBe(t.totalFloat <= 0);
        });
        expect(Math.max(...result.tasks.map((t) => t.earlyFinish))).toBe(result.finish);
      }),
    );
  });

  it('starts every task as early as its links allow', () => {
    fc.assert(
      fc.property(networks, (network) => {
        const tasks = byId(solve(network));
        for (const task of tasks.values()) {
          if (task.earlyStart === 0) continue;
          const driving = network.links.some(
            (l) =>
              l.successorId === task.id &&
              linkSlack(l, early(tasks.get(l.predecessorId) as ScheduledTask<number>), early(task)) === 0,
          );
          expect(driving).toBe(true);
        }
      }),
    );
  });

  it('makes the critical tasks chains from a start to the finish', () => {
    fc.assert(
      fc.property(networks, (network) => {
        const result = solve(network);
        const tasks = byId(result);
        const critical = result.tasks.filter((t) => t.isCritical);
        expect(critical.some((t) => t.earlyFinish === result.finish)).toBe(true);
        const tight = (l: ScheduleLink<number>) =>
          linkSlack(
            l,
            early(tasks.get(l.predecessorId) as ScheduledTask<number>),
            early(tasks.get(l.successorId) as ScheduledTask<number>),
          ) === 0;
        const isCritical = (id: number) => tasks.get(id)?.isCritical === true;
        for (const task of critical) {
          // Backwards: a critical task starts the project or is driven by a critical predecessor.
          const startsProject = task.earlyStart === 0;
          const drivenByCritical = network.links.some(
            (l) => l.successorId === task.id && isCritical(l.predecessorId) && tight(l),
          );
          expect(startsProject || drivenByCritical).toBe(true);
          // Forwards: it finishes the project or drives a critical successor.
          const finishesProject = task.earlyFinish === result.finish;
          const drivesCritical = network.links.some(
            (l) => l.predecessorId === task.id && isCritical(l.successorId) && tight(l),
          );
          expect(finishesProject || drivesCritical).toBe(true);
        }
      }),
    );
  });

  it('lists exactly the critical tasks in the critical path, in early-start order', () => {
    fc.assert(
      fc.property(networks, (network) => {
        const result = solve(network);
        const tasks = byId(result);
        expect(new Set(result.criticalPath)).toEqual(
          new Set(result.tasks.filter((t) => t.isCritical).map((t) => t.id)),
        );
        const starts = result.criticalPath.map((id) => tasks.get(id)?.earlyStart ?? -1);
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }),
    );
  });

  it('reports a cycle made of real links when a link closes a loop', () => {
    fc.assert(
      fc.property(
        networks.filter((n) => n.links.length > 0),
        fc.constantFrom<LinkType>(...LINK_TYPES),
        (network, type) => {
          const closing = network.links[0] as ScheduleLink<number>;
          const links = [
            ...network.links,
            { predecessorId: closing.successorId, successorId: closing.predecessorId, type },
          ];
          const result = schedule(network.tasks, links);
          if (result.ok || result.error.code !== 'cycle') throw new Error('expected a cycle');
          const { cycle } = result.error;
          expect(cycle.length).toBeGreaterThan(0);
          cycle.forEach((id, i) => {
            const next = cycle[(i + 1) % cycle.length];
            expect(links.some((l) => l.predecessorId === id && l.successorId === next)).toBe(true);
          });
        },
      ),
    );
  });

  it('gives the same figures in columns as in its objects, and the same errors', () => {
    fc.assert(
      fc.property(networks, fc.boolean(), (network, closeALoop) => {
        const first = network.links[0];
        const links =
          closeALoop && first
            ? [
                ...network.links,
                { ...first, predecessorId: first.successorId, successorId: first.predecessorId },
              ]
            : network.links;
        const objects = schedule(network.tasks, links);
        const columns = scheduleColumns(network.tasks, links);
        if (!objects.ok || !columns.ok) {
          expect(columns).toEqual(objects);
          return;
        }
        const c = columns.schedule;
        expect(c.finish).toBe(objects.schedule.finish);
        expect(c.criticalPath).toEqual(objects.schedule.criticalPath);
        objects.schedule.tasks.forEach((task, i) => {
          expect(task.id).toBe(network.tasks[i]?.id);
          expect([
            c.earlyStart[i],
            c.earlyFinish[i],
            c.lateStart[i],
            c.lateFinish[i],
            c.totalFloat[i],
            c.freeFloat[i],
            c.isCritical[i] === 1,
          ]).toEqual([
            task.earlyStart,
            task.earlyFinish,
            task.lateStart,
            task.lateFinish,
            task.totalFloat,
            task.freeFloat,
            task.isCritical,
          ]);
        });
      }),
    );
  });
});
