import type { UserDto } from '@/contracts/auth';
import { type Access, accessFor } from '@/domain/subscription/gate';

/**
 * What the signed-in user may reach, by the same rule the server applies (domain/subscription/gate):
 * no company → set up a company; trial ended or subscription not active → payment required.
 */
export function accessOf(user: UserDto, now: Date = new Date()): Access {
  const company = user.company;
  return accessFor(
    company
      ? {
          subscriptionStatus: company.subscriptionStatus,
          trialEndsAt: company.trialEndsAt ? new Date(company.trialEndsAt) : null,
        }
      : null,
    now,
  );
}

/**
 * Where a user goes right after signing up or in: trial setup until their company has a payment
 * customer (with the built-in provider, which has none, that is every time: its trial setup says no
 * card is needed and moves on), and first of all while there is no company (trial setup then leads
 * to onboarding); otherwise the Portfolio.
 */
export function homeAfterSignIn(user: UserDto): '/projects' | '/subscription-setup' {
  return user.company?.stripeCustomerId ? '/projects' : '/subscription-setup';
}
