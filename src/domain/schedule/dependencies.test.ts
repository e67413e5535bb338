import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Dependency,
  linksFromDependencies,
  parseDependencies,
  serializeDependencies,
} from './dependencies.js';
import { LINK_TYPES } from './link-types.js';

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
    ['[7]', [{ taskId: 7, type: 'FS', lagDays: 0 }]],
  ])('reads %j', (text, value) => {
    expect(parseDependencies(text)).toEqual({ ok: true, value });
  });

  it('keeps every link to the same predecessor, dropping only exact repeats', () => {
    const text = JSON.stringify([
      { taskId: 4, type: 'SS', lagDays: 2 },
      { taskId: 4, type: 'FF', lagDays: 3 },
      { taskId: 4, type: 'SS', lagDays: 5 },
      { taskId: 4, type: 'SS', lagDays: 2 },
    ]);
    expect(parseDependencies(text)).toEqual({
      ok: true,
      value: [
        { taskId: 4, type: 'SS', lagDays: 2 },
        { taskId: 4, type: 'FF', lagDays: 3 },
        { taskId: 4, type: 'SS', lagDays: 5 },
      ],
    });
    expect(parseDependencies('5, 5')).toEqual({ ok: true, value: [{ taskId: 5, type: 'FS', lagDays: 0 }] });
  });

  it.each([
    ['12, abc', /comma-separated list of task ids/],
    ['0', /comma-separated list of task ids/],
    ['1.5', /comma-separated list of task ids/],
    ['[{"taskId": 1,}]', /not valid JSON/],
    ['[{"taskId": -4}]', /link 1 needs a task id/],
    ['[{"taskId": "4"}]', /link 1 needs a task id/],
    ['[{"taskId": 4, "type": "XX"}]', /type must be one of FS, SS, FF, SF/],
    ['[{"taskId": 4, "lagDays": 1.5}]', /lagDays must be a whole number/],
    ['[{"taskId": 4}, {"type": "FS"}]', /link 2 needs a task id/],
    ['[{"taskId": 4, "lag": 2}]', /unknown field "lag"/],
    ['[{"taskId": 4, "reason": 7}]', /link 1 reason must be text/],
    [`[{"taskId": 4, "reason": "${'x'.repeat(301)}"}]`, /reason must be at most 300 characters/],
  ])('explains what is wrong with %j', (text, message) => {
    const result = parseDependencies(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('round-trips through serializeDependencies', () => {
    const dependencies = fc.uniqueArray(
      fc.record({
        taskId: fc.integer({ min: 1, max: 1_000_000 }),
        type: fc.constantFrom(...LINK_TYPES),
        lagDays: fc.integer({ min: -30, max: 30 }),
      }),
      { minLength: 1, selector: (d) => `${d.taskId}:${d.type}:${d.lagDays}` },
    );
    fc.assert(
      fc.property(dependencies, (list) => {
        expect(parseDependencies(serializeDependencies(list))).toEqual({ ok: true, value: list });
      }),
    );
  });

  it('keeps a link’s reason, trimmed, and drops a blank one', () => {
    const text = JSON.stringify([
      { taskId: 3, type: 'FS', lagDays: 0, reason: '  Drywall waits for\n the rough-in inspection ' },
      { taskId: 4, type: 'SS', lagDays: 2, reason: '   ' },
      { taskId: 5, type: 'FS', lagDays: 0, reason: null },
    ]);
    const read = parseDependencies(text);
    expect(read).toEqual({
      ok: true,
      value: [
        { taskId: 3, type: 'FS', lagDays: 0, reason: 'Drywall waits for the rough-in inspection' },
        { taskId: 4, type: 'SS', lagDays: 2 },
        { taskId: 5, type: 'FS', lagDays: 0 },
      ],
    });
    if (read.ok) expect(parseDependencies(serializeDependencies(read.value))).toEqual(read);
    // What a caller hands over untrimmed is stored trimmed and bounded.
    const long = serializeDependencies([
      { taskId: 1, type: 'FS', lagDays: 0, reason: ` ${'y'.repeat(400)} ` },
    ]);
    const back = parseDependencies(long);
    expect(back.ok && back.value[0]?.reason?.length).toBe(300);
  });

  it('round-trips links with reasons', () => {
    const dependencies = fc.uniqueArray(
      fc.record(
        {
          taskId: fc.integer({ min: 1, max: 1_000_000 }),
          type: fc.constantFrom(...LINK_TYPES),
          lagDays: fc.integer({ min: -30, max: 30 }),
          reason: fc
            .string({ minLength: 1, maxLength: 300 })
            .map((r) => r.replace(/\s+/g, ' ').trim())
            .filter((r) => r !== ''),
        },
        { requiredKeys: ['taskId', 'type', 'lagDays'] },
      ),
      { minLength: 1, selector: (d) => `${d.taskId}:${d.type}:${d.lagDays}` },
    );
    fc.assert(
      fc.property(dependencies, (list) => {
        expect(parseDependencies(serializeDependencies(list))).toEqual({ ok: true, value: list });
      }),
    );
  });

  it('writes the JSON form the spec gives, and nothing for no links', () => {
    expect(serializeDependencies([{ taskId: 3, type: 'SS', lagDays: 2 }])).toBe(
      '[{"taskId":3,"type":"SS","lagDays":2}]',
    );
    expect(serializeDependencies([])).toBeNull();
  });
});

describe('linksFromDependencies', () => {
  it('turns each task’s predecessors into links into that task, two to one predecessor included', () => {
    const result = linksFromDependencies([
      { id: 1, dependencies: null },
      { id: 2, dependencies: '1' },
      {
        id: 3,
        dependencies:
          '[{"taskId": 2, "type": "SS", "lagDays": 1}, {"taskId": 2, "type": "FF", "lagDays": 4}, {"taskId": 1, "type": "FF", "lagDays": 0}]',
      },
    ]);
    expect(result).toEqual({
      ok: true,
      links: [
        { predecessorId: 1, successorId: 2, type: 'FS', lag: 0 },
        { predecessorId: 2, successorId: 3, type: 'SS', lag: 1 },
        { predecessorId: 2, successorId: 3, type: 'FF', lag: 4 },
        { predecessorId: 1, successorId: 3, type: 'FF', lag: 0 },
      ],
    });
  });

  it('names the task whose text is malformed', () => {
    const result = linksFromDependencies([
      { id: 1, dependencies: '2' },
      { id: 7, dependencies: '[oops' },
    ]);
    expect(result).toMatchObject({ ok: false, taskId: 7, error: 'Dependencies is not valid JSON' });
  });
});
