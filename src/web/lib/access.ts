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

/** Where a user goes right after signing in or up (with our built-in billing). */
export function homeAfterSignIn(user: UserDto): '/projects' | '/onboarding' {
  return user.company ? '/projects' : '/onboarding';
}
