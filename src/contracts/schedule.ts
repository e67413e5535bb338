/**
 * The schedule API: critical-path scheduling of a project, MS Project / Primavera import,
 * and MSPDI / CSV export. Offsets are working days from the project's first working day; dates are
 * calendar dates `YYYY-MM-DD` in site time (no time zone).
 */
import { z } from 'zod';
import { emptyBody, errorDto } from './common.js';
import { projectDto } from './projects.js';

/** A calendar date, `YYYY-MM-DD`. */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const scheduledTaskDto = z
  .object({
    id: z.number().int(),
    /** Working days from the project start (the first task starts at 0). */
    earlyStart: z.number(),
    /** `earlyStart + duration` (the duration including any adverse-weather allowance). */
    earlyFinish: z.number(),
    lateStart: z.number(),
    lateFinish: z.number(),
    /** Working days the task can slip without moving the project finish. */
    totalFloat: z.number(),
    /** Working days the task can slip without moving any successor. */
    freeFloat: z.number(),
    /** Total float ≤ 0. */
    isCritical: z.boolean(),
    /** The task's first working day. */
    startDate: calendarDate,
    /** The task's last working day; a milestone's start and end are the same day. */
    endDate: calendarDate,
  })
  .meta({ id: 'ScheduledTask' });
export type ScheduledTaskDto = z.infer<typeof scheduledTaskDto>;

/** The weather days a schedule or plan carries: how many, and the sentence that says so. */
export const weatherDaysDto = z
  .object({
    /** Working days the adverse-weather allowance moved the finish. */
    days: z.number().int(),
    /** E.g. "12 weather days added for a winter start in Minnesota (Dec–Feb)". */
    summary: z.string(),
  })
  .meta({ id: 'WeatherDays' });
export type WeatherDaysDto = z.infer<typeof weatherDaysDto>;

export const projectScheduleDto = z
  .object({
    projectId: z.number().int(),
    /** The first working day on or after the project's start date. */
    startDate: calendarDate,
    /** The last working day of the latest task. */
    finishDate: calendarDate,
    /** Working days from start to finish. */
    durationDays: z.number(),
    /** Ids of the critical tasks, by early start. */
    criticalPath: z.array(z.number().int()),
    tasks: z.array(scheduledTaskDto),
    /** The weather days added for the project's place and season; absent when none were added. */
    weather: weatherDaysDto.nullable().optional(),
  })
  .meta({ id: 'ProjectSchedule' });
export type ProjectScheduleDto = z.infer<typeof projectScheduleDto>;

/** `POST /api/projects/{id}/schedule` takes no fields: no body, or `{}`. */
export const scheduleProjectBody = emptyBody;

/**
 * Why a project could not be scheduled (422): a dependency cycle (`code` `dependency_cycle`, with
 * the task ids on the cycle), or a task whose dependencies text cannot be read
 * (`invalid_dependencies`, with its `taskId`).
 */
export const scheduleErrorDto = errorDto
  .extend({
    cycle: z.array(z.number().int()).optional(),
    taskId: z.number().int().optional(),
  })
  .meta({ id: 'ScheduleError' });
export type ScheduleErrorDto = z.infer<typeof scheduleErrorDto>;

/**
 * The multipart form of an import: one part named `file`, an MS Project XML (MSPDI) or a Primavera
 * P6 XER export, recognised by its content. Documentation only: the server reads the part as a stream.
 */
export const importScheduleBody = z
  .object({ file: z.file() })
  // The multipart parser leaves the parsed body empty: the part is read as a stream.
  .nullish()
  .meta({ description: 'multipart/form-data: one part named `file` (MS Project .xml or Primavera .xer)' });

export const importedScheduleDto = z
  .object({
    project: projectDto,
    /**
     * The file's own schedule, computed on the file's calendar and working hours, in working days of
     * that calendar (fractional when the file schedules in part days).
     */
    schedule: projectScheduleDto,
    /** What the file holds that was simplified or left out, in plain words. */
    warnings: z.array(z.string()),
  })
  .meta({ id: 'ImportedSchedule' });
export type ImportedScheduleDto = z.infer<typeof importedScheduleDto>;

/**
 * Why a file could not be imported: malformed XML or XER (400), not a schedule file (415), a file
 * the readers refuse — unknown link types, unreadable durations or calendars (422, `invalid_schedule_file`)
 * — or links forming a cycle (422, `dependency_cycle`, with the file's activity ids on the cycle).
 */
export const importErrorDto = errorDto
  .extend({ cycle: z.array(z.string()).optional() })
  .meta({ id: 'ScheduleImportError' });

/** A downloaded file (MSPDI XML or CSV), with an attachment filename in Content-Disposition. */
export const scheduleFileResponse = z.string().meta({ description: 'The file, as an attachment' });
