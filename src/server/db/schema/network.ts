import { boolean, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { feedbackCategory, feedbackPriority, feedbackStatus, insightSeverity, insightType } from './enums.js';
import { projectOfSameCompany } from './projects.js';

export const aiInsights = pgTable(
  'ai_insights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id'),
    type: insightType('type').notNull(),
    severity: insightSeverity('severity').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    impact: text('impact'),
    recommendation: text('recommendation'),
    potentialSavings: numeric('potential_savings', { precision: 15, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    /** The task the insight is about, when it is about one (cleared if the task is deleted). */
    /**
     * Its foreign key `(company_id, task_id)` clears only this column when the task is deleted, which
     * the schema builder cannot say: a hand-written migration declares it.
     */
    taskId: integer('task_id'),
    /**
     * Who wrote it: `plan` (the estimate-to-plan run; rows from before this column were all its)
     * or `engine` (the insight rules over the company's data, replaced on every refresh).
     */
    source: text('source').notNull().default('plan'),
    /** The rule and what it is about, e.g. `overdue-critical:p12`: a dismissed one stays dismissed. */
    fingerprint: text('fingerprint'),
    /** Set when a user dismissed it (it is then inactive and not raised again by a refresh). */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: text('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_insights_company_idx').on(t.companyId),
    index('ai_insights_project_idx').on(t.projectId),
    index('ai_insights_task_idx').on(t.taskId),
    projectOfSameCompany(t, 'ai_insights_company_project_fk'),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for feedback sent by a signed-out visitor. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    userEmail: text('user_email').notNull(),
    category: feedbackCategory('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: feedbackStatus('status').notNull().default('open'),
    priority: feedbackPriority('priority').notNull().default('medium'),
    adminResponse: text('admin_response'),
    adminUserId: text('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_company_idx').on(t.companyId)],
);
