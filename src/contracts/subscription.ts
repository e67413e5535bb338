import { z } from 'zod';
import { emptyBody } from './common.js';
import { SUBSCRIPTION_STATUSES } from './enums.js';

export const BILLING_PLANS = ['monthly', 'yearly'] as const;
export type BillingPlan = (typeof BILLING_PLANS)[number];

export const PROMO_DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

/**
 * `create-trial` answers a message starting with this when the company's subscription is already
 * active (with `subscriptionActive: true`); trial setup then moves on to /projects.
 */
export const TRIAL_ALREADY_ACTIVE = 'Trial already active';

export const subscriptionPaths = {
  createTrial: '/api/subscription/create-trial',
  validatePromo: '/api/subscription/validate-promo',
  createCheckout: '/api/subscription/create-checkout',
  fixSubscription: '/api/emergency/fix-subscription',
  cancel: '/api/subscription/cancel',
  config: '/api/subscription/config',
  stripeWebhook: '/api/stripe/webhook',
} as const;

export const BILLING_PROVIDERS = ['builtin', 'stripe'] as const;

/** Which provider takes payments, and the publishable key the card form is mounted with (Stripe only). */
export const billingConfigDto = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type BillingConfigDto = z.infer<typeof billingConfigDto>;

/**
 * A Stripe event as delivered to the webhook: only what the route checks before the signature
 * (the signature, over the raw bytes, decides whether anything in it is believed).
 */
export const stripeWebhookBody = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  object: z.literal('event'),
});

export const stripeWebhookDto = z.object({
  received: z.literal(true),
  /** The event had been handled already: nothing changed. */
  duplicate: z.boolean(),
});
export type StripeWebhookDto = z.infer<typeof stripeWebhookDto>;

/** Where the browser returns after checkout; the page then polls until the subscription is active. */
export const CHECKOUT_RETURN_PATH = '/payment-required?payment=success';

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Trimmed and upper-cased. */
export const promoCodeInput = z
  .string({ message: 'Please enter a promo code' })
  .trim()
  .min(1, { message: 'Please enter a promo code' })
  .max(40, { message: 'Promo code must be at most 40 characters' })
  .toUpperCase();

const plan = z.enum(BILLING_PLANS, { message: 'Please choose the monthly or yearly plan' });

export const createTrialBody = z.object({
  plan,
  /** Sent only when a code was applied; blank counts as none. */
  promoCode: z.preprocess(blankAsUndefined, promoCodeInput.optional()),
});
export type CreateTrialBody = z.infer<typeof createTrialBody>;

export const createTrialDto = z.object({
  /** Client secret of the provider's card set-up; null when no card is needed to start the trial. */
  clientSecret: z.string().nullable(),
  /** A card is already saved for the subscription: the card form then replaces it. */
  cardOnFile: z.boolean(),
  subscriptionActive: z.boolean(),
  message: z.string(),
});
export type CreateTrialDto = z.infer<typeof createTrialDto>;

export const validatePromoBody = z.object({ promoCode: promoCodeInput });
export type ValidatePromoBody = z.infer<typeof validatePromoBody>;

export const validatePromoDto = z.object({
  valid: z.boolean(),
  /** Percent for `percent`, US dollars for `amount`; null when the code is not valid. */
  discount: z.number().nullable(),
  discountType: z.enum(PROMO_DISCOUNT_TYPES).nullable(),
  message: z.string(),
});
export type ValidatePromoDto = z.infer<typeof validatePromoDto>;

/** No payload is needed (Fastify passes a missing body as null); a plan may be given to change the one chosen in trial setup. */
export const createCheckoutBody = z.object({ plan: plan.optional() }).nullish();
export type CreateCheckoutBody = z.infer<typeof createCheckoutBody>;

export const createCheckoutDto = z.object({ checkoutUrl: z.string() });
export type CreateCheckoutDto = z.infer<typeof createCheckoutDto>;

export const fixSubscriptionBody = emptyBody;

export const fixSubscriptionDto = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Why access is still refused: no_subscription, trial_ended, cancelled or past_due. */
  error: z.string().optional(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
});
export type FixSubscriptionDto = z.infer<typeof fixSubscriptionDto>;

/** Account settings send `deleteDataOnCancel`; the profile sends no payload. */
export const cancelSubscriptionBody = z
  .object({
    deleteDataOnCancel: z.boolean({ message: 'deleteDataOnCancel must be true or false' }).optional(),
  })
  .nullish();
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBody>;

export const cancelSubscriptionDto = z.object({
  success: z.literal(true),
  message: z.string(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  dataDeleted: z.boolean(),
});
export type CancelSubscriptionDto = z.infer<typeof cancelSubscriptionDto>;
