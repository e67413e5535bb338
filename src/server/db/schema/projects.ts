import { boolean, foreignKey, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { projectStatus, projectType, taskStatus } from './enums.js';

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const createdBy = () => text('created_by').references(() => users.id, { onDelete: 'set null' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description'),
    client: text('client').notNull(),
    type: projectType('type').notNull(),
    status: projectStatus('status').notNull().default('active'),
    budget: numeric('budget', { precision: 12, scale: 2 }).notNull(),
    progress: integer('progress').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('projects_company_idx').on(t.companyId)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentTaskId: integer('parent_task_id'),
    name: text('name').notNull(),
    description: text('description'),
    /** Working days; 0 is a milestone. */
    duration: integer('duration').notNull().default(1),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isCritical: boolean('is_critical').notNull().default(false),
    progress: integer('progress').notNull().default(0),
    status: taskStatus('status').notNull().default('not-started'),
    /** JSON `[{taskId, type, lagDays}]` or a comma-separated id list (read as finish-to-start). */
    dependencies: text('dependencies'),
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    materials: text('materials').notNull().default('[]'),
    specifications: text('specifications').notNull().default('[]'),
    estimatedCost: numeric('estimated_cost', { precision: 10, scale: 2 }),
    phase: text('phase'),
    punchlist: text('punchlist').notNull().default('[]'),
    materialsStatus: text('materials_status'),
    materialsNotes: text('materials_notes').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_company_idx').on(t.companyId),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_parent_idx').on(t.parentTaskId),
    foreignKey({
      columns: [t.parentTaskId],
      foreignColumns: [t.id],
      name: 'tasks_parent_task_id_fk',
    }).onDelete('set null'),
  ],
);

export const updates = pgTable(
  'updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    priority: text('priority').notNull().default('normal'),
    isReminder: boolean('is_reminder').notNull().default(false),
    reminderDate: timestamp('reminder_date', { withTimezone: true }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('updates_company_idx').on(t.companyId),
    index('updates_project_idx').on(t.projectId),
    index('updates_task_idx').on(t.taskId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    type: text('type').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    filePath: text('file_path').notNull(),
    analysisResults: text('analysis_results'),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_company_idx').on(t.companyId),
    index('documents_project_idx').on(t.projectId),
    index('documents_task_idx').on(t.taskId),
  ],
);
