import type { AdminUserDto, AdminUsersDto } from '../../../contracts/admin.js';
import type { AppContext } from '../../context.js';
import { withPlatformAccess } from '../../db/platform-access.js';
import type { Tenant, UserRow } from '../../plugins/auth-context.js';
import { adminRepo } from './admin.repo.js';
import { adminScopeFor } from './operator-scope.js';

type AdminUserRow = Awaited<ReturnType<typeof adminRepo.users>>[number];

function toAdminUserDto(r: AdminUserRow): AdminUserDto {
  const customerId = r.stripeCustomerId ?? r.companyStripeCustomerId;
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    role: r.role,
    company: r.companyName,
    createdAt: r.createdAt.toISOString(),
    stripeCustomer: customerId
      ? { email: (r.companyStripeCustomerId && r.companyStripeCustomerEmail) || r.email }
      : null,
    stripeSubscription:
      r.companyStripeSubscriptionId && r.subscriptionStatus
        ? {
            status: r.subscriptionStatus,
            current_period_end: r.subscriptionPeriodEndsAt?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * The admin console's users. The billing columns come from what the company stores, kept up to date
 * by the billing provider's webhooks, so listing users never calls the provider once per user.
 * A user counts under their company's subscription status; a user without a company counts only in
 * the total.
 */
export function adminService(ctx: AppContext) {
  return {
    async users(user: UserRow, tenant: Tenant): Promise<AdminUsersDto> {
      const scope = adminScopeFor(ctx.config, user, tenant);
      // Every company's users is the platform's view: audited, and read as the platform role.
      const rows =
        scope === 'all'
          ? await withPlatformAccess(
              ctx.db,
              { actor: user.id, reason: 'admin console: every company’s users' },
              () => adminRepo.users(ctx.db, scope),
            )
          : await adminRepo.users(ctx.db, scope);
      const withStatus = (status: string) => rows.filter((r) => r.subscriptionStatus === status).length;
      const users = rows.map(toAdminUserDto);
      return {
        users,
        summary: {
          totalUsers: users.length,
          activeSubscriptions: withStatus('active'),
          trialUsers: withStatus('trial'),
          cancelledUsers: withStatus('cancelled'),
          usersWithStripeCustomer: users.filter((u) => u.stripeCustomer).length,
        },
      };
    },
  };
}
