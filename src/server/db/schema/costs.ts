import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
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
import { documents, projectOfSameCompany } from './projects.js';

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const createdBy = () => text('created_by').references(() => users.id, { onDelete: 'set null' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A project's commitments: purchase orders and subcontracts to a vendor (a contact of the company),
 * numbered PO-001 / SC-001 per project. Owned by the costs module.
 *
 * The keys to the company's contact (`(company_id, vendor_contact_id)`) clear only that column when
 * the contact goes, which the schema builder cannot say: the migration declares it by hand.
 */
export const commitments = pgTable(
  'commitments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id').notNull(),
    /** purchase_order | subcontract */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    /** Required when written; cleared only if the contact is deleted later. */
    vendorContactId: integer('vendor_contact_id'),
    title: text('title').notNull(),
    /** draft | issued | closed */
    status: text('status').notNull().default('draft'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('commitments_company_project_idx').on(t.companyId, t.projectId),
    unique('commitments_company_id_id_key').on(t.companyId, t.id),
    unique('commitments_project_number_key').on(t.companyId, t.projectId, t.number),
    projectOfSameCompany(t, 'commitments_company_project_fk'),
    check('commitments_kind', sql`${t.kind} in ('purchase_order', 'subcontract')`),
    check('commitments_status', sql`${t.status} in ('draft', 'issued', 'closed')`),
  ],
);

/**
 * A commitment's lines, each on a cost code (and a task of the project, or none). The cost code and
 * task keys clear only their column (hand-written in the migration).
 */
export const commitmentLines = pgTable(
  'commitment_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    commitmentId: integer('commitment_id').notNull(),
    costCodeId: integer('cost_code_id'),
    taskId: integer('task_id'),
    description: text('description').notNull(),
    /** Whole cents of the project's currency. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('commitment_lines_commitment_idx').on(t.companyId, t.commitmentId),
    index('commitment_lines_cost_code_idx').on(t.costCodeId),
    index('commitment_lines_task_idx').on(t.taskId),
    foreignKey({
      columns: [t.companyId, t.commitmentId],
      foreignColumns: [commitments.companyId, commitments.id],
      name: 'commitment_lines_company_commitment_fk',
    }).onDelete('cascade'),
    check('commitment_lines_amount', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * What a project has cost: bills (a vendor's invoice, maybe against a commitment), expenses and
 * labour. Owned by the costs module. `acknowledged_flags` keeps the flags (over commitment,
 * duplicate) the user saw and saved anyway.
 */
export const costEntries = pgTable(
  'cost_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id').notNull(),
    /** bill | expense | labor */
    kind: text('kind').notNull(),
    vendorContactId: integer('vendor_contact_id'),
    /** The vendor's bill number. */
    number: text('number'),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    commitmentId: integer('commitment_id'),
    /** The bill's photo or PDF, kept in Documents; cleared if that document is deleted. */
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    memo: text('memo').notNull().default(''),
    acknowledgedFlags: jsonb('acknowledged_flags').$type<string[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cost_entries_company_project_idx').on(t.companyId, t.projectId),
    index('cost_entries_commitment_idx').on(t.commitmentId),
    index('cost_entries_vendor_idx').on(t.companyId, t.vendorContactId),
    index('cost_entries_document_idx').on(t.documentId),
    unique('cost_entries_company_id_id_key').on(t.companyId, t.id),
    projectOfSameCompany(t, 'cost_entries_company_project_fk'),
    check('cost_entries_kind', sql`${t.kind} in ('bill', 'expense', 'labor')`),
  ],
);

/** A cost entry's lines; for labour `amount_cents = round(hours × rate_cents)`. */
export const costEntryLines = pgTable(
  'cost_entry_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    entryId: integer('entry_id').notNull(),
    costCodeId: integer('cost_code_id'),
    taskId: integer('task_id'),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    hours: numeric('hours', { precision: 10, scale: 2 }),
    rateCents: bigint('rate_cents', { mode: 'number' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('cost_entry_lines_entry_idx').on(t.companyId, t.entryId),
    index('cost_entry_lines_cost_code_idx').on(t.costCodeId),
    index('cost_entry_lines_task_idx').on(t.taskId),
    foreignKey({
      columns: [t.companyId, t.entryId],
      foreignColumns: [costEntries.companyId, costEntries.id],
      name: 'cost_entry_lines_company_entry_fk',
    }).onDelete('cascade'),
    check('cost_entry_lines_amount', sql`${t.amountCents} >= 0`),
  ],
);
