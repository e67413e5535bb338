import { z } from 'zod';
import { calendarDay, idNumber, idText } from './common.js';
import { DELAY_CAUSES, type DelayCause } from './enums.js';

/**
 * Delays: events that cost a task working days (rain, a late delivery, an owner's change), recorded
 * with the project finish movement they caused. A delay of N days makes its task N working days
 * longer in every later re-schedule; a weather delay also stops the project's weather-sensitive work
 * on those days. The list is the record a contractor attaches to a time-extension request.
 */
export const delayPaths = {
  list: '/api/projects/:id/delays',
  csv: '/api/projects/:id/delays.csv',
  one: '/api/projects/:id/delays/:delayId',
} as const;

export const delayListPath = (projectId: number) => `/api/projects/${projectId}/delays`;
export const delayCsvPath = (projectId: number) => `/api/projects/${projectId}/delays.csv`;
export const delayPath = (projectId: number, delayId: number) =>
  `/api/projects/${projectId}/delays/${delayId}`;

export const MAX_DELAY_DAYS = 365;
export const MAX_DELAY_NOTE = 2000;

export const DELAY_CAUSE_LABELS: Readonly<Record<DelayCause, string>> = {
  weather: 'Weather',
  owner: 'Owner / change',
  material: 'Material',
  inspection: 'Inspection',
  labor: 'Labor',
  other: 'Other',
};

/** `POST /api/projects/{id}/delays` */
export const createDelayBody = z.object({
  taskId: idNumber('Choose a task of this project'),
  cause: z.enum(DELAY_CAUSES, { message: `Cause must be one of ${DELAY_CAUSES.join(', ')}` }),
  days: z
    .number({ message: 'Days must be a number of working days' })
    .int({ message: 'Days must be a whole number of working days' })
    .min(1, { message: 'Days must be at least 1' })
    .max(MAX_DELAY_DAYS, { message: `Days must be at most ${MAX_DELAY_DAYS}` }),
  date: calendarDay('Date'),
  note: z
    .string({ message: 'Note must be text' })
    .trim()
    .max(MAX_DELAY_NOTE, { message: `Note must be at most ${MAX_DELAY_NOTE} characters` })
    .optional(),
});
export type CreateDelayBody = z.infer<typeof createDelayBody>;

export const delayParams = z.object({ id: idText(), delayId: idText('Invalid delay id') });

export const delayDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    /** Null once the task is deleted; its name stays. */
    taskId: z.number().int().nullable(),
    taskName: z.string(),
    cause: z.enum(DELAY_CAUSES),
    days: z.number().int(),
    /** `YYYY-MM-DD`: the day the delay began. */
    date: z.string(),
    note: z.string(),
    /** Whether the task was on the critical path when the delay was recorded. */
    wasCritical: z.boolean(),
    /** The project finish before and after the delay was applied, `YYYY-MM-DD`. */
    finishBefore: z.string(),
    finishAfter: z.string(),
    /** Working days on the project's calendar the finish moved (positive = later). */
    finishMovedDays: z.number().int(),
    /** The name of who recorded it, or null when that user is gone. */
    recordedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Delay' });
export type DelayDto = z.infer<typeof delayDto>;

/** The answer to recording a delay: the delay and the finish movement it caused. */
export const recordedDelayDto = z
  .object({
    delay: delayDto,
    finishBefore: z.string(),
    finishAfter: z.string(),
    finishMovedDays: z.number().int(),
  })
  .meta({ id: 'RecordedDelay' });
export type RecordedDelayDto = z.infer<typeof recordedDelayDto>;

/** The answer to removing a delay: the finish movement the removal caused (negative = earlier). */
export const removedDelayDto = z.object({
  finishBefore: z.string(),
  finishAfter: z.string(),
  finishMovedDays: z.number().int(),
});
export type RemovedDelayDto = z.infer<typeof removedDelayDto>;

export const delayListDto = z
  .object({
    projectId: z.number().int(),
    projectName: z.string(),
    delays: z.array(delayDto),
  })
  .meta({ id: 'DelayList' });
export type DelayListDto = z.infer<typeof delayListDto>;

export const delayCsvResponse = z.string().meta({ description: 'The delay report as CSV, an attachment' });
