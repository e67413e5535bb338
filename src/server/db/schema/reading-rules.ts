import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EstimateReadingRules } from '../../../contracts/reading-rules.js';
import { companies, users } from './accounts.js';

/**
 * A company's remembered ways of reading its estimates, one row per layout (the estimate review's
 * "read my estimates this way next time"). Owned by the ai module; row-level security keeps each
 * company to its own rows like every table of a company's rows.
 */
export const estimateReadingRules = pgTable(
  'estimate_reading_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The layout's key (`layoutSignature` of the estimate domain): header rows and sheet names, figures aside. */
    signature: text('signature').notNull(),
    /** The rules (`estimateReadingRules` of the contracts), checked when written and when read. */
    rules: jsonb('rules').$type<EstimateReadingRules>().notNull(),
    /** Who last told the app to read this layout this way. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per layout of a company; the company's lookups use its leading column.
  (t) => [uniqueIndex('estimate_reading_rules_company_signature_idx').on(t.companyId, t.signature)],
);
