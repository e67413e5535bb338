import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findDependencyCycle,
  parseDependencies,
  remapDependencies,
  serializeDependencies,
  withoutDependencyOn,
} from './dependencies.js';

describe('parseDependencies', () => {
  it.each([
    [null, []],
    ['', []],
    ['[]', []],
    ['12', [{ taskId: 12, type: 'FS', lagDays: 0 }]],
    [
      '12, 14,12',
      [
        { taskId: 12, type: 'FS', lagDays: 0 },
        { taskId: 14, type: 'FS', lagDays: 0 },
      ],
    ],
    ['[{"taskId":3,"type":"SS","lagDays":2}]', [{ taskId: 3, type: 'SS', lagDays: 2 }]],
    ['[{"taskId":3}]', [{ taskId: 3, type: 'FS', lagDays: 0 }]],
    ['[7]', [{ taskId: 7, type: 'FS', lagDays: 0 }]],
  ])('reads %j', (text, expected) => {
    expect(parseDependencies(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['[{', 'is not valid JSON'],
    ['{"taskId":1}', 'JSON links or a comma-separated list'],
    ['1, two', 'JSON links or a comma-separated list'],
    ['[{"taskId":0}]', 'needs a task id'],
    ['[{"taskId":1,"type":"XX"}]', 'type must be one of FS, SS, FF, SF'],
    ['[{"taskId":1,"lag":2}]', 'unknown field "lag"'],
    ['["1"]', 'must be a task id'],
  ])('refuses %j', (text, message) => {
    const r = parseDependencies(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });
});

describe('remapping and removing', () => {
  const map = new Map([
    [1, 101],
    [2, 102],
  ]);

  it('points copied links at the copies and drops the others', () => {
    expect(remapDependencies('[{"taskId":1,"type":"SS","lagDays":1},{"taskId":9}]', map)).toBe(
      '[{"taskId":101,"type":"SS","lagDays":1}]',
    );
    expect(remapDependencies('1,2', map)).toBe(
      '[{"taskId":101,"type":"FS","lagDays":0},{"taskId":102,"type":"FS","lagDays":0}]',
    );
    expect(remapDependencies('9', map)).toBeNull();
    expect(remapDependencies('not deps', map)).toBeNull();
    expect(remapDependencies(null, map)).toBeNull();
  });

  it('removes links to a deleted task', () => {
    expect(withoutDependencyOn('1,2', 1)).toBe('[{"taskId":2,"type":"FS","lagDays":0}]');
    expect(withoutDependencyOn('[{"taskId":1}]', 1)).toBeNull();
    expect(serializeDependencies([])).toBeNull();
  });

  it('a remapped list only names mapped ids', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 10 }), (ids) => {
        const idMap = new Map(Array.from({ length: 10 }, (_, i) => [i + 1, 1000 + i] as const));
        const out = parseDependencies(remapDependencies(ids.join(','), idMap));
        expect(out.ok).toBe(true);
        if (out.ok) {
          expect(out.value.every((l) => l.taskId >= 1000)).toBe(true);
          expect(out.value.map((l) => l.taskId)).toEqual(
            [...new Set(ids)].filter((id) => id <= 10).map((id) => 1000 + id - 1),
          );
        }
      }),
    );
  });
});

describe('findDependencyCycle', () => {
  it('finds none in a chain', () => {
    expect(
      findDependencyCycle(
        new Map([
          [1, []],
          [2, [1]],
          [3, [2, 1]],
        ]),
      ),
    ).toBeNull();
  });

  it('finds a loop and a self-link', () => {
    expect(
      findDependencyCycle(
        new Map([
          [1, [3]],
          [2, [1]],
          [3, [2]],
        ]),
      ),
    ).toEqual([1, 3, 2, 1]);
    expect(findDependencyCycle(new Map([[4, [4]]]))).toEqual([4, 4]);
  });
});
