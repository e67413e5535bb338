import { describe, expect, it } from 'vitest';
import { planReading, trialDaysLeft } from './plan-reading.js';

describe('planReading', () => {
  it('reads the chosen plan at its trial-setup price', () => {
    expect(planReading('monthly')).toEqual({ name: 'Monthly plan', price: '$100/month', note: null });
    expect(planReading('yearly')).toEqual({
      name: 'Yearly plan',
      price: '$1,000/year',
      note: 'Save 2 months!',
    });
  });

  it('reads a company without a chosen plan as the $100 per year annual plan', () => {
    expect(planReading('starter')).toEqual({
      name: 'Annual plan',
      price: '$100 per year',
      note: 'Less than $9/month',
    });
    expect(planReading(null).price).toBe('$100 per year');
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
