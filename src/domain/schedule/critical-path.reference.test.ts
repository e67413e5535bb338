/**
 * The engine against an independent reference: early and late dates found by relaxing every link
 * until nothing moves (Bellman-Ford on the precedence network), with no graph arrays, no topological
 * order and no shortcuts. Random networks have several links between the same two tasks (any types and
 * lags, leads included), as MS Project and P6 allow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ScheduleLink, type ScheduleTask, schedule } from './critical-path.js';
import { LINK_TYPES, type LinkType } from './link-types.js';

interface Network {
  tasks: ScheduleTask<number>[];
  links: ScheduleLink<number>[];
}

interface Reference {
  earlyStart: number[];
  lateStart: number[];
  finish: number;
}

/** The dates each link requires of its successor's start (forward) and predecessor's finish (backward). */
function requiredStart(link: ScheduleLink<number>, predStart: number, predDur: number, succDur: number) {
  const lag = link.lag ?? 0;
  if (link.type === 'FS') return predStart + predDur + lag;
  if (link.type === 'SS') return predStart + lag;
  if (link.type === 'FF') return predStart + predDur + lag - succDur;
  return predStart + lag - succDur;
}

function requiredFinish(link: ScheduleLink<number>, succStart: number, succDur: number, predDur: number) {
  const lag = link.lag ?? 0;
  if (link.type === 'FS') return succStart - lag;
  if (link.type === 'SS') return succStart - lag + predDur;
  if (link.type === 'FF') return succStart + succDur - lag;
  return succStart + succDur - lag + predDur;
}

function reference({ tasks, links }: Network): Reference {
  const dur = new Map(tasks.map((t) => [t.id, t.duration]));
  const es = new Map(tasks.map((t) => [t.id, t.actualStart ?? Math.max(0, t.startNoEarlierThan ?? 0)]));
  const started = new Set(tasks.filter((t) => t.actualStart !== undefined).map((t) => t.id));
  for (let round = 0; round <= tasks.length; round++) {
    let moved = false;
    for (const l of links) {
      if (started.has(l.successorId)) continue;
      const need = requiredStart(
        l,
        es.get(l.predecessorId) ?? 0,
        dur.get(l.predecessorId) ?? 0,
        dur.get(l.successorId) ?? 0,
      );
      if (need > (es.get(l.successorId) ?? 0)) {
        es.set(l.successorId, need);
        moved = true;
      }
    }
    if (!moved) break;
  }
  const finish = Math.max(0, ...tasks.map((t) => (es.get(t.id) ?? 0) + t.duration));
  const lf = new Map(tasks.map((t) => [t.id, finish]));
  for (let round = 0; round <= tasks.length; round++) {
    let moved = false;
    for (const l of links) {
      const succDur = dur.get(l.successorId) ?? 0;
      const succLs = (lf.get(l.successorId) ?? 0) - succDur;
      const need = requiredFinish(l, succLs, succDur, dur.get(l.predecessorId) ?? 0);
      if (need < (lf.get(l.predecessorId) ?? 0)) {
        lf.set(l.predecessorId, need);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return {
    earlyStart: tasks.map((t) => es.get(t.id) ?? 0),
    lateStart: tasks.map((t) => (lf.get(t.id) ?? 0) - t.duration),
    finish,
  };
}

/**
 * Random acyclic networks: links run from a lower rank to a higher one; each linked pair gets one to
 * three links of random types and lags, so pairs with SS + FF, or two SS with different lags, are common.
 */
const networks: fc.Arbitrary<Network> = fc
  .integer({ min: 2, max: 18 })
  .chain((size) =>
    fc.record({
      durations: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: size, maxLength: size }),
      constraints: fc.array(fc.option(fc.integer({ min: 0, max: 15 }), { nil: undefined }), {
        minLength: size,
        maxLength: size,
      }),
      actuals: fc.array(fc.option(fc.integer({ min: -3, max: 12 }), { nil: undefined, freq: 4 }), {
        minLength: size,
        maxLength: size,
      }),
      ranks: fc.shuffledSubarray([...Array(size).keys()], { minLength: size, maxLength: size }),
      pairs: fc.array(
        fc.record({
          a: fc.integer({ min: 0, max: size - 1 }),
          b: fc.integer({ min: 0, max: size - 1 }),
          links: fc.array(
            fc.record({
              type: fc.constantFrom<LinkType>(...LINK_TYPES),
              lag: fc.integer({ min: -4, max: 6 }),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        { maxLength: size * 2 },
      ),
    }),
  )
  .map(({ durations, constraints, actuals, ranks, pairs }) => ({
    tasks: durations.map((duration, i) => {
      const task: ScheduleTask<number> = { id: i + 1, duration };
      const snet = constraints[i];
      const actual = actuals[i];
      if (snet !== undefined) task.startNoEarlierThan = snet;
      if (actual !== undefined) task.actualStart = actual;
      return task;
    }),
    links: pairs
      .filter(({ a, b }) => a !== b)
      .flatMap(({ a, b, links }) => {
        const [from, to] = (ranks[a] ?? 0) < (ranks[b] ?? 0) ? [a, b] : [b, a];
        return links.map(({ type, lag }) => ({ predecessorId: from + 1, successorId: to + 1, type, lag }));
      }),
  }));

describe('schedule: the engine agrees with a relaxation reference', () => {
  it('gives every task the reference early and late dates on random networks with several links per pair, some tasks started', () => {
    fc.assert(
      fc.property(networks, (network) => {
        const result = schedule(network.tasks, network.links);
        if (!result.ok) throw new Error(result.error.message);
        const ref = reference(network);
        expect(result.schedule.finish).toBe(ref.finish);
        expect(result.schedule.tasks.map((t) => t.earlyStart)).toEqual(ref.earlyStart);
        expect(result.schedule.tasks.map((t) => t.lateStart)).toEqual(ref.lateStart);
        expect(result.schedule.tasks.map((t) => t.isCritical)).toEqual(
          ref.lateStart.map((ls, i) => ls - (ref.earlyStart[i] ?? 0) <= 0),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('honours both an SS and an FF link from one task to another', () => {
    // B may start 2 days after A starts, but may not finish before 3 days after A finishes.
    const tasks = [
      { id: 'A', duration: 10 },
      { id: 'B', duration: 4 },
    ];
    const links: ScheduleLink<string>[] = [
      { predecessorId: 'A', successorId: 'B', type: 'SS', lag: 2 },
      { predecessorId: 'A', successorId: 'B', type: 'FF', lag: 3 },
    ];
    const result = schedule(tasks, links);
    if (!result.ok) throw new Error(result.error.message);
    const b = result.schedule.tasks[1];
    expect(b).toMatchObject({ earlyStart: 9, earlyFinish: 13, isCritical: true });
    expect(result.schedule.finish).toBe(13);
    // Either link alone gives a different answer: each one counts.
    const ssOnly = schedule(tasks, links.slice(0, 1));
    expect(ssOnly.ok && ssOnly.schedule.tasks[1]?.earlyFinish).toBe(6);
  });
});
