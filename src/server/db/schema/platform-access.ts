import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every time the platform's operators read across companies (the admin console's every-company
 * views), who did it and why. The app may add rows, never change or remove them (see the roles'
 * grants in db/roles.ts).
 */
export const platformAccessLog = pgTable(
  'platform_access_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who asked: a user id, or the name of the background work. */
    actor: text('actor').notNull(),
    /** What for, in a few words (the route or the job). */
    reason: text('reason').notNull(),
  },
  (t) => [index('platform_access_log_at_idx').on(t.at)],
);
