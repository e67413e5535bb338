import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { costCodes } from './budget.js';
import { contacts } from './contacts.js';
import { projectOfSameCompany, projects } from './projects.js';

/**
 * The contractor's invoices to the client of a project (what the job has billed), numbered INV-001…
 * per project. A draft can change; an approved invoice is billed and goes to the accounting export.
 * Owned by the accounting module.
 */
export const clientInvoices = pgTable(
  'client_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    number: text('number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    /** draft | approved */
    status: text('status').notNull().default('draft'),
    memo: text('memo').notNull().default(''),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_invoices_project_number_idx').on(t.companyId, t.projectId, t.number),
    unique('client_invoices_company_id_id_key').on(t.companyId, t.id),
    projectOfSameCompany(t, 'client_invoices_company_project_fk'),
    check('client_invoices_status', sql`${t.status} in ('draft', 'approved')`),
  ],
);

/**
 * An invoice's lines, in order. A line's cost code is optional; a code removed later clears only
 * that column (a hand-written key `(company_id, cost_code_id) … SET NULL (cost_code_id)`).
 */
export const clientInvoiceLines = pgTable(
  'client_invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    costCodeId: integer('cost_code_id'),
    /** Whole cents of the project's currency. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('client_invoice_lines_invoice_idx').on(t.invoiceId),
    index('client_invoice_lines_cost_code_idx').on(t.costCodeId),
    foreignKey({
      columns: [t.companyId, t.invoiceId],
      foreignColumns: [clientInvoices.companyId, clientInvoices.id],
      name: 'client_invoice_lines_company_invoice_fk',
    }).onDelete('cascade'),
    check('client_invoice_lines_amount', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * How the company's records are named in its accounting program: a cost code → an expense account
 * (and Xero account code, QuickBooks item), a project → its `Customer:Job`, a vendor contact → the
 * vendor's name there. Exactly one subject per row; each goes with its subject.
 */
export const accountingMappings = pgTable(
  'accounting_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    costCodeId: integer('cost_code_id'),
    projectId: integer('project_id'),
    contactId: integer('contact_id'),
    /** The account's name (QuickBooks) for a cost code. */
    account: text('account'),
    /** The account's code (Xero) for a cost code. */
    accountCode: text('account_code'),
    /** The QuickBooks item for a cost code's invoice lines. */
    item: text('item'),
    /** A project's `Customer:Job`, a vendor's name. */
    name: text('name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_mappings_cost_code_idx')
      .on(t.companyId, t.costCodeId)
      .where(sql`${t.costCodeId} is not null`),
    uniqueIndex('accounting_mappings_project_idx')
      .on(t.companyId, t.projectId)
      .where(sql`${t.projectId} is not null`),
    uniqueIndex('accounting_mappings_contact_idx')
      .on(t.companyId, t.contactId)
      .where(sql`${t.contactId} is not null`),
    foreignKey({
      columns: [t.companyId, t.costCodeId],
      foreignColumns: [costCodes.companyId, costCodes.id],
      name: 'accounting_mappings_company_cost_code_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.projectId],
      foreignColumns: [projects.companyId, projects.id],
      name: 'accounting_mappings_company_project_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.contactId],
      foreignColumns: [contacts.companyId, contacts.id],
      name: 'accounting_mappings_company_contact_fk',
    }).onDelete('cascade'),
    check(
      'accounting_mappings_one_subject',
      sql`num_nonnulls(${t.costCodeId}, ${t.projectId}, ${t.contactId}) = 1`,
    ),
  ],
);

/** The company's accounting defaults: the A/P, A/R and income accounts, Xero's tax type and tracking. */
export const accountingSettings = pgTable('accounting_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  apAccount: text('ap_account').notNull().default('Accounts Payable'),
  arAccount: text('ar_account').notNull().default('Accounts Receivable'),
  incomeAccount: text('income_account').notNull().default('Construction Income'),
  xeroTaxType: text('xero_tax_type').notNull().default('Tax Exempt'),
  xeroTrackingName: text('xero_tracking_name').notNull().default('Job'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
