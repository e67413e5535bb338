import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANNUAL_PLAN_READING,
  applyDiscount,
  DEFAULT_PLAN,
  describeDiscount,
  formatUsd,
  PLAN_PRICES,
  planPriceWithPromo,
} from './pricing.js';

describe('plan prices', () => {
  it('monthly is $100 per month', () => {
    expect(PLAN_PRICES.monthly).toMatchObject({ amountCents: 10_000, interval: 'month', badge: null });
    expect(formatUsd(PLAN_PRICES.monthly.amountCents)).toBe('$100');
  });

  it('yearly is $1,000 per year against $1,200: SAVE $200, Save 2 months!', () => {
    const yearly = PLAN_PRICES.yearly;
    expect(formatUsd(yearly.amountCents)).toBe('$1,000');
    expect(formatUsd(yearly.listAmountCents ?? 0)).toBe('$1,200');
    expect(yearly.savingsCents).toBe(20_000);
    expect(yearly.badge).toBe('SAVE $200');
    expect(yearly.note).toBe('Save 2 months!');
    expect(yearly.interval).toBe('year');
  });

  it('keeps the other reading: $100 per year, less than $9/month', () => {
    expect(ANNUAL_PLAN_READING.label).toBe(`${formatUsd(ANNUAL_PLAN_READING.amountCents)} per year`);
    expect(ANNUAL_PLAN_READING.amountCents / 12).toBeLessThan(900);
    expect(ANNUAL_PLAN_READING.perMonthNote).toBe('Less than $9/month');
  });

  it('preselects yearly', () => {
    expect(DEFAULT_PLAN).toBe('yearly');
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [5, '$0.05'],
    [1_250, '$12.50'],
    [100_000, '$1,000'],
    [123_456_789, '$1,234,567.89'],
    [-2_000, '-$20'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe('applyDiscount', () => {
  it.each([
    ['no promo', 10_000, null, 0, 10_000],
    ['20 percent of $100', 10_000, { discountType: 'percent', discount: 20 }, 2_000, 8_000],
    ['20 percent of $1,000', 100_000, { discountType: 'percent', discount: 20 }, 20_000, 80_000],
    ['12.5 percent rounds to the cent', 999, { discountType: 'percent', discount: 12.5 }, 125, 874],
    ['100 percent is free', 10_000, { discountType: 'percent', discount: 100 }, 10_000, 0],
    ['over 100 percent is capped', 10_000, { discountType: 'percent', discount: 150 }, 10_000, 0],
    ['$25 off', 10_000, { discountType: 'amount', discount: 25 }, 2_500, 7_500],
    ['$12.34 off', 10_000, { discountType: 'amount', discount: 12.34 }, 1_234, 8_766],
    ['more than the price is capped', 10_000, { discountType: 'amount', discount: 500 }, 10_000, 0],
    ['zero discount', 10_000, { discountType: 'amount', discount: 0 }, 0, 10_000],
    ['negative discount is ignored', 10_000, { discountType: 'percent', discount: -10 }, 0, 10_000],
  ] as const)('%s', (_label, amount, promo, discountCents, totalCents) => {
    expect(applyDiscount(amount, promo)).toEqual({ discountCents, totalCents });
  });

  it('never goes below zero or above the price, and the parts add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('percent' as const, 'amount' as const),
        fc.double({ min: -1_000, max: 100_000, noNaN: true }),
        (amount, discountType, discount) => {
          const { discountCents, totalCents } = applyDiscount(amount, { discountType, discount });
          expect(Number.isInteger(discountCents)).toBe(true);
          expect(discountCents).toBeGreaterThanOrEqual(0);
          expect(totalCents).toBeGreaterThanOrEqual(0);
          expect(discountCents + totalCents).toBe(amount);
        },
      ),
    );
  });
});

describe('describeDiscount and planPriceWithPromo', () => {
  it('reads "20%" or "$25"', () => {
    expect(describeDiscount({ discountType: 'percent', discount: 20 })).toBe('20%');
    expect(describeDiscount({ discountType: 'percent', discount: 12.5 })).toBe('12.5%');
    expect(describeDiscount({ discountType: 'amount', discount: 25 })).toBe('$25');
    expect(describeDiscount({ discountType: 'amount', discount: 7.5 })).toBe('$7.50');
  });

  it('prices the yearly plan with BUILD20', () => {
    expect(planPriceWithPromo('yearly', { discountType: 'percent', discount: 20 })).toMatchObject({
      amountCents: 100_000,
      discountCents: 20_000,
      totalCents: 80_000,
    });
  });
});
