import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A user's TOTP authenticator. The row exists from the start of setup; the user signs in with it only
 * once `users.two_factor_enabled_at` is set (the first code confirmed). Not a company's rows (read at
 * sign-in, before any company is known), so no row-level security, like `sessions`.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret, encrypted with a key derived from the server secret (two-factor.crypto.ts). */
  secretEncrypted: text('secret_encrypted').notNull(),
  /** The last time step a code was accepted for: a code of that step or an earlier one is refused. */
  lastUsedStep: integer('last_used_step'),
  /** Wrong codes in the current window, counted before each check (two-factor-policy.ts). */
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes; only a hash of each code is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);
