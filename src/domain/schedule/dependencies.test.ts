import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINK_TYPES } from './critical-path.js';
import {
  type Dependency,
  linksFromDependencies,
  parseDependencies,
  serializeDependencies,
} from './dependencies.js';

describe('parseDependencies', () => {
  it.each<[string | null, Dependency[]]>([
    [null, []],
    ['', []],
    ['   ', []],
    ['[]', []],
    ['12', [{ taskId: 12, type: 'FS', lagDays: 0 }]],
    [
      '12, 15 ,7,',
      [
        { taskId: 12, type: 'FS', lagDays: 0 },
        { taskId: 15, type: 'FS', lagDays: 0 },
        { taskId: 7, type: 'FS', lagDays: 0 },
      ],
    ],
    [
      '[{"taskId": 3, "type": "SS", "lagDays": 2}, {"taskId": 4, "type": "FF", "lagDays": -1}]',
      [
        { taskId: 3, type: 'SS', lagDays: 2 },
        { taskId: 4, type: 'FF', lagDays: -1 },
      ],
    ],
    ['[{"taskId": 9}]', [{ taskId: 9, type: 'FS', lagDays: 0 }]],
    ['[{"taskId": "9", "type": "SF", "lagDays": 0}]', [{ taskId: 9, type: 'SF', lagDays: 0 }]],
  ])('reads %j', (text, dependencies) => {
    expect(parseDependencies(text)).toEqual({ ok: true, dependencies });
  });

  it.each([
    ['12, abc', /"abc" is not a task id/],
    ['0', /"0" is not a task id/],
    ['1.5', /"1.5" is not a task id/],
    ['[{"taskId": 1,}]', /not valid JSON/],
    ['[1, 2]', /entry 1: expected an object/],
    ['[{"taskId": -4}]', /taskId must be a positive whole number/],
    ['[{"taskId": 4, "type": "XX"}]', /type must be FS, SS, FF or SF/],
    ['[{"taskId": 4, "lagDays": 1.5}]', /lagDays must be a whole number/],
    ['[{"taskId": 4}, {"type": "FS"}]', /entry 2: taskId/],
  ])('explains what is wrong with %j', (text, message) => {
    const result = parseDependencies(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('round-trips through serializeDependencies', () => {
    const dependencies = fc.array(
      fc.record({
        taskId: fc.integer({ min: 1, max: 1_000_000 }),
        type: fc.constantFrom(...LINK_TYPES),
        lagDays: fc.integer({ min: -30, max: 30 }),
      }),
    );
    fc.assert(
      fc.property(dependencies, (list) => {
        expect(parseDependencies(serializeDependencies(list))).toEqual({ ok: true, dependencies: list });
      }),
    );
  });

  it('writes the JSON form the spec gives', () => {
    expect(serializeDependencies([{ taskId: 3, type: 'SS', lagDays: 2 }])).toBe(
      '[{"taskId":3,"type":"SS","lagDays":2}]',
    );
    expect(serializeDependencies([])).toBe('[]');
  });
});

describe('linksFromDependencies', () => {
  it('turns each task’s predecessors into links into that task', () => {
    const result = linksFromDependencies([
      { id: 1, dependencies: null },
      { id: 2, dependencies: '1' },
      {
        id: 3,
        dependencies:
          '[{"taskId": 2, "type": "SS", "lagDays": 1}, {"taskId": 1, "type": "FF", "lagDays": 0}]',
      },
    ]);
    expect(result).toEqual({
      ok: true,
      links: [
        { predecessorId: 1, successorId: 2, type: 'FS', lag: 0 },
        { predecessorId: 2, successorId: 3, type: 'SS', lag: 1 },
        { predecessorId: 1, successorId: 3, type: 'FF', lag: 0 },
      ],
    });
  });

  it('names the task whose text is malformed', () => {
    const result = linksFromDependencies([
      { id: 1, dependencies: '2' },
      { id: 7, dependencies: '[oops' },
    ]);
    expect(result).toMatchObject({ ok: false, taskId: 7 });
  });
});
