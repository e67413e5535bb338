import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { BILLING_PLANS, type BillingPlan } from '../../../contracts/subscription.js';
import { normalizePromoCode } from '../../../domain/subscription/promo.js';
import { providerStatusOf } from '../../../domain/subscription/provider-status.js';
import type { BillingEvent, PromoCode, ProviderSubscription } from './billing-provider.js';

/** Stripe's objects read into the provider interface's shapes; no calls to Stripe here. */

/** The metadata every object made for a company carries, so webhooks find their company. */
export const COMPANY_ID = 'company_id';
/** The subscription metadata naming the promo applied at trial setup (empty when none). */
export const PROMO_CODE = 'promo_code';
/** SetupIntent metadata: the subscription whose card the saved card replaces. */
export const FOR_SUBSCRIPTION = 'subscription_id';

/** Events after which the company's subscription is read again from Stripe. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'checkout.session.completed',
  'setup_intent.succeeded',
]);

/**
 * An idempotency key for one write about a company: the same call (same operation, same
 * parameters) gets the same key, so a retry after a lost answer or a crash finds the object the
 * first call made instead of making a second one; different parameters never collide.
 */
export function idempotencyKey(companyId: number, operation: string, params: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 24);
  return `babe-company-${companyId}-${operation}-${digest}`;
}

const seconds = (at: number | null | undefined) => (at ? new Date(at * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function companyIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const id = Number(metadata?.[COMPANY_ID]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The plan whose configured price a subscription is on; null for a price the app does not sell. */
export function planOfPrice(prices: Record<BillingPlan, string>, priceId: string | null): BillingPlan | null {
  return BILLING_PLANS.find((plan) => prices[plan] === priceId) ?? null;
}

export function subscriptionPrice(sub: Stripe.Subscription): string | null {
  return idOf(sub.items.data[0]?.price);
}

/**
 * A Stripe subscription as the app's record of it; null for a status the app does not know
 * (the company then keeps what it has).
 */
export function toProviderSubscription(
  sub: Stripe.Subscription,
  prices: Record<BillingPlan, string>,
): ProviderSubscription | null {
  const status = providerStatusOf({ status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end });
  if (!status) return null;
  const customer = typeof sub.customer === 'object' && !sub.customer.deleted ? sub.customer : null;
  return {
    companyId: companyIdOf(sub.metadata),
    customerId: idOf(sub.customer),
    customerEmail: customer?.email ?? null,
    subscriptionId: sub.id,
    status,
    plan: planOfPrice(prices, subscriptionPrice(sub)),
    trialEndsAt: seconds(sub.trial_end),
    currentPeriodEnd: seconds(sub.items.data[0]?.current_period_end) ?? seconds(sub.trial_end),
    promoCode: sub.metadata?.[PROMO_CODE] || null,
    hasPaymentMethod: Boolean(sub.default_payment_method),
  };
}

/**
 * A promotion code and its coupon as a promo the app can check: active while the code and the
 * coupon are and redemptions are left; expiring with the earlier of the two; applicable when the
 * coupon is not limited to other products or another currency than the app's US dollars.
 */
export function toPromoCode(
  promo: Stripe.PromotionCode,
  coupon: Stripe.Coupon,
  products: string[],
): PromoCode {
  const limitedTo = coupon.applies_to?.products ?? [];
  const expiries = [seconds(promo.expires_at), seconds(coupon.redeem_by)].filter(
    (d): d is Date => d !== null,
  );
  return {
    code: normalizePromoCode(promo.code),
    discountType: coupon.percent_off != null ? 'percent' : 'amount',
    discount: coupon.percent_off ?? (coupon.amount_off ?? 0) / 100,
    active:
      promo.active &&
      coupon.valid &&
      (promo.max_redemptions === null || promo.times_redeemed < promo.max_redemptions),
    expiresAt: expiries.length ? new Date(Math.min(...expiries.map((d) => d.getTime()))) : null,
    applicable:
      (coupon.percent_off != null || !coupon.currency || coupon.currency === 'usd') &&
      (limitedTo.length === 0 || limitedTo.some((product) => products.includes(product))),
    providerId: promo.id,
  };
}

/** A verified Stripe event reduced to what the app acts on. */
export function toBillingEvent(event: Stripe.Event): BillingEvent {
  const object = event.data.object as {
    customer?: string | { id: string } | null;
    metadata?: Stripe.Metadata | null;
    client_reference_id?: string | null;
    parent?: { subscription_details?: { metadata?: Stripe.Metadata | null } | null } | null;
  };
  const companyId =
    companyIdOf(object.metadata) ??
    companyIdOf(object.parent?.subscription_details?.metadata) ??
    companyIdOf({ [COMPANY_ID]: object.client_reference_id ?? '' });
  return {
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
    kind: SUBSCRIPTION_EVENTS.has(event.type)
      ? 'subscription'
      : event.type === 'customer.subscription.trial_will_end'
        ? 'trial_will_end'
        : 'other',
    customerId: idOf(object.customer),
    companyId,
    object: event.data.object,
  };
}
