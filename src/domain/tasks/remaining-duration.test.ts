import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  progressChangeForRemaining,
  progressForRemaining,
  remainingDurationOf,
  remainingFromProgress,
} from './remaining-duration.js';

describe('remaining duration ↔ progress', () => {
  it.each([
    // duration, progress, status, given remaining → remaining
    [10, 0, 'not-started', null, 10],
    [10, 40, 'in-progress', null, 6],
    [10, 35, 'in-progress', null, 7], // 6.5 rounds up
    [10, 99, 'in-progress', null, 0],
    [10, 40, 'in-progress', 8, 8], // a given figure wins over the derived one
    [10, 100, 'completed', null, 0],
    [10, 60, 'completed', 3, 0], // finished: nothing left whatever was given
    [0, 0, 'not-started', null, 0],
  ])('%i days at %i%% (%s, given %s) leave %i', (duration, progress, status, given, remaining) => {
    expect(remainingDurationOf({ duration, progress, status, remainingDuration: given })).toBe(remaining);
  });

  it.each([
    [10, 6, 40],
    [10, 10, 1], // all of it left: still started
    [10, 14, 1], // more than planned
    [10, 0, 99], // nothing left: unfinished until completed
    [3, 1, 67],
    [0, 2, 1],
    [0, 0, 99],
  ])('%i days with %i left is %i%%', (duration, remaining, progress) => {
    expect(progressForRemaining(duration, remaining)).toBe(progress);
  });

  it('gives back the remaining duration it came from, for any duration and remaining within it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100 }), (duration, n) => {
        const remaining = n % duration; // 0 … duration - 1
        const progress = progressForRemaining(duration, remaining);
        expect(progress).toBeGreaterThanOrEqual(1);
        expect(progress).toBeLessThanOrEqual(99);
        // Rounding to whole percentages can lose at most a day on long tasks.
        expect(Math.abs(remainingFromProgress(duration, progress) - remaining)).toBeLessThanOrEqual(
          Math.ceil(duration / 100),
        );
      }),
    );
  });

  it('starts a task not begun and reopens a completed one, and keeps any other status', () => {
    expect(progressChangeForRemaining({ duration: 10, status: 'not-started' }, 4)).toEqual({
      progress: 60,
      status: 'in-progress',
    });
    expect(progressChangeForRemaining({ duration: 10, status: 'completed' }, 2)).toEqual({
      progress: 80,
      status: 'in-progress',
    });
    expect(progressChangeForRemaining({ duration: 10, status: 'behind' }, 9)).toEqual({
      progress: 10,
      status: 'behind',
    });
  });
});
