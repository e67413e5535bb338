import { describe, expect, it } from 'vitest';
import { localToday } from './local-today';

describe('localToday', () => {
  it('gives the day the viewer’s own calendar shows, late in the evening too', () => {
    expect(localToday(new Date(2027, 0, 5, 23, 30))).toBe('2027-01-05');
    expect(localToday(new Date(2027, 11, 31, 0, 5))).toBe('2027-12-31');
  });
});
