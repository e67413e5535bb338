import Stripe from 'stripe';
import { BILLING_PLANS, type BillingPlan } from '../../../contracts/subscription.js';
import { formatUsd, PLAN_PRICES } from '../../../domain/subscription/pricing.js';
import { currentSubscription, providerStatusOf } from '../../../domain/subscription/provider-status.js';
import type { BillingConfig } from '../../config.js';
import { AppError, conflict } from '../../errors.js';
import {
  type AppliedPromo,
  type BillingCustomer,
  type BillingProvider,
  InvalidWebhook,
  type TrialSetup,
} from './billing-provider.js';
import {
  COMPANY_ID,
  FOR_SUBSCRIPTION,
  idempotencyKey,
  PROMO_CODE,
  subscriptionPrice,
  toBillingEvent,
  toPromoCode,
  toProviderSubscription,
} from './stripe-objects.js';

type StripeConfig = Extract<BillingConfig, { kind: 'stripe' }>;

/** A SetupIntent still waiting for the card. */
const AWAITING_CARD = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * Billing through Stripe. One customer per company (its id kept on the company), one subscription
 * on the price of the chosen plan with the company's trial; the card is collected in the browser
 * through the subscription's SetupIntent and Stripe charges it when the trial ends (a trial left
 * without a card is cancelled by Stripe). Every write carries an idempotency key. What Stripe
 * reports is read back into the provider interface by `stripe-objects.ts`.
 */
export function stripeBillingProvider(deps: { config: StripeConfig; publicUrl: string }): BillingProvider {
  const { config, publicUrl } = deps;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'babe-construction-manager' },
    ...(config.api ?? {}),
  });
  const metadataOf = (customer: BillingCustomer) => ({ [COMPANY_ID]: String(customer.companyId) });
  const toRecord = (sub: Stripe.Subscription) => toProviderSubscription(sub, config.prices);

  let pricesChecked: Promise<string[]> | null = null;
  /**
   * The configured prices, checked once against what the app shows ($100 a month, $1,000 a year):
   * a price that charges anything else would bill customers other than they were told, so the
   * request is refused with the reason. Answers the products the prices belong to.
   */
  function checkedPrices(): Promise<string[]> {
    pricesChecked ??= Promise.all(BILLING_PLANS.map((plan) => checkPrice(plan))).catch((error: unknown) => {
      pricesChecked = null;
      throw error;
    });
    return pricesChecked;
  }
  async function checkPrice(plan: BillingPlan): Promise<string> {
    const price = await call(() => stripe.prices.retrieve(config.prices[plan]));
    const expected = PLAN_PRICES[plan];
    const interval = price.recurring?.interval;
    if (
      price.unit_amount !== expected.amountCents ||
      price.currency !== 'usd' ||
      interval !== expected.interval ||
      price.recurring?.interval_count !== 1
    ) {
      throw new AppError(
        500,
        'billing_misconfigured',
        `Stripe price ${price.id} (STRIPE_PRICE_${plan.toUpperCase()}) charges ${formatUsd(price.unit_amount ?? 0)} ${price.currency} per ${interval ?? 'purchase'}, but the app shows ${formatUsd(expected.amountCents)} per ${expected.interval}`,
      );
    }
    return typeof price.product === 'string' ? price.product : price.product.id;
  }

  async function ensureCustomer(customer: BillingCustomer): Promise<string> {
    if (customer.customerId) return customer.customerId;
    const params = { email: customer.email, name: customer.companyName, metadata: metadataOf(customer) };
    const created = await call(() =>
      stripe.customers.create(params, {
        idempotencyKey: idempotencyKey(customer.companyId, 'customer', params),
      }),
    );
    return created.id;
  }

  /** The customer's subscriptions, with the customer and any SetupIntent waiting for a card. */
  async function subscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
    const page = await call(() =>
      stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
        expand: ['data.customer', 'data.pending_setup_intent'],
      }),
    );
    return page.data;
  }

  async function current(customerId: string | null): Promise<Stripe.Subscription | null> {
    if (!customerId) return null;
    const subs = await subscriptionsOf(customerId);
    return (
      currentSubscription(
        subs.map((sub) => ({
          sub,
          status: sub.status,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          createdAt: new Date(sub.created * 1000),
        })),
      )?.sub ?? null
    );
  }

  const discountsFor = (promo: AppliedPromo | null) =>
    promo?.providerId ? [{ promotion_code: promo.providerId }] : undefined;

  async function createTrialSubscription(
    customer: BillingCustomer,
    customerId: string,
    plan: BillingPlan,
    promo: AppliedPromo | null,
  ) {
    if (!customer.trialEndsAt) throw new Error('a trial subscription needs the trial’s end');
    const discounts = discountsFor(promo);
    const params: Stripe.SubscriptionCreateParams = {
      customer: customerId,
      items: [{ price: config.prices[plan] }],
      // The trial the company was given when it was created; Stripe charges the card at its end.
      trial_end: Math.floor(customer.trialEndsAt.getTime() / 1000),
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      ...(discounts ? { discounts } : {}),
      metadata: { ...metadataOf(customer), [PROMO_CODE]: promo?.code ?? '' },
      expand: ['customer', 'pending_setup_intent'],
    };
    return call(() =>
      stripe.subscriptions.create(params, {
        idempotencyKey: idempotencyKey(customer.companyId, 'subscription', params),
      }),
    );
  }

  /** Moves a trial that has not been charged yet to another plan or promo (no proration in a trial). */
  async function changeTrial(
    customer: BillingCustomer,
    sub: Stripe.Subscription,
    plan: BillingPlan,
    promo: AppliedPromo | null,
  ) {
    const price = config.prices[plan];
    const samePlan = subscriptionPrice(sub) === price;
    const samePromo = (sub.metadata?.[PROMO_CODE] ?? '') === (promo?.code ?? '');
    if (samePlan && samePromo) return sub;
    const item = sub.items.data[0];
    const params: Stripe.SubscriptionUpdateParams = {
      ...(samePlan || !item ? {} : { items: [{ id: item.id, price }], proration_behavior: 'none' }),
      ...(samePromo ? {} : { discounts: discountsFor(promo) ?? '' }),
      metadata: { [PROMO_CODE]: promo?.code ?? '' },
      expand: ['customer', 'pending_setup_intent'],
    };
    // An update is not repeated on purpose later with the same parameters only by a retry of this
    // very call, so its key is this attempt's own.
    return call(() =>
      stripe.subscriptions.update(sub.id, params, {
        idempotencyKey: idempotencyKey(customer.companyId, `update-${sub.id}`, {
          params,
          attempt: crypto.randomUUID(),
        }),
      }),
    );
  }

  /**
   * The client secret the card form confirms: the subscription's own SetupIntent while it waits for
   * the first card; otherwise a new SetupIntent whose card then replaces the subscription's.
   */
  async function cardSetup(customer: BillingCustomer, customerId: string, sub: Stripe.Subscription) {
    const pending = sub.pending_setup_intent;
    if (
      pending &&
      typeof pending === 'object' &&
      AWAITING_CARD.has(pending.status) &&
      pending.client_secret
    ) {
      return { clientSecret: pending.client_secret, cardOnFile: Boolean(sub.default_payment_method) };
    }
    const replaces = typeof sub.default_payment_method === 'string' ? sub.default_payment_method : '';
    const params: Stripe.SetupIntentCreateParams = {
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { ...metadataOf(customer), [FOR_SUBSCRIPTION]: sub.id, replaces },
    };
    const intent = await call(() =>
      stripe.setupIntents.create(params, {
        idempotencyKey: idempotencyKey(customer.companyId, 'setup-intent', params),
      }),
    );
    return { clientSecret: intent.client_secret, cardOnFile: Boolean(sub.default_payment_method) };
  }

  return {
    name: 'stripe',

    async findPromoCode(code) {
      const products = await checkedPrices();
      const { data } = await call(() =>
        stripe.promotionCodes.list({ code, limit: 10, expand: ['data.promotion.coupon'] }),
      );
      const promo = data.find((p) => p.active) ?? data[0];
      const coupon = promo?.promotion.coupon;
      if (!promo || !coupon) return null;
      const full = typeof coupon === 'string' ? await call(() => stripe.coupons.retrieve(coupon)) : coupon;
      return toPromoCode(promo, full, products);
    },

    async startTrial(customer, { plan, promo, eligible }): Promise<TrialSetup> {
      await checkedPrices();
      const customerId = await ensureCustomer(customer);
      let sub = await current(customerId);
      const status =
        sub && providerStatusOf({ status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end });
      const none = { clientSecret: null, customerId, cardOnFile: false };
      if (sub && status === 'trialing') {
        sub = await changeTrial(customer, sub, plan, promo);
      } else if (eligible && (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired')) {
        sub = await createTrialSubscription(customer, customerId, plan, promo);
      } else {
        // Paying, waiting for a payment, or no trial left: nothing to set up here.
        return { ...none, subscription: sub && toRecord(sub) };
      }
      return { customerId, ...(await cardSetup(customer, customerId, sub)), subscription: toRecord(sub) };
    },

    async createCheckout(customer, { plan, promo, successPath, cancelPath }) {
      await checkedPrices();
      const customerId = await ensureCustomer(customer);
      const sub = await current(customerId);
      if (sub?.status === 'active' && sub.cancel_at_period_end) {
        // Cancelled but still paid for: taking the cancellation back costs nothing and keeps the card.
        const resumed = await call(() =>
          stripe.subscriptions.update(
            sub.id,
            { cancel_at_period_end: false, expand: ['customer'] },
            { idempotencyKey: idempotencyKey(customer.companyId, `resume-${sub.id}`, crypto.randomUUID()) },
          ),
        );
        return { url: successPath, customerId, subscription: toRecord(resumed) };
      }
      if (sub?.status === 'active')
        throw conflict('subscription_active', 'Your subscription is already active');
      const discounts = discountsFor(promo);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: String(customer.companyId),
        line_items: [{ price: config.prices[plan], quantity: 1 }],
        success_url: `${publicUrl}${successPath}`,
        cancel_url: `${publicUrl}${cancelPath}`,
        metadata: metadataOf(customer),
        subscription_data: { metadata: { ...metadataOf(customer), [PROMO_CODE]: promo?.code ?? '' } },
        ...(discounts ? { discounts } : { allow_promotion_codes: true }),
      };
      const session = await call(() =>
        stripe.checkout.sessions.create(params, {
          idempotencyKey: idempotencyKey(customer.companyId, 'checkout', params),
        }),
      );
      if (!session.url) throw new AppError(502, 'billing_unavailable', 'Stripe gave no checkout address');
      return { url: session.url, customerId, subscription: null };
    },

    async getSubscription(customer) {
      const sub = await current(customer.customerId);
      return sub && toRecord(sub);
    },

    async cancel(customer) {
      const sub = await current(customer.customerId);
      if (!sub) return null;
      const key = idempotencyKey(customer.companyId, `cancel-${sub.id}`, sub.status);
      if (sub.status === 'active') {
        // Paid: it runs to the end of the period already paid for and is not renewed.
        const ending = await call(() =>
          stripe.subscriptions.update(
            sub.id,
            { cancel_at_period_end: true, expand: ['customer'] },
            { idempotencyKey: key },
          ),
        );
        return toRecord(ending);
      }
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return toRecord(sub);
      // A trial (or a subscription never paid) ends now.
      const ended = await call(() =>
        stripe.subscriptions.cancel(sub.id, { expand: ['customer'] }, { idempotencyKey: key }),
      );
      return toRecord(ended);
    },

    async deleteCustomer(customer) {
      const customerId = customer.customerId;
      if (!customerId) return;
      try {
        // Deleting the customer also ends its subscriptions at once.
        await stripe.customers.del(customerId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return;
        throw asAppError(error);
      }
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new InvalidWebhook('Missing Stripe-Signature header');
      try {
        return toBillingEvent(stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret));
      } catch (error) {
        throw new InvalidWebhook(error instanceof Error ? error.message : 'Invalid webhook');
      }
    },

    async settleEvent(event) {
      if (event.type === 'setup_intent.succeeded') {
        const intent = event.object as Stripe.SetupIntent;
        const subscriptionId = intent.metadata?.[FOR_SUBSCRIPTION];
        const card =
          typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (!subscriptionId || !card || !event.companyId) return;
        // A card saved to replace the subscription's own: it now pays the subscription.
        await call(() =>
          stripe.subscriptions.update(
            subscriptionId,
            { default_payment_method: card },
            { idempotencyKey: idempotencyKey(event.companyId ?? 0, `card-${subscriptionId}`, card) },
          ),
        );
      }
      if (event.type === 'checkout.session.completed' && event.customerId) {
        const session = event.object as Stripe.Checkout.Session;
        const paid =
          typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
        if (!paid) return;
        // The paid subscription replaces any other still open (a trial, an unpaid one): end those,
        // so the company is never billed twice.
        for (const other of await subscriptionsOf(event.customerId)) {
          if (other.id === paid || ['canceled', 'incomplete_expired', 'active'].includes(other.status))
            continue;
          await call(() =>
            stripe.subscriptions.cancel(
              other.id,
              {},
              { idempotencyKey: idempotencyKey(event.companyId ?? 0, `replace-${other.id}`, paid) },
            ),
          );
        }
      }
    },
  };
}

/** Stripe's errors become a 502 naming what Stripe said: the fault is not the caller's. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw asAppError(error);
  }
}

function asAppError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  return new AppError(
    502,
    'billing_unavailable',
    `The payment provider could not complete the request: ${error.message}`,
  );
}
