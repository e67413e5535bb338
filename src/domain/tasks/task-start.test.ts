import { describe, expect, it } from 'vitest';
import {
  EMPTY_MATERIALS,
  MATERIAL_STEPS,
  type MaterialsStatus,
  materialsDelivered,
  materialsPending,
  materialsStartConstraint,
  stepsToDelivery,
} from './materials.js';
import { isStarted, materialsStartProblem } from './task-start.js';

/** The first `n` steps ticked. */
const upTo = (n: number): MaterialsStatus => {
  const s: MaterialsStatus = { ...EMPTY_MATERIALS };
  for (const step of MATERIAL_STEPS.slice(0, n)) s[step] = true;
  return s;
};
const notApplicable: MaterialsStatus = { ...EMPTY_MATERIALS, notApplicable: true };

describe('isStarted', () => {
  it.each<[string, number, boolean]>([
    ['not-started', 0, false],
    ['blocked', 0, false],
    ['on-hold', 0, false],
    ['in-progress', 0, true],
    ['on-track', 0, true],
    ['behind', 0, true],
    ['completed', 0, true],
    ['not-started', 1, true],
    ['blocked', 40, true],
  ])('%s at %i%% → %s', (status, progress, started) => {
    expect(isStarted({ status, progress })).toBe(started);
  });
});

describe('materials and the schedule', () => {
  it.each<[string, MaterialsStatus, string | null, boolean, string | null, string[]]>([
    // label, chain, expected date, pending, start constraint, steps to delivery
    ['nothing listed', upTo(0), null, false, null, ['needed', 'approved', 'ordered', 'shipped', 'delivered']],
    ['needed', upTo(1), null, true, null, ['approved', 'ordered', 'shipped', 'delivered']],
    ['ordered, expected', upTo(3), '2026-04-10', true, '2026-04-10', ['shipped', 'delivered']],
    [
      'only an expected date',
      upTo(0),
      '2026-04-10',
      true,
      '2026-04-10',
      ['needed', 'approved', 'ordered', 'shipped', 'delivered'],
    ],
    ['shipped', upTo(4), '2026-04-10', true, '2026-04-10', ['delivered']],
    ['delivered', upTo(5), '2026-04-10', false, null, []],
    ['finalized', upTo(6), '2026-04-10', false, null, []],
    ['not applicable', notApplicable, '2026-04-10', false, null, []],
  ])('%s', (_, chain, date, pending, constraint, steps) => {
    expect(materialsPending(chain, date)).toBe(pending);
    expect(materialsStartConstraint(chain, date)).toBe(constraint);
    expect(stepsToDelivery(chain)).toEqual(steps);
    expect(materialsDelivered(chain)).toBe(steps.length === 0);
  });
});

describe('materialsStartProblem', () => {
  const task = (
    status: string,
    progress: number,
    materials: MaterialsStatus,
    date: string | null = null,
  ) => ({
    status,
    progress,
    materials,
    materialsExpectedDate: date,
  });
  it.each<[string, ReturnType<typeof task>, string | null]>([
    ['not started, materials pending', task('not-started', 0, upTo(3), '2026-04-10'), null],
    ['blocked waiting for materials', task('blocked', 0, upTo(1)), null],
    ['started, nothing listed', task('in-progress', 30, upTo(0)), null],
    ['started, delivered', task('in-progress', 30, upTo(5), '2026-04-10'), null],
    ['completed, not applicable', task('completed', 100, notApplicable), null],
    [
      'in progress, ordered and expected',
      task('in-progress', 0, upTo(3), '2026-04-10'),
      "The task's materials are not delivered yet (expected 2026-04-10): still to tick Shipped, Delivered. " +
        'Tick Delivered in Materials Status, or mark the materials Not Applicable, before starting the task.',
    ],
    [
      'progress on a task whose materials are only needed',
      task('not-started', 10, upTo(1)),
      "The task's materials are not delivered yet: still to tick Approved, Ordered, Shipped, Delivered. " +
        'Tick Delivered in Materials Status, or mark the materials Not Applicable, before starting the task.',
    ],
    [
      'completed with an expected date and nothing ticked',
      task('completed', 100, upTo(0), '2026-05-01'),
      "The task's materials are not delivered yet (expected 2026-05-01): still to tick Needed, Approved, Ordered, Shipped, Delivered. " +
        'Tick Delivered in Materials Status, or mark the materials Not Applicable, before starting the task.',
    ],
  ])('%s', (_, state, problem) => {
    expect(materialsStartProblem(state)).toBe(problem);
  });
});
