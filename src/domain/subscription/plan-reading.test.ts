import { describe, expect, it } from 'vitest';
import { planReading, trialDaysLeft } from './plan-reading.js';

describe('planReading', () => {
  it('reads every company as the $100 per year annual plan, whatever was chosen in trial setup', () => {
    expect(planReading()).toEqual({
      name: 'Annual plan',
      price: '$100 per year',
      note: 'Less than $9/month',
    });
  });
});

describe('trialDaysLeft', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('rounds a part day up and stops at zero', () => {
    expect(trialDaysLeft(new Date('2026-01-15T12:00:00Z'), now)).toBe(14);
    expect(trialDaysLeft(new Date('2026-01-01T13:00:00Z'), now)).toBe(1);
    expect(trialDaysLeft(new Date('2025-12-31T12:00:00Z'), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBeNull();
  });
});
