import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { planGenerations, projectOfSameCompany } from './projects.js';

/**
 * A company's cost codes (its chart of job costs), seeded from a standard set when the company
 * first needs them. Owned by the budget module.
 */
export const costCodes = pgTable(
  'cost_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The estimate trades whose lines land on this code (`Trade` of the estimate domain). */
    trades: jsonb('trades').$type<string[]>().notNull().default([]),
    /** `charges`: takes overhead, profit, tax and contingency; `unclaimed`: what no code takes. */
    takes: text('takes'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cost_codes_company_code_idx').on(t.companyId, t.code),
    unique('cost_codes_company_id_id_key').on(t.companyId, t.id),
    check('cost_codes_takes', sql`${t.takes} is null or ${t.takes} in ('charges', 'unclaimed')`),
  ],
);

/**
 * A project's budget lines: the original budget as its estimates were read (one line per priced
 * line, each estimate's lines kept with the plan that read it). Owned by the budget module.
 */
export const budgetLines = pgTable(
  'budget_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /** The plan whose estimate the line came from; its lines go with it. */
    generationId: integer('generation_id').references(() => planGenerations.id, { onDelete: 'cascade' }),
    sourceLine: integer('source_line'),
    sheet: text('sheet'),
    description: text('description').notNull(),
    /** work | allowance | charge */
    kind: text('kind').notNull(),
    trade: text('trade'),
    /**
     * Its cost code; a code removed later leaves the line without one. The foreign key
     * `(company_id, cost_code_id)` clears only this column, which the schema builder cannot say:
     * the migration declares it by hand.
     */
    costCodeId: integer('cost_code_id'),
    /** labor | material | equipment | subcontract | other */
    costType: text('cost_type').notNull(),
    /** Whole cents of the project's currency. */
    originalCents: bigint('original_cents', { mode: 'number' }).notNull(),
    /** The task the line's work went into; cleared (by a hand-written key) when the task goes. */
    taskId: integer('task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('budget_lines_company_project_idx').on(t.companyId, t.projectId),
    index('budget_lines_generation_idx').on(t.generationId),
    index('budget_lines_task_idx').on(t.taskId),
    index('budget_lines_cost_code_idx').on(t.costCodeId),
    projectOfSameCompany(t, 'budget_lines_company_project_fk'),
    check('budget_lines_kind', sql`${t.kind} in ('work', 'allowance', 'charge')`),
    check(
      'budget_lines_cost_type',
      sql`${t.costType} in ('labor', 'material', 'equipment', 'subcontract', 'other')`,
    ),
  ],
);
