import type { AdminUsersDto } from '../../../contracts/admin.js';
import type { AppContext } from '../../context.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { adminRepo } from './admin.repo.js';

/**
 * The admin console's users. The billing columns come from what the company stores, kept up to date
 * by the billing provider's webhooks, so listing users never calls the provider once per user.
 */
export function adminService(ctx: AppContext) {
  return {
    async users(tenant: Tenant): Promise<AdminUsersDto> {
      const rows = await adminRepo.usersOfCompany(ctx.db, tenant.companyId);
      const users = rows.map((r) => {
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
          stripeSubscription: r.companyStripeSubscriptionId
            ? {
                status: r.subscriptionStatus,
                current_period_end: r.subscriptionPeriodEndsAt?.toISOString() ?? null,
              }
            : null,
          subscriptionStatus: r.subscriptionStatus,
        };
      });
      return {
        users: users.map(({ subscriptionStatus: _s, ...u }) => u),
        summary: {
          totalUsers: users.length,
          activeSubscriptions: users.filter((u) => u.subscriptionStatus === 'active').length,
          trialUsers: users.filter((u) => u.subscriptionStatus === 'trial').length,
          cancelledUsers: users.filter((u) => u.subscriptionStatus === 'cancelled').length,
          usersWithStripeCustomer: users.filter((u) => u.stripeCustomer).length,
        },
      };
    },
  };
}
