import { describe, expect, it } from 'vitest';
import { formatDayRange } from './day-range';

describe('formatDayRange', () => {
  it.each([
    ['2026-12-05', '2026-12-25', 'Dec 5 – Dec 25, 2026'],
    ['2026-04-05', '2026-05-02', 'Apr 5 – May 2, 2026'],
    ['2026-12-29', '2027-01-18', 'Dec 29, 2026 – Jan 18, 2027'],
    ['2026-12-05', '2026-12-05', 'Dec 5, 2026'],
  ])('%s to %s is “%s”', (from, to, label) => {
    expect(formatDayRange(from, to)).toBe(label);
  });
});
