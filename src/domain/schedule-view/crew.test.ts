import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assigneeKey, type CrewTask, crewPlan, doubleBookings } from './crew.js';
import { addDays } from './period.js';

function task(id: number, over: Partial<CrewTask> = {}): CrewTask {
  return {
    id,
    projectId: 1,
    startDay: '2026-04-06',
    endDay: '2026-04-08',
    assignedTo: null,
    assignedContactId: null,
    assigneeName: null,
    ...over,
  };
}

describe('assigneeKey', () => {
  it.each([
    [{ assignedTo: 'u1', assignedContactId: null, assigneeName: 'Dana' }, 'member:u1'],
    [{ assignedTo: null, assignedContactId: 7, assigneeName: 'Ace Electric' }, 'contact:7'],
    [{ assignedTo: null, assignedContactId: null, assigneeName: 'Gone Plumbing' }, 'former:Gone Plumbing'],
    [{ assignedTo: null, assignedContactId: null, assigneeName: '  ' }, null],
    [{ assignedTo: null, assignedContactId: null, assigneeName: null }, null],
  ])('%j is %s', (ref, key) => {
    expect(assigneeKey(ref)).toBe(key);
  });
});

describe('doubleBookings', () => {
  it.each([
    [
      'overlapping days in two projects',
      { startDay: '2026-04-08', endDay: '2026-04-09', projectId: 2 },
      [['2026-04-08', '2026-04-08']],
    ],
    [
      'the same day in two projects',
      { startDay: '2026-04-06', endDay: '2026-04-08', projectId: 2 },
      [['2026-04-06', '2026-04-08']],
    ],
    ['the next day in another project', { startDay: '2026-04-09', endDay: '2026-04-12', projectId: 2 }, []],
    [
      'overlapping days in the same project',
      { startDay: '2026-04-07', endDay: '2026-04-07', projectId: 1 },
      [],
    ],
  ])('%s', (_label, other, overlaps) => {
    const found = doubleBookings([task(1), task(2, other)]);
    expect(found.map((b) => [b.from, b.to])).toEqual(overlaps);
  });

  it('finds exactly the overlapping pairs of different projects', () => {
    const day = fc.integer({ min: 0, max: 30 }).map((n) => addDays('2026-04-01', n));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 3 })), {
          maxLength: 25,
        }),
        (rows) => {
          const tasks = rows.map(([start, length, projectId], i) =>
            task(i, { startDay: start, endDay: addDays(start, length), projectId }),
          );
          const expected = new Set<string>();
          for (const a of tasks)
            for (const b of tasks)
              if (
                a.id < b.id &&
                a.projectId !== b.projectId &&
                a.startDay <= b.endDay &&
                b.startDay <= a.endDay
              )
                expected.add(`${a.id}-${b.id}`);
          const found = doubleBookings(tasks).map(
            (p) => `${Math.min(p.first.id, p.second.id)}-${Math.max(p.first.id, p.second.id)}`,
          );
          expect(new Set(found)).toEqual(expected);
          expect(found).toHaveLength(expected.size);
        },
      ),
    );
  });
});

describe('crewPlan', () => {
  it('groups by person in name order, keeps the unassigned apart and flags double bookings', () => {
    const plan = crewPlan([
      task(1, { assignedContactId: 4, assigneeName: 'Zenith Drywall', projectId: 1 }),
      task(2, { assignedTo: 'u1', assigneeName: 'Ana Lopez' }),
      task(3, { assignedContactId: 4, assigneeName: 'Zenith Drywall', projectId: 2 }),
      task(4),
      task(5, { assigneeName: 'Former Framing' }),
      task(6, { assignedContactId: 9, assigneeName: 'Ana Lopez' }),
    ]);
    expect(plan.groups.map((g) => [g.key, g.kind, g.tasks.map((t) => t.id)])).toEqual([
      ['contact:9', 'contact', [6]],
      ['member:u1', 'member', [2]],
      ['former:Former Framing', 'former', [5]],
      ['contact:4', 'contact', [1, 3]],
    ]);
    expect(plan.unassigned.map((t) => t.id)).toEqual([4]);
    const zenith = plan.groups.find((g) => g.key === 'contact:4');
    expect(zenith?.doubleBookings.map((b) => [b.first.id, b.second.id])).toEqual([[1, 3]]);
    expect(plan.groups.filter((g) => g.doubleBookings.length > 0)).toHaveLength(1);
  });
});
