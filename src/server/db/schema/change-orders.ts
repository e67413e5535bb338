import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  foreignKey,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ScheduleImpactDto, TaskChanges } from '../../../contracts/change-orders.js';
import { companies, users } from './accounts.js';
import { projectOfSameCompany } from './projects.js';

/**
 * A project's change orders: priced lines, a markup, the task changes they make, and the state of
 * their approval. Owned by the change-orders module.
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /** CO-001, CO-002 … in the project. */
    number: text('number').notNull(),
    title: text('title').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    /** 1000 is 10 %. */
    markupBasisPoints: integer('markup_basis_points').notNull().default(0),
    status: text('status').notNull().default('draft'),
    /** The added tasks, longer durations and new links (the contracts' `taskChanges`, checked on write). */
    taskChanges: jsonb('task_changes').$type<TaskChanges>().notNull(),
    /** Lines + markup, whole cents: what the contract amount changes by. Kept with every write. */
    contractChangeCents: bigint('contract_change_cents', { mode: 'number' }).notNull().default(0),
    /** The impact as it was approved (the schedule changes after). */
    approvedImpact: jsonb('approved_impact').$type<ScheduleImpactDto>(),
    declinedReason: text('declined_reason'),
    voidReason: text('void_reason'),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvalMethod: text('approval_method'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The scan of a paper approval and the signed PDF, both documents of the project (checked by the service; documents have no company-scoped key to point at). */
    paperDocumentId: integer('paper_document_id'),
    signedDocumentId: integer('signed_document_id'),
    signedPdfSha256: text('signed_pdf_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('change_orders_company_project_idx').on(t.companyId, t.projectId),
    uniqueIndex('change_orders_project_number_idx').on(t.projectId, t.number),
    unique('change_orders_company_id_id_key').on(t.companyId, t.id),
    projectOfSameCompany(t, 'change_orders_company_project_fk'),
    check(
      'change_orders_reason',
      sql`${t.reason} in ('owner_request', 'unforeseen_condition', 'design_change', 'other')`,
    ),
    check('change_orders_status', sql`${t.status} in ('draft', 'sent', 'approved', 'declined', 'void')`),
    check('change_orders_markup', sql`${t.markupBasisPoints} between 0 and 10000`),
    check(
      'change_orders_approval_method',
      sql`${t.approvalMethod} is null or ${t.approvalMethod} in ('signature', 'paper')`,
    ),
  ],
);

const ofSameChangeOrder = (t: { companyId: AnyPgColumn; changeOrderId: AnyPgColumn }, name: string) =>
  foreignKey({
    columns: [t.companyId, t.changeOrderId],
    foreignColumns: [changeOrders.companyId, changeOrders.id],
    name,
  }).onDelete('cascade');

/** A change order's priced lines. Its cost code and task are cleared (hand-written keys) when they go. */
export const changeOrderLines = pgTable(
  'change_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    changeOrderId: integer('change_order_id').notNull(),
    position: integer('position').notNull().default(0),
    costCodeId: integer('cost_code_id'),
    taskId: integer('task_id'),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('change_order_lines_co_idx').on(t.changeOrderId),
    index('change_order_lines_company_idx').on(t.companyId),
    ofSameChangeOrder(t, 'change_order_lines_company_co_fk'),
  ],
);

/** The audit trail: every transition and every act of the signer, with who, when and from where. */
export const changeOrderEvents = pgTable(
  'change_order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    changeOrderId: integer('change_order_id').notNull(),
    event: text('event').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name as it was (kept when the user goes). */
    userName: text('user_name'),
    /** The signer's address, for the signer's events. */
    signer: text('signer'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('change_order_events_co_idx').on(t.changeOrderId, t.at),
    index('change_order_events_company_idx').on(t.companyId),
    ofSameChangeOrder(t, 'change_order_events_company_co_fk'),
  ],
);

/**
 * A change order's signing link (one per sending; a new sending replaces it). The link's token, the
 * e-mailed code and the signing session are kept as SHA-256 hashes only; the token's hash is what a
 * public request may look the row up by (row-level security's token lookup).
 */
export const changeOrderSigning = pgTable(
  'change_order_signing',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    changeOrderId: integer('change_order_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    contactId: integer('contact_id'),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was opened first. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    codeHash: text('code_hash'),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Codes sent in the current window (throttle) and wrong tries of the current code. */
    codesSent: integer('codes_sent').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    sessionHash: text('session_hash'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    /** The PDF as sent and shown, and its SHA-256 (hex). */
    pdf: text('pdf_base64').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    /** signed | declined, once used; a used link is refused after. */
    outcome: text('outcome'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    consentText: text('consent_text'),
    signerName: text('signer_name'),
    /** `drawn` (a PNG data URL) or `typed` (the typed name). */
    signatureKind: text('signature_kind'),
    signature: text('signature'),
    signedIp: inet('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
  },
  (t) => [
    uniqueIndex('change_order_signing_token_idx').on(t.tokenHash),
    index('change_order_signing_co_idx').on(t.changeOrderId),
    index('change_order_signing_company_idx').on(t.companyId),
    ofSameChangeOrder(t, 'change_order_signing_company_co_fk'),
    check(
      'change_order_signing_outcome',
      sql`${t.outcome} is null or ${t.outcome} in ('signed', 'declined')`,
    ),
  ],
);
