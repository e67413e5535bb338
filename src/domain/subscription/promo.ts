import { type Discount, describeDiscount } from './pricing.js';

/** A promo code as the billing provider knows it. */
export interface PromoCode extends Discount {
  code: string;
  active: boolean;
  expiresAt: Date | null;
}

export type PromoCheck =
  | { valid: true; promo: PromoCode; message: string }
  | { valid: false; reason: 'unknown' | 'inactive' | 'expired'; message: string };

export const PROMO_MESSAGES = {
  unknown: 'Invalid promo code',
  inactive: 'This promo code is no longer active',
  expired: 'This promo code has expired',
} as const;

/** Codes are compared trimmed and upper-cased. */
export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether a looked-up code can be applied at `now`; a code expiring at `now` has expired. */
export function checkPromo(promo: PromoCode | null | undefined, now: Date): PromoCheck {
  if (!promo) return { valid: false, reason: 'unknown', message: PROMO_MESSAGES.unknown };
  if (!promo.active) return { valid: false, reason: 'inactive', message: PROMO_MESSAGES.inactive };
  if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) {
    return { valid: false, reason: 'expired', message: PROMO_MESSAGES.expired };
  }
  return {
    valid: true,
    promo,
    message: `${promo.code}: ${describeDiscount(promo)} off your subscription after the trial ends`,
  };
}
