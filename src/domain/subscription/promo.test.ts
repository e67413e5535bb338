import { describe, expect, it } from 'vitest';
import { checkPromo, normalizePromoCode, type PromoCode } from './promo.js';

const now = new Date('2026-03-10T12:00:00Z');
const build20: PromoCode = {
  code: 'BUILD20',
  discountType: 'percent',
  discount: 20,
  active: true,
  expiresAt: null,
};

describe('normalizePromoCode', () => {
  it.each([
    ['build20', 'BUILD20'],
    ['  Build20 \n', 'BUILD20'],
    ['BUILD20', 'BUILD20'],
    ['   ', ''],
  ])('%j → %j', (input, code) => {
    expect(normalizePromoCode(input)).toBe(code);
  });
});

describe('checkPromo', () => {
  it('accepts an active code without expiry', () => {
    const check = checkPromo(build20, now);
    expect(check.valid).toBe(true);
    expect(check.message).toBe('BUILD20: 20% off your subscription after the trial ends');
  });

  it('accepts a code expiring later, and describes amount codes in dollars', () => {
    const check = checkPromo(
      {
        ...build20,
        code: 'SAVE25',
        discountType: 'amount',
        discount: 25,
        expiresAt: new Date(now.getTime() + 1),
      },
      now,
    );
    expect(check).toMatchObject({
      valid: true,
      message: 'SAVE25: $25 off your subscription after the trial ends',
    });
  });

  it.each([
    ['unknown', null, 'Invalid promo code'],
    ['inactive', { ...build20, active: false }, 'This promo code is no longer active'],
    ['expired', { ...build20, expiresAt: new Date(now.getTime() - 1) }, 'This promo code has expired'],
    ['expiring this instant', { ...build20, expiresAt: now }, 'This promo code has expired'],
    ['not_applicable', { ...build20, applicable: false }, 'This promo code does not apply to this plan'],
  ] as const)('refuses %s', (reason, promo, message) => {
    expect(checkPromo(promo, now)).toEqual({
      valid: false,
      reason: reason === 'expiring this instant' ? 'expired' : reason,
      message,
    });
  });
});
