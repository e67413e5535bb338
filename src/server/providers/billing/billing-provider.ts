import type { BillingPlan, PromoDiscountType } from '../../../contracts/subscription.js';
import type { ProviderStatus } from '../../../domain/subscription/reconcile.js';

/**
 * The outside service that takes payments. Every subscription endpoint goes through it:
 * create-trial → `startTrial`, validate-promo → `findPromoCode`, create-checkout → `createCheckout`,
 * fix-subscription → `getSubscription`, cancel → `cancel`, account deletion → `deleteCustomer`.
 *
 * The provider only talks to its service; the subscription module stores what it answers on the
 * company (status, plan, customer and subscription ids) in its own transaction. Calls that change
 * something at the provider come first, so a failure leaves the company untouched, and a company
 * that fell out of step is put right by "Fix My Subscription Status" (`getSubscription`) or, with
 * Stripe, by the subscription webhooks (`parseWebhook`).
 *
 * Implementations: `builtin` (no card, records in our database, active when no Stripe key is
 * configured); `stripe` is planned behind this same interface (customer, SetupIntent client secret,
 * Checkout Session URL, `customer.subscription.*` webhooks).
 */
export interface BillingProvider {
  readonly name: 'builtin' | 'stripe';

  /** A promo code by its normalized (trimmed, upper-cased) code. Stripe: a promotion code and its coupon. */
  findPromoCode(code: string): Promise<PromoCode | null>;

  /**
   * Sets the trial up for the chosen plan and promo. Stripe: creates the customer when there is
   * none and a SetupIntent whose client secret feeds the embedded card form; built-in: records
   * plan and promo, no card (`clientSecret: null`).
   */
  startTrial(
    customer: BillingCustomer,
    input: { plan: BillingPlan; promo: AppliedPromo | null },
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

  /** Cancels the subscription (or trial) now; answers the record afterwards, null when there was none. */
  cancel(customer: BillingCustomer): Promise<ProviderSubscription | null>;

  /** Account deletion: ends any subscription and forgets the customer. Idempotent. */
  deleteCustomer(customer: BillingCustomer): Promise<void>;

  /**
   * Subscription status webhooks, for providers that push changes (Stripe: verifies the signature
   * with the signing secret and maps `customer.subscription.created|updated|deleted`). Answers the
   * subscription the event describes, or null for events that do not concern subscriptions.
   */
  parseWebhook?(rawBody: Buffer, signature: string): Promise<ProviderSubscription | null>;
}

export interface PromoCode {
  code: string;
  discountType: PromoDiscountType;
  /** Percent (0–100] for `percent`; US dollars for `amount`. */
  discount: number;
  active: boolean;
  expiresAt: Date | null;
}

export type AppliedPromo = Pick<PromoCode, 'code' | 'discountType' | 'discount'>;

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
  subscriptionId: string | null;
  status: ProviderStatus;
  plan: BillingPlan | null;
  trialEndsAt: Date | null;
  promo: AppliedPromo | null;
}

export interface TrialSetup {
  /** Client secret of a card set-up for the embedded card form; null when no card is needed. */
  clientSecret: string | null;
  /** The provider's customer id to keep; null when the provider has no customers. */
  customerId: string | null;
}

export interface CheckoutSession {
  /** Where the browser goes next: the provider's checkout page, or straight back into the app. */
  url: string;
  /** The subscription after the call when it changed at once; null when a webhook will tell. */
  subscription: ProviderSubscription | null;
}
