import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  type ForeignKeyBuilder,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** In the project's currency; 15 digits hold any job's sum in any currency (cents stay exact in a JS number). */
    budget: numeric('budget', { precision: 15, scale: 2 }).notNull(),
    /** ISO 4217 code of the project's money (budget, task costs): the estimate's own when it states one. */
    currency: text('currency').notNull().default('USD'),
    progress: integer('progress').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /**
     * The project's finish: as typed until the project has a schedule, then the scheduled finish
     * (every reschedule writes it).
     */
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** The contractual completion date `YYYY-MM-DD` the user typed, kept apart from the scheduled finish. */
    deadline: date('deadline', { mode: 'string' }),
    /** Where the job is: a street address as typed, and the country and state or region (the weather's). */
    siteAddress: text('site_address'),
    country: text('country'),
    state: text('state'),
    /**
     * The project's working calendar when it differs from the company default (Mon–Fri, US federal
     * holidays): set by an imported MS Project / Primavera file. `null` = the default calendar.
     */
    calendar: jsonb('calendar').$type<ProjectCalendarJson>(),
    /**
     * The status date `YYYY-MM-DD`: progress is reported as of this day, and re-scheduling keeps
     * finished work where it happened and starts remaining work no earlier than it. Null = not
     * statused yet (the project's start is used).
     */
    dataDate: date('data_date', { mode: 'string' }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    /**
     * The project as the API's list shows it (calendar left out), as JSON text: written by the
     * database itself on every insert and update (trigger `projects_dto_json`), so it is never
     * behind the row. The app never writes it; the portfolio list sends it as it is.
     */
    dtoJson: text('dto_json'),
  },
  (t) => [
    index('projects_company_idx').on(t.companyId),
    // What the composite foreign keys of the project's rows point at: a row's project is its company's.
    unique('projects_company_id_id_key').on(t.companyId, t.id),
  ],
);

/**
 * The foreign key from a row's `(company_id, project_id)` to its project: a row can only belong to a
 * project of its own company, whatever the query that wrote it forgot.
 */
export const projectOfSameCompany = (
  t: { companyId: AnyPgColumn; projectId: AnyPgColumn },
  name: string,
): ForeignKeyBuilder =>
  foreignKey({
    columns: [t.companyId, t.projectId],
    foreignColumns: [projects.companyId, projects.id],
    name,
  }).onDelete('cascade');

/** What `projects.calendar` holds: a working calendar in plain data. */
export interface ProjectCalendarJson {
  /** ISO weekdays that are worked, 1 = Monday … 7 = Sunday. */
  workDays: number[];
  /** Working hours in a day (durations in hours are converted with it). */
  hoursPerDay: number;
  /** Non-working dates `YYYY-MM-DD` (holidays, shutdowns). */
  nonWorkingDates: string[];
  /** Worked dates on otherwise non-working days `YYYY-MM-DD`. */
  workingDates: string[];
  /** Whether US federal holidays are non-working too. */
  usFederalHolidays: boolean;
  /** Where it came from, e.g. the imported file's calendar name. */
  name?: string;
}

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id').notNull(),
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
    /** The assignee when it is a member of the company (never together with `assignedContactId`). */
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The assignee when it is a subcontractor of the company's contacts (never with `assignedTo`).
     * Its foreign key `(company_id, assigned_contact_id)` clears only this column when the contact is
     * deleted, which the schema builder cannot say: a hand-written migration declares it.
     */
    assignedContactId: integer('assigned_contact_id'),
    /**
     * The assignee's name when they were assigned: a member or contact deleted later stays on the
     * task as this name (their id is then cleared by the foreign key). Null when unassigned.
     */
    assigneeName: text('assignee_name'),
    materials: text('materials').notNull().default('[]'),
    specifications: text('specifications').notNull().default('[]'),
    estimatedCost: numeric('estimated_cost', { precision: 15, scale: 2 }),
    phase: text('phase'),
    punchlist: text('punchlist').notNull().default('[]'),
    materialsStatus: text('materials_status'),
    materialsNotes: text('materials_notes').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Start-no-earlier-than constraint `YYYY-MM-DD` (a dragged start, a fixed mobilisation date). */
    startNoEarlierThan: date('start_no_earlier_than', { mode: 'string' }),
    /** When the task's materials are expected on site `YYYY-MM-DD`: a start constraint until delivered. */
    materialsExpectedDate: date('materials_expected_date', { mode: 'string' }),
    /** The day work on the task began `YYYY-MM-DD` (set when it is started): re-schedules keep it. */
    actualStart: date('actual_start', { mode: 'string' }),
    /** The day the task was finished `YYYY-MM-DD` (set when it is completed): re-schedules keep it. */
    actualFinish: date('actual_finish', { mode: 'string' }),
    /**
     * Working days of work left as of the project's data date, for work under way. Null = derived
     * from the duration and progress.
     */
    remainingDuration: integer('remaining_duration'),
    /** The estimate-to-plan run that created this task, if any. */
    planGenerationId: integer('plan_generation_id').references(() => planGenerations.id, {
      onDelete: 'set null',
    }),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_company_idx').on(t.companyId),
    index('tasks_project_idx').on(t.projectId),
    index('tasks_parent_idx').on(t.parentTaskId),
    // The schedule reads a company's tasks by period: those ending on or after its first day (the
    // history before that is skipped) and starting by its last day (read from the index too).
    index('tasks_company_end_start_idx').on(t.companyId, t.endDate, t.startDate),
    index('tasks_assigned_contact_idx').on(t.assignedContactId),
    index('tasks_assigned_to_idx').on(t.assignedTo),
    check('tasks_one_assignee', sql`${t.assignedTo} is null or ${t.assignedContactId} is null`),
    foreignKey({
      columns: [t.parentTaskId],
      foreignColumns: [t.id],
      name: 'tasks_parent_task_id_fk',
    }).onDelete('set null'),
    projectOfSameCompany(t, 'tasks_company_project_fk'),
    unique('tasks_company_id_id_key').on(t.companyId, t.id),
  ],
);

/** The foreign key from a row's `(company_id, task_id)` to a task of the same company. */
export const taskOfSameCompany = (
  t: { companyId: AnyPgColumn; taskId: AnyPgColumn },
  name: string,
): ForeignKeyBuilder =>
  foreignKey({
    columns: [t.companyId, t.taskId],
    foreignColumns: [tasks.companyId, tasks.id],
    name,
  }).onDelete('cascade');

export const updates = pgTable(
  'updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id').notNull(),
    taskId: integer('task_id'),
    message: text('message').notNull(),
    priority: text('priority').notNull().default('normal'),
    isReminder: boolean('is_reminder').notNull().default(false),
    reminderDate: timestamp('reminder_date', { withTimezone: true }),
    /** A server is mailing the reminder until then; after it the claim has lapsed and another may. */
    reminderClaimedUntil: timestamp('reminder_claimed_until', { withTimezone: true }),
    /** When the reminder's mail went out (once, by one server). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When its recipient cleared it from the bell. */
    reminderDismissedAt: timestamp('reminder_dismissed_at', { withTimezone: true }),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('updates_company_idx').on(t.companyId),
    index('updates_project_idx').on(t.projectId),
    index('updates_task_idx').on(t.taskId),
    projectOfSameCompany(t, 'updates_company_project_fk'),
    taskOfSameCompany(t, 'updates_company_task_fk'),
    // The reminder job's scan: reminders not sent yet, by due time.
    index('updates_reminder_due_idx')
      .on(t.reminderDate)
      .where(sql`${t.isReminder} and ${t.reminderSentAt} is null`),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id').notNull(),
    taskId: integer('task_id'),
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
    projectOfSameCompany(t, 'documents_company_project_fk'),
    taskOfSameCompany(t, 'documents_company_task_fk'),
  ],
);

/**
 * One estimate-to-plan run: its progress for the overlay, and the idempotency key that
 * keeps two requests for the same project and estimate from creating the tasks twice.
 */
export const planGenerations = pgTable(
  'plan_generations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer('project_id').notNull(),
    /** SHA-256 of the estimate text (hex): the same estimate for the same project runs once. */
    contentHash: text('content_hash').notNull(),
    fileName: text('file_name'),
    /** The stored document a server-run generation reads (null for one given its text). */
    documentId: integer('document_id').references((): AnyPgColumn => documents.id, { onDelete: 'set null' }),
    /** What a server-run generation was asked (project type, budget, the user's reading choices): a retry runs it again from here. */
    input: jsonb('input'),
    /** running | needs-input (the estimate asks a question first) | succeeded | failed */
    status: text('status').notNull().default('running'),
    /** The overlay step: initializing, processing-files, ai-analysis, generating-tasks, creating-insights, finalizing. */
    step: text('step').notNull().default('initializing'),
    percent: integer('percent').notNull().default(0),
    /** builtin | model */
    analyzer: text('analyzer'),
    /** The answer of `POST /api/ai/generate-project-plan` once succeeded. */
    result: jsonb('result'),
    error: text('error'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_generations_company_idx').on(t.companyId),
    uniqueIndex('plan_generations_project_content_idx').on(t.projectId, t.contentHash),
    projectOfSameCompany(t, 'plan_generations_company_project_fk'),
  ],
);
