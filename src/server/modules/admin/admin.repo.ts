import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';
import type { AdminScope } from './operator-scope.js';

/** The users the scope covers with their company's subscription fields (none for users without one). */
export const adminRepo = {
  users(db: Db, scope: AdminScope) {
    const query = db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        stripeCustomerId: users.stripeCustomerId,
        companyName: companies.name,
        companyStripeCustomerId: companies.stripeCustomerId,
        companyStripeSubscriptionId: companies.stripeSubscriptionId,
        companyStripeCustomerEmail: companies.stripeCustomerEmail,
        subscriptionPeriodEndsAt: companies.subscriptionPeriodEndsAt,
        subscriptionStatus: companies.subscriptionStatus,
      })
      .from(users)
      .leftJoin(companies, eq(users.companyId, companies.id));
    const scoped = scope === 'all' ? query : query.where(eq(users.companyId, scope.companyId));
    return scoped.orderBy(asc(users.createdAt), asc(users.id));
  },
};
