import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { BILLING_PLANS, PROMO_DISCOUNT_TYPES } from '../../../contracts/subscription.js';
import { companies } from './accounts.js';

export const promoDiscountType = pgEnum('promo_discount_type', PROMO_DISCOUNT_TYPES);
export const billingPlan = pgEnum('billing_plan', BILLING_PLANS);
/** Stripe's subscription statuses that matter here; the built-in provider uses the same words. */
export const builtinSubscriptionStatus = pgEnum('builtin_subscription_status', [
  'trialing',
  'active',
  'past_due',
  'cancelled',
]);

/** Promo codes of the built-in billing provider (with Stripe, its promotion codes take their place). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored trimmed and upper-cased; looked up the same way. */
    code: text('code').notNull().unique(),
    discountType: promoDiscountType('discount_type').notNull(),
    /** Percent (0–100] for `percent`; US dollars for `amount`. */
    discount: numeric('discount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_code_normalized', sql`${t.code} <> '' and ${t.code} = upper(btrim(${t.code}))`),
    check(
      'promo_codes_discount_range',
      sql`${t.discount} > 0 and (${t.discountType} <> 'percent' or ${t.discount} <= 100)`,
    ),
  ],
);

/**
 * The built-in billing provider's own record of each company's subscription: what Stripe would
 * hold on its side (plan, status, applied promo). `companies.subscription_status` is the app's
 * copy that the gate reads; "Fix My Subscription Status" recomputes it from this record.
 */
export const builtinSubscriptions = pgTable('builtin_subscriptions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  plan: billingPlan('plan').notNull(),
  status: builtinSubscriptionStatus('status').notNull().default('trialing'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** The promo applied at trial setup, copied so later edits of the code do not change the deal. */
  promoCode: text('promo_code'),
  promoDiscountType: promoDiscountType('promo_discount_type'),
  promoDiscount: numeric('promo_discount', { precision: 10, scale: 2, mode: 'number' }),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe webhook events already handled, by Stripe's event id. An event is recorded in the same
 * transaction as the change it makes, so a replayed or duplicated delivery finds it and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
  /** When Stripe created the event. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
