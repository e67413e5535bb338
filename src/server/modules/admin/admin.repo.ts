import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';

export const adminRepo = {
  /** The company's users with the company's subscription fields. */
  usersOfCompany(db: Db, companyId: number) {
    return db
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
        trialEndsAt: companies.trialEndsAt,
      })
      .from(users)
      .innerJoin(companies, eq(users.companyId, companies.id))
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.createdAt));
  },
};
