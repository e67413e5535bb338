import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduleLink } from './critical-path.js';
import type { ScheduleDelay } from './delay-impact.js';
import { type ProjectTask, scheduleProject } from './project-schedule.js';

const fs = (predecessorId: number, successorId: number): ScheduleLink<number> => ({
  predecessorId,
  successorId,
  type: 'FS',
});

// Monday 2026-03-02; no holidays in March 2026.
const START = '2026-03-02';

function run(
  tasks: ProjectTask[],
  links: ScheduleLink<number>[],
  delays: ScheduleDelay[] = [],
  dataDate?: string,
) {
  const result = scheduleProject(tasks, links, { startDate: START, delays, dataDate: dataDate ?? null });
  if (!result.ok) throw new Error(result.error.message);
  return result.schedule;
}

/**
 * Excavation (5 d) → Foundations (5 d) → Framing (5 d) is the critical path; Permits (3 d) runs
 * beside it with 12 days of float.
 */
const NETWORK: ProjectTask[] = [
  { id: 1, duration: 5, trade: 'Excavation' },
  { id: 2, duration: 5, trade: 'Foundations' },
  { id: 3, duration: 5, trade: 'Interior framing' },
  { id: 4, duration: 3, trade: 'Permits' },
];
const LINKS = [fs(1, 2), fs(2, 3)];
const delay = (taskId: number, days: number, weather = false, date = '2026-03-09'): ScheduleDelay => ({
  taskId,
  days,
  date,
  weather,
});

describe('delay impact', () => {
  it('moves the finish by exactly the delay when the task is critical', () => {
    const before = run(NETWORK, LINKS);
    const after = run(NETWORK, LINKS, [delay(2, 3)]);
    expect(before.finishDate).toBe('2026-03-20');
    expect(after.durationDays - before.durationDays).toBe(3);
    expect(after.finishDate).toBe('2026-03-25');
    expect(after.tasks[1]).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-18' });
  });

  it('does not move the finish when the task has at least that much float', () => {
    const before = run(NETWORK, LINKS);
    expect(before.tasks[3]?.totalFloat).toBe(12);
    const after = run(NETWORK, LINKS, [delay(4, 12)]);
    expect(after.finishDate).toBe(before.finishDate);
    expect(after.tasks[3]).toMatchObject({ endDate: '2026-03-20', totalFloat: 0 });
  });

  it('moves the finish by the delay less the float when the float is smaller', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (days) => {
        const before = run(NETWORK, LINKS);
        const after = run(NETWORK, LINKS, [delay(4, days)]);
        expect(after.durationDays - before.durationDays).toBe(Math.max(0, days - 12));
      }),
      { numRuns: 40 },
    );
  });

  it('adds several delays of one task together and leaves finished work where it happened', () => {
    const twice = run(NETWORK, LINKS, [delay(1, 2), delay(1, 1, false, '2026-03-04')]);
    expect(twice.durationDays).toBe(18);
    const done: ProjectTask[] = NETWORK.map((t) =>
      t.id === 1 ? { ...t, actualStart: '2026-03-02', actualFinish: '2026-03-06' } : t,
    );
    expect(run(done, LINKS, [delay(1, 4)]).durationDays).toBe(15);
  });

  it('stops only the weather-sensitive tasks whose window spans the weather days', () => {
    // Rain on Monday 9 and Tuesday 10 March, recorded on Permits (not weather-sensitive itself).
    const rain = [delay(4, 2, true)];
    const after = run(NETWORK, LINKS, rain);
    // Foundations (9–13 March) loses both days; Excavation (2–6) and Framing (later) work on.
    expect(after.tasks.map((t) => t.weatherDays)).toEqual([0, 2, 0, 0]);
    expect(after.tasks[1]).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-17' });
    expect(after.tasks[3]).toMatchObject({ duration: 5, endDate: '2026-03-06' });
    expect(after.finishDate).toBe('2026-03-24');
  });

  it('counts only the weather days inside a task window, and a day stopped twice once', () => {
    // Friday 6 to Tuesday 10 March: Excavation loses Friday, Foundations Monday and Tuesday.
    const after = run(NETWORK, LINKS, [delay(4, 3, true, '2026-03-06'), delay(4, 1, true, '2026-03-10')]);
    expect(after.tasks.map((t) => t.weatherDays)).toEqual([1, 2, 0, 0]);
  });

  it('extends the task a weather delay is recorded on by the whole delay, once', () => {
    const after = run(NETWORK, LINKS, [delay(2, 2, true)]);
    expect(after.tasks[1]).toMatchObject({ weatherDays: 0, duration: 7 });
    expect(after.durationDays).toBe(17);
  });

  it('leaves out weather days before the data date', () => {
    const started: ProjectTask[] = NETWORK.map((t) => (t.id === 1 ? { ...t, actualStart: '2026-03-02' } : t));
    const rain = [delay(4, 2, true, '2026-03-03')];
    expect(run(started, LINKS, rain).tasks[0]?.weatherDays).toBe(2);
    expect(run(started, LINKS, rain, '2026-03-05').tasks[0]?.weatherDays).toBe(0);
  });

  it('restores the plan when the delays are removed', () => {
    const before = run(NETWORK, LINKS);
    run(NETWORK, LINKS, [delay(2, 3), delay(4, 2, true)]);
    expect(run(NETWORK, LINKS, [])).toEqual(before);
  });
});
