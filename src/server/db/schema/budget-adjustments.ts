import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { projectOfSameCompany } from './projects.js';

/**
 * Changes to a project's budget after its original: an approved change order's lines (written in
 * the change order's approval transaction) and budget transfers (a pair summing to zero). Owned by
 * the budget module. The cost code and task are cleared (by hand-written keys, as on budget lines)
 * when they go; the amount stays.
 */
export const budgetAdjustments = pgTable(
  'budget_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /** change_order | transfer */
    kind: text('kind').notNull(),
    /** The change order whose approval wrote the row (the change orders module's id). */
    changeOrderId: integer('change_order_id'),
    costCodeId: integer('cost_code_id'),
    taskId: integer('task_id'),
    description: text('description').notNull(),
    /** Whole cents of the project's currency; a transfer's pair has one negative row. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('budget_adjustments_company_project_idx').on(t.companyId, t.projectId),
    index('budget_adjustments_change_order_idx').on(t.changeOrderId),
    index('budget_adjustments_cost_code_idx').on(t.costCodeId),
    index('budget_adjustments_task_idx').on(t.taskId),
    projectOfSameCompany(t, 'budget_adjustments_company_project_fk'),
    check('budget_adjustments_kind', sql`${t.kind} in ('change_order', 'transfer')`),
  ],
);

/**
 * The user's estimate of the uncommitted cost still to come on one cell of the job cost report
 * (a cost code and a task, either possibly none); without one the report uses its default. Owned by
 * the budget module; a code or task that goes takes its estimates with it.
 */
export const jobCostEstimates = pgTable(
  'job_cost_estimates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    costCodeId: integer('cost_code_id'),
    taskId: integer('task_id'),
    uncommittedCents: bigint('uncommitted_cents', { mode: 'number' }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('job_cost_estimates_cell_key').on(t.projectId, t.costCodeId, t.taskId).nullsNotDistinct(),
    index('job_cost_estimates_company_project_idx').on(t.companyId, t.projectId),
    projectOfSameCompany(t, 'job_cost_estimates_company_project_fk'),
    check('job_cost_estimates_not_negative', sql`${t.uncommittedCents} >= 0`),
  ],
);
