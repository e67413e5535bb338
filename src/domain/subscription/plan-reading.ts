import { ANNUAL_PLAN_READING, formatUsd, PLAN_PRICES } from './pricing.js';

export interface PlanReading {
  name: string;
  price: string;
  note: string | null;
}

/**
 * How the profile names a company's plan: the plan chosen in trial setup at its price; a company
 * that never chose one (the default `starter`) reads as the annual plan ($100 per year).
 */
export function planReading(plan: string | null | undefined): PlanReading {
  if (plan === 'monthly' || plan === 'yearly') {
    const price = PLAN_PRICES[plan];
    return {
      name: plan === 'monthly' ? 'Monthly plan' : 'Yearly plan',
      price: `${formatUsd(price.amountCents)}/${price.interval}`,
      note: price.note,
    };
  }
  return { name: 'Annual plan', price: ANNUAL_PLAN_READING.label, note: ANNUAL_PLAN_READING.perMonthNote };
}

/** Whole days left in a trial ending at `trialEndsAt` (0 once it has ended; null without an end date). */
export function trialDaysLeft(trialEndsAt: Date | null, now: Date): number | null {
  if (!trialEndsAt) return null;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / 86_400_000));
}
