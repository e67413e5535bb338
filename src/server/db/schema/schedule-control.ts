/**
 * What a superintendent keeps to control a schedule once work is under way: saved baselines (the
 * dates the job was planned on) and the delays recorded against its tasks.
 */
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { delayCause } from './enums.js';
import { projectOfSameCompany, taskOfSameCompany } from './projects.js';

export const projectBaselines = pgTable(
  'project_baselines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_baselines_project_idx').on(t.projectId),
    index('project_baselines_company_idx').on(t.companyId),
    projectOfSameCompany(t, 'project_baselines_company_project_fk'),
    unique('project_baselines_company_id_id_key').on(t.companyId, t.id),
  ],
);

/** One task's dates in a baseline, as they were when it was saved. */
export const baselineTasks = pgTable(
  'baseline_tasks',
  {
    baselineId: integer('baseline_id').notNull(),
    taskId: integer('task_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    finishDate: date('finish_date', { mode: 'string' }).notNull(),
    /** Working days. */
    duration: integer('duration').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.baselineId, t.taskId] }),
    index('baseline_tasks_task_idx').on(t.taskId),
    // The baseline and the task are both of the row's company.
    foreignKey({
      columns: [t.companyId, t.baselineId],
      foreignColumns: [projectBaselines.companyId, projectBaselines.id],
      name: 'baseline_tasks_company_baseline_fk',
    }).onDelete('cascade'),
    taskOfSameCompany(t, 'baseline_tasks_company_task_fk'),
  ],
);

/** A delay recorded against a task, with the finish movement it caused when it was recorded. */
export const projectDelays = pgTable(
  'project_delays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    /**
     * Cleared if the task is deleted later; its name stays in `taskName`. Its foreign key `(company_id,
     * task_id)` clears only this column, which the schema builder cannot say: a hand-written
     * migration declares it.
     */
    taskId: integer('task_id'),
    taskName: text('task_name').notNull(),
    cause: delayCause('cause').notNull(),
    /** Working days lost. */
    days: integer('days').notNull(),
    /** The day the delay began `YYYY-MM-DD`. */
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    /** Whether the task was on the critical path when the delay was recorded. */
    wasCritical: boolean('was_critical').notNull(),
    /** The project's finish before and after the delay was applied `YYYY-MM-DD`. */
    finishBefore: date('finish_before', { mode: 'string' }).notNull(),
    finishAfter: date('finish_after', { mode: 'string' }).notNull(),
    /** Working days the project finish moved (positive = later). */
    finishMovedDays: integer('finish_moved_days').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_delays_project_idx').on(t.projectId),
    index('project_delays_company_idx').on(t.companyId),
    index('project_delays_task_idx').on(t.taskId),
    projectOfSameCompany(t, 'project_delays_company_project_fk'),
  ],
);
