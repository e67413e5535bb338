import { accessFor } from './gate.js';

/** The company's subscription status as the gate reads it. */
export type CompanyStatus = 'trial' | 'active' | 'cancelled' | 'past_due';
/** A subscription's status at the billing provider (Stripe's names, which the built-in provider mirrors). */
export type ProviderStatus = 'trialing' | 'active' | 'past_due' | 'cancelled';

export interface CompanySubscription {
  subscriptionStatus: CompanyStatus;
  trialEndsAt: Date | null;
}

export interface ProviderState {
  status: ProviderStatus;
  trialEndsAt: Date | null;
}

export interface Reconciled {
  subscriptionStatus: CompanyStatus;
  trialEndsAt: Date | null;
  /** Whether the company may use the product afterwards. */
  success: boolean;
  /** Whether the stored status or trial end changes. */
  changed: boolean;
  message: string;
  /** Why access is refused, when it is. */
  error?: 'no_subscription' | 'trial_ended' | 'cancelled' | 'past_due';
}

const DAY_MS = 86_400_000;

const statusFor: Record<ProviderStatus, CompanyStatus> = {
  trialing: 'trial',
  active: 'active',
  past_due: 'past_due',
  cancelled: 'cancelled',
};

/** Whole days left of a trial, rounded up; 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

export function trialActiveMessage(trialEndsAt: Date | null, now: Date): string {
  if (!trialEndsAt) return 'Trial active';
  const days = trialDaysLeft(trialEndsAt, now);
  return `Trial active: ${days} ${days === 1 ? 'day' : 'days'} left`;
}

/**
 * The company's status recomputed from the provider's record of its subscription ("Fix My
 * Subscription Status", and subscription webhooks). Without a provider record nothing is changed:
 * the stored status is never downgraded without the provider's word.
 */
export function reconcileSubscription(
  current: CompanySubscription,
  provider: ProviderState | null,
  now: Date,
): Reconciled {
  const subscriptionStatus = provider ? statusFor[provider.status] : current.subscriptionStatus;
  const trialEndsAt =
    provider?.status === 'trialing' && provider.trialEndsAt ? provider.trialEndsAt : current.trialEndsAt;
  const changed =
    subscriptionStatus !== current.subscriptionStatus ||
    (trialEndsAt?.getTime() ?? null) !== (current.trialEndsAt?.getTime() ?? null);
  const base = { subscriptionStatus, trialEndsAt, changed };
  const allowed = accessFor({ subscriptionStatus, trialEndsAt }, now) === 'allowed';

  if (allowed) {
    const message =
      subscriptionStatus === 'active'
        ? changed
          ? 'Subscription status fixed: your subscription is active'
          : 'Your subscription is active'
        : `${trialActiveMessage(trialEndsAt, now)} of your free trial`;
    return { ...base, success: true, message };
  }
  if (!provider) {
    return {
      ...base,
      success: false,
      error: 'no_subscription',
      message: 'No paid subscription was found for this company. Subscribe to continue.',
    };
  }
  switch (subscriptionStatus) {
    case 'cancelled':
      return {
        ...base,
        success: false,
        error: 'cancelled',
        message: 'Your subscription is cancelled. Subscribe to continue.',
      };
    case 'past_due':
      return {
        ...base,
        success: false,
        error: 'past_due',
        message: 'Your last payment did not go through. Subscribe again to continue.',
      };
    default:
      return {
        ...base,
        success: false,
        error: 'trial_ended',
        message: 'Your trial has ended. Subscribe to continue.',
      };
  }
}
