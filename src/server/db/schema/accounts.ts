import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyType, subscriptionStatus, userRole } from './enums.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    type: companyType('type').notNull().default('general'),
    industry: text('industry').notNull().default('construction'),
    size: text('size'),
    website: text('website'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    timezone: text('timezone').notNull().default('America/New_York'),
    logo: text('logo'),
    /** The billing provider's customer (one per company); webhooks find the company by it. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The address the provider bills, as it last reported it (shown to administrators). */
    stripeCustomerEmail: text('stripe_customer_email'),
    subscriptionStatus: subscriptionStatus('subscription_status').notNull().default('trial'),
    subscriptionPlan: text('subscription_plan').notNull().default('starter'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the subscription's current period (paid, or the trial) ends, as the provider last reported it. */
    subscriptionPeriodEndsAt: timestamp('subscription_period_ends_at', { withTimezone: true }),
    /** Every user of the company must sign in with a second factor (set by its owner or an admin). */
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_stripe_customer_idx').on(t.stripeCustomerId)],
);

export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    role: userRole('role').notNull().default('member'),
    stripeCustomerId: text('stripe_customer_id'),
    /** Subject of the user's Google (OpenID Connect) identity, when linked. */
    googleSubject: text('google_subject').unique(),
    /** When the user turned on sign-in with an authenticator code (user_two_factor holds its secret). */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

/**
 * Server-side sessions: the cookie holds only the signed session id. A session ends at `expire`: the
 * earlier of its last use plus the idle timeout and its start plus the whole lifetime.
 */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** When the session began (sign-in); the absolute lifetime counts from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last request that used it, to within a few minutes (the idle timeout counts from here). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser that began it, as it named itself (shown in the user's list of sessions). */
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_expire_idx').on(t.expire),
    index('sessions_user_idx').on(sql`(${t.sess}->>'userId')`),
  ],
);

/** Single-use password reset links; only a hash of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Sign-in throttling, shared by every server. A row counts the sign-in attempts for one email (as typed,
 * lower-cased, whether or not the account exists) from one client, or from every client at once when
 * `client` is `*`. An attempt counts as a failure from the moment it starts until its password proves
 * right, so parallel guesses cannot slip past the count.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    email: text('email').notNull(),
    /** The client's network address (an IPv6 client by its /64), or `*` for all clients together. */
    client: text('client').notNull(),
    failures: integer('failures').notNull(),
    /** When the current count started: a client's streak, or the account's counting window. */
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** The client may not try again for this email before then. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** The last time this email signed in from this client: the client is then a known one. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.client] }),
    index('sign_in_attempts_last_failure_idx').on(t.lastFailureAt),
  ],
);

/**
 * Upkeep that must run once per period across every server sharing the database (the purge of
 * expired sessions): the server whose update moves `last_run_at` on does the work, the others skip.
 */
export const periodicRuns = pgTable('periodic_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
