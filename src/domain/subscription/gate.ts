/**
 * The subscription gate: who may use the product's tenant screens and APIs.
 * Pure: the caller passes the clock.
 */
export type Access = 'allowed' | 'no_company' | 'payment_required';

export interface GateCompany {
  subscriptionStatus: string;
  trialEndsAt: Date | null;
}

export function accessFor(company: GateCompany | null, now: Date): Access {
  if (!company) return 'no_company';
  if (company.subscriptionStatus === 'active') return 'allowed';
  if (company.subscriptionStatus === 'trial') {
    // A trial with no end date gives access; otherwise access lasts until the end instant.
    if (!company.trialEndsAt || now.getTime() < company.trialEndsAt.getTime()) return 'allowed';
    return 'payment_required';
  }
  return 'payment_required';
}

/** The instant a trial started at `now` ends. */
export function trialEnd(now: Date, trialDays: number): Date {
  return new Date(now.getTime() + trialDays * 86_400_000);
}

export interface TrialSetupCompany {
  /** `starter` until a plan is chosen at trial setup or checkout; then `monthly` or `yearly`. */
  subscriptionPlan: string;
  stripeCustomerId: string | null;
}

/**
 * Whether the company's trial has been set up: a plan was chosen on the trial page (which records it
 * as it opens) or at checkout, or the card provider already has the company as a customer. Until then
 * the owner is shown the trial page after signing in; afterwards, never again.
 */
export function trialSetUp(company: TrialSetupCompany): boolean {
  return (
    company.subscriptionPlan === 'monthly' ||
    company.subscriptionPlan === 'yearly' ||
    company.stripeCustomerId !== null
  );
}
