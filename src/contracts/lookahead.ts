/**
 * The look-ahead API: the work of the next few weeks, as a superintendent hands it out on Monday.
 * Dates are calendar days `YYYY-MM-DD` (site time, no zone); float is in working days.
 */
import { z } from 'zod';
import { TASK_STATUSES } from './enums.js';
import { projectCalendarDto } from './projects.js';
import { ASSIGNEE_KINDS } from './tasks.js';

/** The weeks a look-ahead may span, and the span when none is asked for. */
export const LOOKAHEAD_WEEKS = { min: 1, max: 6, default: 3 } as const;

const weeksMessage = `Weeks must be a whole number from ${LOOKAHEAD_WEEKS.min} to ${LOOKAHEAD_WEEKS.max}`;

/** `?weeks=1…6` (plain digits), 3 when left out. */
export const lookaheadQuery = z.object({
  weeks: z
    .string({ message: weeksMessage })
    .regex(/^[1-6]$/, { message: weeksMessage })
    .transform(Number)
    .default(LOOKAHEAD_WEEKS.default),
});
export type LookaheadQuery = z.infer<typeof lookaheadQuery>;

/**
 * Where a task's materials stand: `not-applicable` (the task needs none), `not-tracked` (nothing
 * ticked and no expected delivery), `pending` (needed or expected, not on site yet), `delivered`.
 */
export const LOOKAHEAD_MATERIALS = ['not-applicable', 'not-tracked', 'pending', 'delivered'] as const;
export type LookaheadMaterials = (typeof LOOKAHEAD_MATERIALS)[number];

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const lookaheadTaskDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    projectName: z.string(),
    name: z.string(),
    /** The trade: the task's phase. */
    phase: z.string().nullable(),
    assigneeName: z.string().nullable(),
    assigneeKind: z.enum(ASSIGNEE_KINDS).nullable(),
    /** The task's first and last day as stored (the schedule writes them). */
    startDate: calendarDate,
    endDate: calendarDate,
    status: z.enum(TASK_STATUSES),
    progress: z.number().int(),
    /**
     * Working days the task can slip without moving the project finish, from the project's
     * computed schedule; null when the schedule cannot be computed (a dependency cycle).
     */
    totalFloat: z.number().nullable(),
    /** On the critical path (total float ≤ 0). */
    isCritical: z.boolean(),
    materials: z.enum(LOOKAHEAD_MATERIALS),
    /** The last ticked step of the materials chain (`needed` … `finalized`), or null. */
    materialsStep: z.string().nullable(),
    /** When the materials are expected on site, or null. */
    materialsExpectedDate: calendarDate.nullable(),
  })
  .meta({ id: 'LookaheadTask' });
export type LookaheadTaskDto = z.infer<typeof lookaheadTaskDto>;

const windowFields = {
  /** The window's first day: the project's data date, or today. */
  from: calendarDate,
  /** The window's last day (included): `from` + weeks × 7 − 1. */
  to: calendarDate,
  weeks: z.number().int(),
  /** Tasks active in the window, by start date; finished tasks are left out. */
  tasks: z.array(lookaheadTaskDto),
};

export const projectLookaheadDto = z
  .object({
    projectId: z.number().int(),
    projectName: z.string(),
    /** The project's status date, or null when it has none (then the window starts today). */
    dataDate: calendarDate.nullable(),
    /** Why floats are missing (the schedule cannot be computed), or null. */
    scheduleError: z.string().nullable(),
    /** The project's working calendar (null = the default): its tasks are drawn on its working days. */
    calendar: projectCalendarDto.nullable(),
    ...windowFields,
  })
  .meta({ id: 'ProjectLookahead' });
export type ProjectLookaheadDto = z.infer<typeof projectLookaheadDto>;

export const companyLookaheadDto = z
  .object({
    /** The projects under way (active or at risk) whose tasks are looked at. */
    projects: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        /** The project's working calendar (null = the default): its tasks are drawn on its working days. */
        calendar: projectCalendarDto.nullable(),
      }),
    ),
    ...windowFields,
  })
  .meta({ id: 'CompanyLookahead' });
export type CompanyLookaheadDto = z.infer<typeof companyLookaheadDto>;
