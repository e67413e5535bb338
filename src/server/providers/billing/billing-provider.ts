import type { BillingPlan, PromoDiscountType } from '../../../contracts/subscription.js';
import type { ProviderStatus } from '../../../domain/subscription/reconcile.js';

/**
 * The outside service that takes payments. Every subscription endpoint goes through it:
 * create-trial → `startTrial`, validate-promo → `findPromoCode`, create-checkout → `createCheckout`,
 * fix-subscription → `getSubscription`, cancel → `cancel`, account deletion → `deleteCustomer`,
 * and the provider's webhooks → `parseWebhook` then `settleEvent`.
 *
 * The provider only talks to its service; the subscription module stores what it answers on the
 * company (status, plan, customer and subscription ids) in its own transaction. Calls that change
 * something at the provider come first, so a failure leaves the company untouched, and a company
 * that fell out of step is put right by "Fix My Subscription Status" (`getSubscription`) or, with
 * Stripe, by its webhooks.
 *
 * Implementations: `builtin` (no card, records in our database, active when no Stripe key is
 * configured) and `stripe` (customers, trial subscriptions whose card is collected through a
 * SetupIntent, Checkout Sessions, promotion codes, signed webhooks).
 */
export interface BillingProvider {
  readonly name: 'builtin' | 'stripe';

  /** A promo code by its normalized (trimmed, upper-cased) code. Stripe: a promotion code and its coupon. */
  findPromoCode(code: string): Promise<PromoCode | null>;

  /**
   * Sets the trial up for the chosen plan and promo. Stripe: creates the customer when there is
   * none and, while the company may still have its trial (`eligible`), a trial subscription, or
   * changes the one waiting for its card; answers the SetupIntent's client secret for the embedded
   * card form. Built-in: records plan and promo, no card (`clientSecret: null`).
   */
  startTrial(
    customer: BillingCustomer,
    input: { plan: BillingPlan; promo: AppliedPromo | null; eligible: boolean },
  ): Promise<TrialSetup>;

  /**
   * Starts paying. Stripe: a Checkout Session whose URL the browser opens, with the return paths
   * made absolute with PUBLIC_URL; activation arrives later through a webhook (`subscription: null`).
   * Built-in: activates at once and sends the browser straight to the success path.
   */
  createCheckout(
    customer: BillingCustomer,
    input: { plan: BillingPlan; promo: AppliedPromo | null; successPath: string; cancelPath: string },
  ): Promise<CheckoutSession>;

  /** The provider's current record of the company's subscription; null when it has none. */
  getSubscription(customer: BillingCustomer): Promise<ProviderSubscription | null>;

  /**
   * Cancels the subscription or trial: a trial ends now; Stripe lets a paid subscription run to the
   * end of the period already paid (no refund, no renewal). Answers the record afterwards, null
   * when there was none.
   */
  cancel(customer: BillingCustomer): Promise<ProviderSubscription | null>;

  /** Account deletion: ends any subscription and forgets the customer. Idempotent. */
  deleteCustomer(customer: BillingCustomer): Promise<void>;

  /**
   * A webhook delivery, its signature verified against the raw body (throws `InvalidWebhook`
   * otherwise). Only providers that push changes have it.
   */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): BillingEvent;

  /**
   * What the provider itself does about an event before the company is re-read (Stripe: a card
   * saved to replace another becomes the subscription's card; a paid checkout ends the
   * subscription it replaces). Idempotent.
   */
  settleEvent?(event: BillingEvent): Promise<void>;
}

/** A webhook whose signature does not check out, or whose body is not an event. */
export class InvalidWebhook extends Error {}

/** An event pushed by the provider, reduced to what the app acts on. */
export interface BillingEvent {
  id: string;
  type: string;
  createdAt: Date;
  /**
   * What it means for the app: the subscription may have changed (re-read it), or the trial ends
   * soon (also remind the owner), or nothing the app acts on.
   */
  kind: 'subscription' | 'trial_will_end' | 'other';
  customerId: string | null;
  /** The company the object was made for, when the provider's record says (Stripe metadata). */
  companyId: number | null;
  /** The provider's object, for `settleEvent`. */
  object: unknown;
}

export interface PromoCode {
  code: string;
  discountType: PromoDiscountType;
  /** Percent (0–100] for `percent`; US dollars for `amount`. */
  discount: number;
  active: boolean;
  expiresAt: Date | null;
  /** Whether it may be used on this product's plans at all (absent: it may). */
  applicable?: boolean;
  /** The provider's own id of the code (Stripe: the promotion code id), when it has one. */
  providerId?: string;
}

export type AppliedPromo = Pick<PromoCode, 'code' | 'discountType' | 'discount' | 'providerId'>;

/** What the provider is told about the paying company. */
export interface BillingCustomer {
  companyId: number;
  companyName: string;
  /** The billing contact: the user acting. */
  email: string;
  /** The provider's customer id, once there is one (stored in `companies.stripe_customer_id`). */
  customerId: string | null;
  /** The provider's subscription id, once there is one (stored in `companies.stripe_subscription_id`). */
  subscriptionId: string | null;
  trialEndsAt: Date | null;
}

/** The provider's record of a subscription (Stripe: the Subscription object). */
export interface ProviderSubscription {
  companyId: number | null;
  customerId: string | null;
  /** The e-mail address the provider bills (Stripe: the customer's). */
  customerEmail: string | null;
  subscriptionId: string | null;
  status: ProviderStatus;
  plan: BillingPlan | null;
  trialEndsAt: Date | null;
  /** When the period already paid (or the trial) ends. */
  currentPeriodEnd: Date | null;
  /** The code of the promo applied to it, if any. */
  promoCode: string | null;
  /** Whether a card is saved to pay it when the trial or period ends. */
  hasPaymentMethod: boolean;
}

export interface TrialSetup {
  /** Client secret of a card set-up for the embedded card form; null when no card is needed. */
  clientSecret: string | null;
  /** The provider's customer id to keep; null when the provider has no customers. */
  customerId: string | null;
  /** Whether a card is already saved for the subscription (a new one then replaces it). */
  cardOnFile: boolean;
  /** The subscription after the call, when the provider keeps one. */
  subscription: ProviderSubscription | null;
}

export interface CheckoutSession {
  /** Where the browser goes next: the provider's checkout page, or straight back into the app. */
  url: string;
  /** The provider's customer id to keep; null when the provider has no customers. */
  customerId: string | null;
  /** The subscription after the call when it changed at once; null when a webhook will tell. */
  subscription: ProviderSubscription | null;
}
