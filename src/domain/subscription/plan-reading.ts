import { ANNUAL_PLAN_READING } from './pricing.js';

export interface PlanReading {
  name: string;
  price: string;
  note: string;
}

/**
 * How the profile names the company's plan: always the one-plan reading ($100 per year), whichever
 * billing choice was made in trial setup (see `pricing.ts` for why the two readings differ).
 */
export function planReading(): PlanReading {
  return {
    name: ANNUAL_PLAN_READING.name,
    price: ANNUAL_PLAN_READING.label,
    note: ANNUAL_PLAN_READING.perMonthNote,
  };
}

/** Whole days left in a trial ending at `trialEndsAt` (0 once it has ended; null without an end date). */
export function trialDaysLeft(trialEndsAt: Date | null, now: Date): number | null {
  if (!trialEndsAt) return null;
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / 86_400_000));
}
