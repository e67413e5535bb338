import { type Reconciled, reconcileSubscription } from '../../../domain/subscription/reconcile.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { ProviderSubscription } from '../../providers/billing/billing-provider.js';
import { type CompanyUpdate, subscriptionRepo } from './subscription.repo.js';

/** The ids and details the provider gave, when it gave any (the built-in provider has none). */
export function providerDetails(subscription: ProviderSubscription | null): CompanyUpdate {
  if (!subscription) return {};
  return {
    ...(subscription.customerId ? { stripeCustomerId: subscription.customerId } : {}),
    ...(subscription.subscriptionId ? { stripeSubscriptionId: subscription.subscriptionId } : {}),
    ...(subscription.customerEmail ? { stripeCustomerEmail: subscription.customerEmail } : {}),
    ...(subscription.currentPeriodEnd ? { subscriptionPeriodEndsAt: subscription.currentPeriodEnd } : {}),
  };
}

/**
 * Stores the provider's record on the company, under a lock on its row, inside the caller's
 * transaction `tx`: the status and trial end recomputed from the record (never downgraded without
 * one), the plan the record is on, and the provider's ids and details.
 */
export async function storeProviderRecord(
  tx: Db,
  companyId: number,
  subscription: ProviderSubscription | null,
  now: Date,
): Promise<Reconciled> {
  const company = await subscriptionRepo.lockCompany(tx, companyId);
  if (!company) throw new AppError(403, 'no_company', 'Create or join a company first');
  const result = reconcileSubscription(company, subscription, now);
  const update: CompanyUpdate = {
    ...providerDetails(subscription),
    ...(subscription?.plan && subscription.plan !== company.subscriptionPlan
      ? { subscriptionPlan: subscription.plan }
      : {}),
    ...(result.changed
      ? { subscriptionStatus: result.subscriptionStatus, trialEndsAt: result.trialEndsAt }
      : {}),
  };
  if (Object.keys(update).length > 0) await subscriptionRepo.updateCompany(tx, companyId, update);
  return result;
}
