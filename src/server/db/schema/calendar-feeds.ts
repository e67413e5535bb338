import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { projectOfSameCompany } from './projects.js';

/**
 * Private iCalendar feeds: a user's feed of the company's tasks (no project), or a project's feed
 * to share with a client or subcontractor. The address carries a random token; only its SHA-256
 * is stored, so the address cannot be read back from the database. Turning a feed off or issuing a
 * new address sets `revoked_at`; a revoked feed answers like an unknown one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who turned it on: a personal feed is theirs alone; a project feed is anyone's in the company. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a personal feed of every project. */
    projectId: integer('project_id'),
    /** SHA-256 (hex) of the token in the address. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash),
    index('calendar_feeds_company_user_idx').on(t.companyId, t.userId),
    index('calendar_feeds_project_idx').on(t.projectId),
    // One address in use at a time: a user's personal feed, and a project's shared feed.
    uniqueIndex('calendar_feeds_personal_active_idx')
      .on(t.userId)
      .where(sql`${t.projectId} is null and ${t.revokedAt} is null`),
    uniqueIndex('calendar_feeds_project_active_idx')
      .on(t.projectId)
      .where(sql`${t.projectId} is not null and ${t.revokedAt} is null`),
    projectOfSameCompany(t, 'calendar_feeds_company_project_fk'),
  ],
);
