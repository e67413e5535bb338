import { type Discount, describeDiscount } from './pricing.js';

/** A promo code as the billing provider knows it. */
export interface PromoCode extends Discount {
  code: string;
  active: boolean;
  expiresAt: Date | null;
  /**
   * Whether the code may be used on this product's plans at all (a Stripe coupon may be limited to
   * other products or another currency). Absent means it may.
   */
  applicable?: boolean;
}

export type PromoCheck<T extends PromoCode = PromoCode> =
  | { valid: true; promo: T; message: string }
  | { valid: false; reason: 'unknown' | 'inactive' | 'expired' | 'not_applicable'; message: string };

export const PROMO_MESSAGES = {
  unknown: 'Invalid promo code',
  inactive: 'This promo code is no longer active',
  expired: 'This promo code has expired',
  not_applicable: 'This promo code does not apply to this plan',
} as const;

/** Codes are compared trimmed and upper-cased. */
export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether a looked-up code can be applied at `now`; a code expiring at `now` has expired. */
export function checkPromo<T extends PromoCode>(promo: T | null | undefined, now: Date): PromoCheck<T> {
  if (!promo) return { valid: false, reason: 'unknown', message: PROMO_MESSAGES.unknown };
  if (!promo.active) return { valid: false, reason: 'inactive', message: PROMO_MESSAGES.inactive };
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) {
    return { valid: false, reason: 'expired', message: PROMO_MESSAGES.expired };
  }
  if (promo.applicable === false) {
    return { valid: false, reason: 'not_applicable', message: PROMO_MESSAGES.not_applicable };
  }
  return {
    valid: true,
    promo,
    message: `${promo.code}: ${describeDiscount(promo)} off your subscription after the trial ends`,
  };
}
