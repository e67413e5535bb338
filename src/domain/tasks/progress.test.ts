import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampProgress,
  isOverdue,
  progressBarChange,
  projectProgressFromTasks,
  statusForProgress,
} from './progress.js';

describe('progress bar', () => {
  it.each([
    [0, 0, 'not-started'],
    [-5, 0, 'not-started'],
    [0.4, 0, 'not-started'],
    [1, 1, 'in-progress'],
    [42.6, 43, 'in-progress'],
    [99, 99, 'in-progress'],
    [99.6, 100, 'completed'],
    [100, 100, 'completed'],
    [250, 100, 'completed'],
    [Number.NaN, 0, 'not-started'],
  ])('%d → %i%% %s', (value, progress, status) => {
    expect(progressBarChange(value)).toEqual({ progress, status });
  });

  it('always lands on a whole percentage with its status', () => {
    fc.assert(
      fc.property(fc.double(), (v) => {
        const p = clampProgress(v);
        expect(Number.isInteger(p) && p >= 0 && p <= 100).toBe(true);
        expect(statusForProgress(p)).toBe(p === 0 ? 'not-started' : p === 100 ? 'completed' : 'in-progress');
      }),
    );
  });
});

describe('project progress from tasks', () => {
  it.each([
    [[], 0],
    [['completed'], 100],
    [['completed', 'in-progress'], 50],
    [['completed', 'not-started', 'blocked'], 33],
    [['on-track', 'behind'], 0],
  ])('%o → %i', (statuses, expected) => {
    expect(projectProgressFromTasks(statuses.map((status) => ({ status })))).toBe(expected);
  });
});

describe('overdue', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['past end, not done', '2026-03-09T12:00:00Z', 50, true],
    ['past end, done', '2026-03-09T12:00:00Z', 100, false],
    ['ends later', '2026-03-11T12:00:00Z', 0, false],
    ['ends this instant', '2026-03-10T12:00:00Z', 0, false],
  ])('%s', (_label, endDate, progress, expected) => {
    expect(isOverdue({ endDate, progress }, now)).toBe(expected);
    expect(isOverdue({ endDate: new Date(endDate), progress }, now)).toBe(expected);
  });
});
