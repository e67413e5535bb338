import { z } from 'zod';
import { idText } from './common.js';
import { taskDto } from './tasks.js';

/**
 * Baselines: the dates a project was planned on, saved by name so the schedule can be compared with
 * them later. A baseline copies every task's start, finish and duration as they are when it is saved;
 * tasks added afterwards have no baseline dates. The first baseline saved (the oldest still kept) is
 * the project's default: the one the Gantt preselects and the MS Project export writes.
 */
export const baselinePaths = {
  list: '/api/projects/:id/baselines',
  one: '/api/projects/:id/baselines/:baselineId',
} as const;

/** The most baselines a project keeps: enough for a re-plan a month over a long job, and a bound on the rows copied. */
export const MAX_BASELINES_PER_PROJECT = 20;

export const baselineName = z
  .string({ message: 'Baseline name is required' })
  .trim()
  .min(1, { message: 'Baseline name is required' })
  .max(100, { message: 'Baseline name must be at most 100 characters' });

/** `POST /api/projects/{id}/baselines`: saves the current dates of every task under this name (unique in the project). */
export const createBaselineBody = z.object({ name: baselineName });
export type CreateBaselineBody = z.infer<typeof createBaselineBody>;

export const baselineParams = z.object({ id: idText(), baselineId: idText('Invalid baseline id') });

export const baselineDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    /** Tasks whose dates it holds (tasks deleted since are no longer counted). */
    taskCount: z.number().int(),
    /** The oldest baseline kept: preselected in the Gantt, written by the MS Project export. */
    isDefault: z.boolean(),
  })
  .meta({ id: 'Baseline' });
export type BaselineDto = z.infer<typeof baselineDto>;

/** Which baseline to compare with: an id of the project's, or `default`. */
export const baselineRef = z.union([z.literal('default'), idText('Invalid baseline id')], {
  message: 'Baseline must be a baseline id or "default"',
});
export type BaselineRef = z.infer<typeof baselineRef>;

/** `?baseline=…`: `GET /api/projects/{id}/tasks` (compare with it), `GET /api/projects/{id}/export.xml` (write it; default when left out). */
export const baselineQuery = z.object({ baseline: baselineRef.optional() });
export type BaselineQuery = z.infer<typeof baselineQuery>;

/** The baseline a task is compared with, present on each task when a baseline is asked for. */
export const taskBaselineFields = {
  /** `YYYY-MM-DD`, or null for a task added after the baseline was saved. */
  baselineStart: z.string().nullable(),
  /** `YYYY-MM-DD`, or null for a task added after the baseline was saved. */
  baselineFinish: z.string().nullable(),
  /**
   * Working days on the project's calendar from the baseline finish to the current finish: positive
   * = late, negative = early, null without a baseline finish.
   */
  finishVarianceDays: z.number().int().nullable(),
};

/** A task of `GET /api/projects/{id}/tasks`: the baseline fields only when `baseline` is given. */
export const projectTaskDto = taskDto
  .extend({
    baselineStart: taskBaselineFields.baselineStart.optional(),
    baselineFinish: taskBaselineFields.baselineFinish.optional(),
    finishVarianceDays: taskBaselineFields.finishVarianceDays.optional(),
  })
  .meta({ id: 'ProjectTask' });
export type ProjectTaskDto = z.infer<typeof projectTaskDto>;
export type TaskBaseline = {
  baselineStart: string | null;
  baselineFinish: string | null;
  finishVarianceDays: number | null;
};
