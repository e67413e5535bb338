import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { contactType } from './enums.js';

/**
 * The company's contact network. In a file of its own because tasks refer to it (a task may be
 * assigned to a subcontractor) while the other network tables refer to projects.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    email: text('email').notNull(),
    phone: text('phone'),
    type: contactType('type').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1 }),
    licensed: boolean('licensed').notNull().default(false),
    specialty: text('specialty'),
    specialties: jsonb('specialties').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_company_idx').on(t.companyId),
    // What a task's `(company_id, assigned_contact_id)` points at: a contact of its own company.
    unique('contacts_company_id_id_key').on(t.companyId, t.id),
  ],
);
