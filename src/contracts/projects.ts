import { z } from 'zod';
import { calendarDay, currencyCode, dateInput, MONEY_WHOLE_DIGITS } from './common.js';
import { contactEmail } from './contacts.js';
import { PROJECT_STATUSES, PROJECT_TYPES } from './enums.js';
import { placeFields } from './location.js';

/** Budget is numeric, sent as text by the form; numbers are accepted too. */
const BUDGET_PATTERN = new RegExp(`^\\d{1,${MONEY_WHOLE_DIGITS}}(\\.\\d{1,2})?$`);
const budget = z
  .union([z.string(), z.number()], { message: 'Budget is required' })
  .transform((v) => String(v).replace(/[$,\s]/g, ''))
  .refine((v) => v.length > 0, { message: 'Budget is required' })
  .refine((v) => BUDGET_PATTERN.test(v), {
    message: 'Budget must be a positive amount',
  });

const progress = z.coerce
  .number({ message: 'Progress must be a number' })
  .int({ message: 'Progress must be a whole number' })
  .min(0, { message: 'Progress must be between 0 and 100' })
  .max(100, { message: 'Progress must be between 0 and 100' });

/** Most characters of a project's name and client, and of its description and site address. */
export const PROJECT_TEXT_LIMITS = { name: 200, client: 200, description: 5000, siteAddress: 300 } as const;

const projectFields = {
  name: z
    .string({ message: 'Project name is required' })
    .trim()
    .min(1, { message: 'Project name is required' })
    .max(PROJECT_TEXT_LIMITS.name, {
      message: `Project name must be at most ${PROJECT_TEXT_LIMITS.name} characters`,
    }),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(PROJECT_TEXT_LIMITS.description, {
      message: `Description must be at most ${PROJECT_TEXT_LIMITS.description} characters`,
    })
    .nullish(),
  client: z
    .string({ message: 'Client is required' })
    .trim()
    .min(1, { message: 'Client is required' })
    .max(PROJECT_TEXT_LIMITS.client, {
      message: `Client must be at most ${PROJECT_TEXT_LIMITS.client} characters`,
    }),
  type: z.enum(PROJECT_TYPES, { message: 'Choose a project type' }),
  status: z.enum(PROJECT_STATUSES, { message: 'Choose a status' }),
  budget,
  /** ISO 4217 code of the budget and the task costs; a new project without one is in USD. */
  currency: currencyCode,
  progress,
  startDate: dateInput('Start date'),
  endDate: dateInput('End date'),
  /**
   * The contractual completion date `YYYY-MM-DD`, or null for none: kept as typed, apart from the
   * end date (which follows the schedule once there is one), and the finish is warned against it.
   */
  deadline: z.preprocess((v) => (v === '' ? null : v), calendarDay('Deadline').nullable()),
  /** The job's street address as typed (blank for none). */
  siteAddress: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ message: 'Site address must be text' })
      .trim()
      .max(PROJECT_TEXT_LIMITS.siteAddress, {
        message: `Site address must be at most ${PROJECT_TEXT_LIMITS.siteAddress} characters`,
      })
      .nullable(),
  ),
  /**
   * Where the job is: its country and state or region, or null to use the company's default. The
   * schedule's adverse-weather allowance reads it before the company's.
   */
  location: placeFields.nullable(),
};

const endNotBeforeStart = (v: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !v.startDate || !v.endDate || Date.parse(v.endDate) >= Date.parse(v.startDate);
const endMessage = { message: 'End date must be on or after the start date', path: ['endDate'] };

export const createProjectBody = z
  .object({
    ...projectFields,
    type: projectFields.type.default('Residential'),
    status: projectFields.status.default('active'),
    progress: progress.default(0),
    currency: currencyCode.optional(),
    deadline: projectFields.deadline.optional(),
    siteAddress: projectFields.siteAddress.optional(),
    location: projectFields.location.optional(),
    /**
     * Also keeps the client (the `client` text) as a client contact with this email, in the same
     * transaction as the project. A contact with that name and email already there is kept instead.
     */
    newClientContact: z.object({ email: contactEmail }).optional(),
  })
  .refine(endNotBeforeStart, endMessage);
export type CreateProjectBody = z.infer<typeof createProjectBody>;
/** What the form holds before parsing. */
export type CreateProjectInput = z.input<typeof createProjectBody>;

/**
 * The edit form's full body, or a body with only `progress` (the card's progress bar). With
 * `shiftSchedule: true` the schedule follows the start date: work not yet begun moves by as many working
 * days (on the project's calendar) as the start did, started and finished work keeps its actual dates,
 * and the project is re-scheduled from its start, in the same transaction. With `reschedule: true` the
 * project is re-scheduled (from its data date when it has one) in the same transaction.
 */
export const updateProjectBody = z
  .object({
    ...projectFields,
    shiftSchedule: z.boolean({ message: 'shiftSchedule must be true or false' }),
    /**
     * The data date (status date) `YYYY-MM-DD`, or null to clear it: progress is reported as of this
     * day, and re-scheduling keeps finished work where it happened, finishes work under way with its
     * remaining duration from this day and starts nothing else before it.
     */
    dataDate: calendarDay('Data date').nullable(),
    /** Re-schedule the project in the same transaction (after a new data date, typically). */
    reschedule: z.boolean({ message: 'reschedule must be true or false' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' })
  .refine(endNotBeforeStart, endMessage);
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;
export type UpdateProjectInput = z.input<typeof updateProjectBody>;

/**
 * A project's working calendar when it is not the default (Monday–Friday, US federal holidays off):
 * set by an imported MS Project / Primavera file, and used by every re-schedule of the project.
 */
export const projectCalendarDto = z
  .object({
    /** ISO weekdays that are worked, 1 = Monday … 7 = Sunday. */
    workDays: z.array(z.number().int().min(1).max(7)),
    /** Working hours in a day. */
    hoursPerDay: z.number(),
    /** Days off besides the weekly pattern, `YYYY-MM-DD`. */
    nonWorkingDates: z.array(z.string()),
    /** Days worked although the weekly pattern says not, `YYYY-MM-DD`. */
    workingDates: z.array(z.string()),
    /** Whether US federal holidays are off too. */
    usFederalHolidays: z.boolean(),
    /** The calendar's name in the file it came from. */
    name: z.string().optional(),
  })
  .meta({ id: 'ProjectCalendar' });
export type ProjectCalendarDto = z.infer<typeof projectCalendarDto>;

export const projectDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    client: z.string(),
    type: z.enum(PROJECT_TYPES),
    status: z.enum(PROJECT_STATUSES),
    budget: z.string(),
    /** ISO 4217 code of the budget and the task costs (`USD`, `INR`…): the estimate's when a plan read one. */
    currency: z.string(),
    progress: z.number().int(),
    startDate: z.string(),
    /** The finish: as typed until the project has scheduled tasks, then the schedule's finish. */
    endDate: z.string(),
    /** The contractual completion date `YYYY-MM-DD` as typed, or null. */
    deadline: z.string().nullable(),
    /** Calendar days the finish (endDate) falls after the deadline: 0 on time, null without a deadline. */
    daysPastDeadline: z.number().int().nullable(),
    siteAddress: z.string().nullable(),
    /** The job's country and state or region; null when not set (the company's default applies). */
    location: z.object({ country: z.string(), state: z.string().nullable() }).nullable(),
    /** Whether an estimate of the project waits for the user's answers before it is planned. */
    awaitingAnswers: z.boolean(),
    /** The project's own working calendar; null for the default one. */
    calendar: projectCalendarDto.nullable(),
    /** The data date `YYYY-MM-DD` the schedule is statused on, or null (not statused yet). */
    dataDate: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Project' });
export type ProjectDto = z.infer<typeof projectDto>;

/** Portfolio figures for the company (GET /api/projects/stats). */
export const projectStatsDto = z
  .object({
    totalProjects: z.number().int(),
    /** Projects per status; every status is present, 0 when none. */
    byStatus: z.object(
      Object.fromEntries(PROJECT_STATUSES.map((s) => [s, z.number().int()])) as Record<
        (typeof PROJECT_STATUSES)[number],
        z.ZodNumber
      >,
    ),
    /** Sum of the budgets as numbers with two decimals (budgets in different currencies are added as they are). */
    totalBudget: z.string(),
    /** Mean of the projects' progress, rounded; 0 without projects. */
    averageProgress: z.number().int(),
    /** Tasks whose end date has passed and whose progress is below 100. */
    overdueTasks: z.number().int(),
  })
  .meta({ id: 'ProjectStats' });
export type ProjectStatsDto = z.infer<typeof projectStatsDto>;
