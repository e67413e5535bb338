import { describe, expect, it } from 'vitest';
import {
  centsText,
  daysText,
  type EditorValues,
  editorBody,
  editorTotals,
  markupCents,
  markupText,
  nextTaskKey,
  parseMarkupBasisPoints,
  parseMoneyCents,
  taskChangesOf,
} from './change-order-view';

describe('parseMoneyCents', () => {
  it.each([
    ['1250.50', 125050],
    ['1,250.5', 125050],
    ['$75', 7500],
    ['-300', -30000],
    ['0.07', 7],
    ['.5', 50],
    ['0', 0],
    ['-0', 0],
    ['19.99', 1999],
    ['1.', 100],
  ])('%s is %i cents', (typed, cents) => expect(parseMoneyCents(typed)).toBe(cents));

  it.each(['', 'abc', '1.234', '1e5', '--1', '12.3.4'])('%s is not an amount', (typed) =>
    expect(parseMoneyCents(typed)).toBeNull(),
  );

  it('round-trips what the field shows', () => {
    for (const cents of [0, 1, 99, 100, 125050, -30000, -7])
      expect(parseMoneyCents(centsText(cents))).toBe(cents);
  });
});

describe('markup', () => {
  it.each([
    ['10', 1000],
    ['12.5', 1250],
    ['0', 0],
    ['100', 10000],
    ['7.25', 725],
  ])('%s %% is %i basis points', (typed, bp) => {
    expect(parseMarkupBasisPoints(typed)).toBe(bp);
    expect(parseMarkupBasisPoints(markupText(bp))).toBe(bp);
  });

  it('rounds half away from zero to the cent', () => {
    expect(markupCents(12345, 1000)).toBe(1235);
    expect(markupCents(-12345, 1000)).toBe(-1235);
    expect(markupCents(100, 0)).toBe(0);
  });

  it('totals are the lines plus the markup, in whole cents', () => {
    const t = editorTotals({
      lines: [
        { costCodeId: '', taskId: '', description: 'a', amount: '1000.10' },
        { costCodeId: '', taskId: '', description: 'b', amount: '-0.10' },
        { costCodeId: '', taskId: '', description: 'c', amount: 'oops' },
      ],
      markup: '10',
    });
    expect(t).toEqual({ subtotal: 100000, markup: 10000, total: 110000 });
  });
});

const blank: EditorValues = {
  title: 'Deeper footings',
  reason: 'unforeseen_condition',
  description: '',
  markup: '10',
  lines: [],
  addedTasks: [],
  durationChanges: [],
  newLinks: [],
};

describe('taskChangesOf', () => {
  it('leaves out rows not filled in yet', () => {
    expect(
      taskChangesOf({
        addedTasks: [{ key: 'new-1', name: '', duration: '2', after: '', before: '' }],
        durationChanges: [
          { taskId: '', extraDays: '3' },
          { taskId: '7', extraDays: '' },
        ],
        newLinks: [{ predecessorTaskId: '4', successorTaskId: '', lagDays: '0' }],
      }),
    ).toEqual({ addedTasks: [], durationChanges: [], newLinks: [] });
  });

  it('an added task after one task and before another is a task with a predecessor and a new link', () => {
    expect(
      taskChangesOf({
        addedTasks: [{ key: 'new-1', name: ' Rock removal ', duration: '2', after: '3', before: '4' }],
        durationChanges: [{ taskId: '5', extraDays: '3' }],
        newLinks: [{ predecessorTaskId: '1', successorTaskId: '2', lagDays: '-1' }],
      }),
    ).toEqual({
      addedTasks: [
        {
          key: 'new-1',
          name: 'Rock removal',
          duration: 2,
          predecessors: [{ taskId: 3, type: 'FS', lagDays: 0 }],
        },
      ],
      durationChanges: [{ taskId: 5, extraDays: 3 }],
      newLinks: [
        { successorTaskId: 4, predecessor: { newTaskKey: 'new-1', type: 'FS', lagDays: 0 } },
        { successorTaskId: 2, predecessor: { taskId: 1, type: 'FS', lagDays: -1 } },
      ],
    });
  });
});

describe('editorBody', () => {
  it('names each field typed wrong, and saves nothing', () => {
    const made = editorBody({
      ...blank,
      title: ' ',
      markup: '150',
      lines: [{ costCodeId: '', taskId: '', description: '', amount: '12.345' }],
      durationChanges: [{ taskId: '', extraDays: '0' }],
      newLinks: [{ predecessorTaskId: '3', successorTaskId: '3', lagDays: 'x' }],
    });
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(Object.keys(made.errors).sort()).toEqual(
      [
        'title',
        'markup',
        'lines.0.description',
        'lines.0.amount',
        'durationChanges.0.taskId',
        'durationChanges.0.extraDays',
        'newLinks.0.successorTaskId',
        'newLinks.0.lagDays',
      ].sort(),
    );
  });

  it('makes the PATCH body in whole cents and basis points', () => {
    const made = editorBody({
      ...blank,
      lines: [{ costCodeId: '12', taskId: '', description: ' Footings ', amount: '4,800.25' }],
      durationChanges: [{ taskId: '9', extraDays: '3' }],
    });
    expect(made).toEqual({
      ok: true,
      body: {
        title: 'Deeper footings',
        reason: 'unforeseen_condition',
        description: '',
        markupBasisPoints: 1000,
        lines: [{ costCodeId: 12, taskId: null, description: 'Footings', amountCents: 480025 }],
        taskChanges: { addedTasks: [], durationChanges: [{ taskId: 9, extraDays: 3 }], newLinks: [] },
      },
    });
  });
});

describe('words', () => {
  it('says how far the finish moves', () => {
    expect(daysText(0)).toBe('No change');
    expect(daysText(1)).toBe('+1 working day');
    expect(daysText(-3)).toBe('−3 working days');
  });
  it('gives an added task a key no other has', () => {
    expect(nextTaskKey([])).toBe('new-1');
    expect(nextTaskKey([{ key: 'new-2' }])).toBe('new-3');
    expect(nextTaskKey([{ key: 'new-1' }, { key: 'new-3' }])).toBe('new-4');
  });
});
