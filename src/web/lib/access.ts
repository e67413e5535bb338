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
 * Where a user goes right after signing up or in: trial setup while there is no company (it leads to
 * onboarding), and once for the company's owner, until the trial page has recorded a plan (or the card
 * provider has the company as a customer); otherwise the Portfolio. Members and admins who joined a
 * company never see the trial page: its trial and billing were set up by the owner.
 */
export function homeAfterSignIn(user: UserDto): '/projects' | '/subscription-setup' {
  const company = user.company;
  if (!company) return '/subscription-setup';
  return user.role === 'owner' && !company.trialSetUp ? '/subscription-setup' : '/projects';
}

/** Whether the user decides for their company (cancel, plan, payment, company settings): owner or admin. */
export function managesCompany(user: Pick<UserDto, 'role'>): boolean {
  return user.role === 'owner' || user.role === 'admin';
}

/** The line members see where the company's decisions would be: who may take them. */
export const MANAGERS_ONLY_LINE =
  "Only your company's owner or an admin can cancel the trial or subscription, change the plan or delete the company.";
