/**
 * Prices and promo discount arithmetic. Amounts are whole US cents.
 *
 * The product shows its price two ways, on purpose, and both readings are kept exactly as given:
 * - where a plan is being chosen (the landing page's pricing and trial setup), the two billing
 *   choices: monthly $100 per month, or yearly $1,000 per year against $1,200 ("SAVE $200",
 *   "Save 2 months!") — `PLAN_PRICES`, which is also what the billing provider must charge;
 * - where the subscription is described rather than chosen (the profile, the payment-required
 *   screen and the sign-up benefits panel), one annual plan at $100 per year ("Less than
 *   $9/month") — `ANNUAL_PLAN_READING`.
 * They differ because the product describes its subscription as one plan in those places while it
 * sells it with a monthly and a yearly choice; no screen may silently switch to the other reading.
 */
export type Plan = 'monthly' | 'yearly';
export type DiscountType = 'percent' | 'amount';

export interface PlanPrice {
  plan: Plan;
  amountCents: number;
  interval: 'month' | 'year';
  /** What the same period costs on the monthly plan (yearly only). */
  listAmountCents: number | null;
  savingsCents: number;
  badge: string | null;
  note: string | null;
}

const MONTHLY_CENTS = 10_000;
const YEARLY_CENTS = 100_000;
const YEAR_AT_MONTHLY_CENTS = 12 * MONTHLY_CENTS;
const YEARLY_SAVINGS_CENTS = YEAR_AT_MONTHLY_CENTS - YEARLY_CENTS;

export const PLAN_PRICES: Readonly<Record<Plan, PlanPrice>> = {
  monthly: {
    plan: 'monthly',
    amountCents: MONTHLY_CENTS,
    interval: 'month',
    listAmountCents: null,
    savingsCents: 0,
    badge: null,
    note: null,
  },
  yearly: {
    plan: 'yearly',
    amountCents: YEARLY_CENTS,
    interval: 'year',
    listAmountCents: YEAR_AT_MONTHLY_CENTS,
    savingsCents: YEARLY_SAVINGS_CENTS,
    badge: `SAVE ${formatUsd(YEARLY_SAVINGS_CENTS)}`,
    note: `Save ${YEARLY_SAVINGS_CENTS / MONTHLY_CENTS} months!`,
  },
};

/** The plan preselected in trial setup. */
export const DEFAULT_PLAN: Plan = 'yearly';

/** The one-plan reading of the profile, payment-required and the sign-up benefits panel. */
export const ANNUAL_PLAN_READING = {
  name: 'Annual plan',
  amountCents: 10_000,
  interval: 'year',
  /** `$100 per year` */
  label: '$100 per year',
  billing: 'billed annually',
  perMonthNote: 'Less than $9/month',
} as const;

/** `$1,000`, `$12.50`: whole dollars without cents, otherwise two decimals. */
export function formatUsd(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${negative ? '-' : ''}$${dollars}${rest ? `.${rest.toString().padStart(2, '0')}` : ''}`;
}

export interface Discount {
  discountType: DiscountType;
  /** Percent (0–100] for `percent`; US dollars for `amount`. */
  discount: number;
}

/**
 * What a promo takes off a price: a percentage rounded to the cent, or a fixed dollar amount;
 * never more than the price, never negative.
 */
export function applyDiscount(
  amountCents: number,
  promo: Discount | null,
): { discountCents: number; totalCents: number } {
  if (!promo || !(promo.discount > 0)) return { discountCents: 0, totalCents: amountCents };
  const raw =
    promo.discountType === 'percent'
      ? Math.round((amountCents * Math.min(promo.discount, 100)) / 100)
      : Math.round(promo.discount * 100);
  const discountCents = Math.min(amountCents, Math.max(0, raw));
  return { discountCents, totalCents: amountCents - discountCents };
}

/** `20%` or `$25` (the spec's "You'll save the amount% or $amount"). */
export function describeDiscount(promo: Discount): string {
  return promo.discountType === 'percent'
    ? `${Number(promo.discount.toFixed(2))}%`
    : formatUsd(Math.round(promo.discount * 100));
}

/** A plan's price after a promo, for showing in trial setup. */
export function planPriceWithPromo(plan: Plan, promo: Discount | null) {
  const price = PLAN_PRICES[plan];
  return { ...price, ...applyDiscount(price.amountCents, promo) };
}
