import type { UserDto } from '../../../contracts/auth.js';
import { trialSetUp } from '../../../domain/subscription/gate.js';
import type { Config } from '../../config.js';
import { type CompanyRow, isAdmin, type UserRow } from '../../plugins/auth-context.js';

export function toUserDto(config: Config, user: UserRow, company: CompanyRow | null): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    companyId: user.companyId,
    isAdmin: isAdmin(config, user),
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    createdAt: user.createdAt.toISOString(),
    company: company
      ? {
          id: company.id,
          name: company.name,
          slug: company.slug,
          type: company.type,
          subscriptionStatus: company.subscriptionStatus,
          subscriptionPlan: company.subscriptionPlan,
          trialEndsAt: company.trialEndsAt?.toISOString() ?? null,
          stripeCustomerId: company.stripeCustomerId,
          trialSetUp: trialSetUp(company),
          country: company.country,
          state: company.state,
          twoFactorRequired: company.twoFactorRequired,
        }
      : null,
  };
}
