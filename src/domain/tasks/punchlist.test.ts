import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  applyPunchlist,
  deleteItem,
  isValidPunchlist,
  numberPunchlist,
  type Punchlist,
  type PunchlistAction,
  type PunchlistItem,
  parsePunchlist,
  punchlistSummary,
  readPunchlist,
  resetPunchlist,
  serializePunchlist,
  toggleItem,
} from './punchlist.js';

const at = '2026-03-01T10:00:00.000Z';
const top = (id: string, text = `item ${id}`, completed = false): PunchlistItem => ({
  id,
  text,
  completed,
  createdAt: at,
  level: 0,
  parentId: null,
});
const sub = (id: string, parentId: string, completed = false): PunchlistItem => ({
  id,
  text: `sub ${id}`,
  completed,
  createdAt: at,
  level: 1,
  parentId,
});

describe('adding', () => {
  it('adds a top-level item at the end, text trimmed', () => {
    const list = addItem([top('a')], { id: 'b', text: '  Paint trim  ', createdAt: at });
    expect(list).toEqual([top('a'), top('b', 'Paint trim')]);
  });

  it('adds a sub-item after its parent’s last sub-item', () => {
    const list = addItem([top('a'), sub('a1', 'a'), top('b')], {
      id: 'a2',
      text: 'sub a2',
      createdAt: at,
      parentId: 'a',
    });
    expect(list.map((i) => i.id)).toEqual(['a', 'a1', 'a2', 'b']);
    expect(list[2]).toEqual(sub('a2', 'a'));
  });

  it.each([
    ['empty text', { id: 'x', text: '   ', createdAt: at }],
    ['a taken id', { id: 'a', text: 'again', createdAt: at }],
    ['a sub-item under a sub-item', { id: 'x', text: 'deep', createdAt: at, parentId: 'a1' }],
    ['a sub-item under a missing item', { id: 'x', text: 'orphan', createdAt: at, parentId: 'zz' }],
  ])('refuses %s', (_label, input) => {
    const list = [top('a'), sub('a1', 'a')];
    expect(addItem(list, input)).toBe(list);
  });
});

describe('toggling and deleting', () => {
  it('toggles one item', () => {
    expect(toggleItem([top('a'), top('b')], 'b')).toEqual([top('a'), top('b', 'item b', true)]);
  });

  it('deleting a top-level item deletes its sub-items', () => {
    const list = [top('a'), sub('a1', 'a'), sub('a2', 'a'), top('b'), sub('b1', 'b')];
    expect(deleteItem(list, 'a').map((i) => i.id)).toEqual(['b', 'b1']);
  });

  it('deleting a sub-item keeps its parent and siblings', () => {
    const list = [top('a'), sub('a1', 'a'), sub('a2', 'a')];
    expect(deleteItem(list, 'a1').map((i) => i.id)).toEqual(['a', 'a2']);
  });

  it('reset clears every completion', () => {
    const list = [top('a', 'x', true), sub('a1', 'a', true)];
    expect(resetPunchlist(list).every((i) => !i.completed)).toBe(true);
  });
});

describe('numbering and summary', () => {
  it('numbers 1, 1a, 1b, 2 in display order whatever the stored order', () => {
    const list = [top('a'), top('b'), sub('a1', 'a'), sub('b1', 'b'), sub('a2', 'a')];
    expect(numberPunchlist(list).map((n) => `${n.label}:${n.item.id}`)).toEqual([
      '1:a',
      '1a:a1',
      '1b:a2',
      '2:b',
      '2a:b1',
    ]);
  });

  it('letters go on past z', () => {
    let list: Punchlist = [top('p')];
    for (let i = 0; i < 28; i++)
      list = addItem(list, { id: `s${i}`, text: 'x', createdAt: at, parentId: 'p' });
    const labels = numberPunchlist(list).map((n) => n.label);
    expect(labels.slice(25, 29)).toEqual(['1y', '1z', '1aa', '1ab']);
  });

  it('counts done/total over items and sub-items', () => {
    expect(punchlistSummary([])).toEqual({ done: 0, total: 0, percent: 0 });
    expect(punchlistSummary([top('a', 'x', true), sub('a1', 'a'), top('b')])).toEqual({
      done: 1,
      total: 3,
      percent: 33,
    });
  });
});

describe('reading stored JSON', () => {
  it('reads a valid list (numeric ids as text, missing parentId as null)', () => {
    const r = parsePunchlist(
      JSON.stringify([
        { id: 1700000000000, text: 'Frame', completed: false, createdAt: at, level: 0 },
        { id: '2', text: 'Check', completed: true, createdAt: at, level: 1, parentId: 1700000000000 },
      ]),
    );
    expect(r).toEqual({
      ok: true,
      value: [{ ...top('1700000000000', 'Frame') }, { ...sub('2', '1700000000000', true), text: 'Check' }],
    });
  });

  it.each([
    ['not JSON', '[{', 'is not valid JSON'],
    ['an object', '{}', 'must be a list of items'],
    ['an unknown field', JSON.stringify([{ ...top('a'), colour: 'red' }]), 'unknown field "colour"'],
    ['a missing text', JSON.stringify([{ ...top('a'), text: ' ' }]), 'item 1 needs a text'],
    [
      'a bad completed',
      JSON.stringify([{ ...top('a'), completed: 'no' }]),
      '"completed" must be true or false',
    ],
    ['a bad date', JSON.stringify([{ ...top('a'), createdAt: 'yesterday' }]), 'needs a createdAt date'],
    ['a bad level', JSON.stringify([{ ...top('a'), level: 2 }]), 'level must be 0 or 1'],
    ['duplicate ids', JSON.stringify([top('a'), top('a')]), 'two items with the id "a"'],
    ['an orphan sub-item', JSON.stringify([sub('x', 'nope')]), 'missing parent "nope"'],
    [
      'a sub-sub-item',
      JSON.stringify([top('a'), sub('b', 'a'), sub('c', 'b')]),
      'only top-level items have sub-items',
    ],
    [
      'a top-level item with a parent',
      JSON.stringify([top('a'), { ...top('b'), parentId: 'a' }]),
      'cannot have a parent',
    ],
    ['a sub-item without parent', JSON.stringify([{ ...sub('b', 'a'), parentId: null }]), 'needs a parent'],
  ])('refuses %s', (_label, text, message) => {
    const r = parsePunchlist(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('reads empty text as an empty list', () => {
    expect(parsePunchlist('')).toEqual({ ok: true, value: [] });
    expect(parsePunchlist(null)).toEqual({ ok: true, value: [] });
  });
});

/** Random operations that refer to ids the list may or may not hold. */
const idArb = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const actionArb: fc.Arbitrary<PunchlistAction> = fc.oneof(
  fc.record({
    type: fc.constant('add' as const),
    id: idArb,
    text: fc.string({ maxLength: 12 }),
    createdAt: fc.constant(at),
    parentId: fc.option(idArb, { nil: null, freq: 2 }),
  }),
  fc.record({ type: fc.constant('toggle' as const), id: idArb }),
  fc.record({ type: fc.constant('setCompleted' as const), id: idArb, completed: fc.boolean() }),
  fc.record({ type: fc.constant('delete' as const), id: idArb }),
  fc.record({ type: fc.constant('reset' as const) }),
);

describe('properties', () => {
  it('random sequences of operations never produce an invalid list', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 10, maxLength: 80, size: 'max' }), (actions) => {
        let list: Punchlist = [];
        for (const action of actions) {
          list = applyPunchlist(list, action);
          expect(isValidPunchlist(list)).toBe(true);
          // stored text reads back as the same list
          expect(readPunchlist(JSON.parse(serializePunchlist(list)))).toEqual({ ok: true, value: list });
          // every item gets exactly one label
          expect(numberPunchlist(list)).toHaveLength(list.length);
        }
      }),
    );
  });

  it('after deleting an item neither it nor any of its sub-items remain', () => {
    fc.assert(
      fc.property(
        fc.array(actionArb, { minLength: 5, maxLength: 40, size: 'max' }),
        idArb,
        (actions, victim) => {
          const list = actions.reduce(applyPunchlist, [] as Punchlist);
          const after = deleteItem(list, victim);
          expect(after.some((i) => i.id === victim || i.parentId === victim)).toBe(false);
          expect(after.length).toBe(list.filter((i) => i.id !== victim && i.parentId !== victim).length);
        },
      ),
    );
  });
});
