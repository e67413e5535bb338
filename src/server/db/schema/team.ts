import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { userRole } from './enums.js';

/**
 * Invitations to join a company. The link carries a random token; only its hash is stored. An
 * invite is used once (acceptedAt), ends at expiresAt, and can be withdrawn (revokedAt).
 */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The address invited, as typed (compared without regard to case). */
    email: text('email').notNull(),
    /** The role the invitee gets on joining. */
    role: userRole('role').notNull().default('member'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_invites_company_idx').on(t.companyId)],
);
