import { z } from 'zod';
import { calendarDay, dateInput, errorDto, idInput, idNumber, idText } from './common.js';
import { TASK_STATUSES } from './enums.js';

/** A calendar date `YYYY-MM-DD`, or null to clear it: the schedule's date constraints. */
const constraintDate = (label: string) => calendarDay(label).nullable();

const progress = z
  .number({ message: 'Progress must be a number' })
  .int({ message: 'Progress must be a whole number' })
  .min(0, { message: 'Progress must be between 0 and 100' })
  .max(100, { message: 'Progress must be between 0 and 100' });

/** JSON text checked against its shape by the server (the tasks domain), not by this schema. */
const jsonText = (label: string) =>
  z.string({ message: `${label} must be JSON text` }).max(200_000, { message: `${label} is too long` });

const taskFields = {
  name: z
    .string({ message: 'Task name is required' })
    .trim()
    .min(1, { message: 'Task name is required' })
    .max(300, { message: 'Task name must be at most 300 characters' }),
  description: z.string().trim().max(10_000).nullish(),
  status: z.enum(TASK_STATUSES, { message: `Status must be one of ${TASK_STATUSES.join(', ')}` }),
  progress,
  isCritical: z.boolean({ message: 'isCritical must be true or false' }),
  phase: z.string().trim().max(100).nullish(),
  /** JSON list of checklist items `{id, text, completed, createdAt, level, parentId}`. */
  punchlist: jsonText('Punchlist'),
  /** JSON object of the materials flags `{notApplicable, needed, approved, ordered, shipped, delivered, finalized}`. */
  materialsStatus: jsonText('Materials status').nullable(),
  materialsNotes: z.string().max(20_000, { message: 'Materials notes are too long' }),
  startDate: dateInput('Start date'),
  endDate: dateInput('Due date'),
  /** Working days; 0 is a milestone. */
  duration: z
    .number({ message: 'Duration must be a number of days' })
    .int({ message: 'Duration must be a whole number of days' })
    .min(0, { message: 'Duration cannot be negative' })
    .max(10_000),
  /** JSON `[{taskId, type, lagDays}]` or a comma-separated list of task ids of the same project. */
  dependencies: z.string().max(20_000).nullable(),
  /**
   * The assignee when it is a member of the company (a user id), or null. A task has at most one
   * assignee: naming a member clears a subcontractor assigned before, and the other way round.
   */
  assignedTo: z.string().min(1).max(100).nullable(),
  /** The assignee when it is a subcontractor of the company's contacts (a contact id), or null. */
  assignedContactId: idInput('Invalid contact id').nullable(),
  position: z.number().int().min(0).max(1_000_000),
  /**
   * The task may not start before this day (a Gantt move, a fixed mobilisation date); the schedule
   * starts it later when its links say so. Null clears it.
   */
  startNoEarlierThan: constraintDate('Start no earlier than'),
  /**
   * When the task's materials are expected on site. Until the materials chain reaches Delivered (or
   * Not Applicable) the task is scheduled to start no earlier than this day and cannot be started.
   */
  materialsExpectedDate: constraintDate('Expected delivery'),
  /**
   * The day work began, set by the server when the task is started (its scheduled start, or today
   * when it began early); send it to correct it. Re-schedules keep it. Null clears it.
   */
  actualStart: constraintDate('Actual start'),
  /** The day the task was finished, set when it is completed; send it to correct it. */
  actualFinish: constraintDate('Actual finish'),
};

/** A body may name a member or a subcontractor as the assignee, not both. */
const oneAssignee = (v: {
  assignedTo?: string | null | undefined;
  assignedContactId?: number | null | undefined;
}) => !v.assignedTo || !v.assignedContactId;
const oneAssigneeMessage = {
  message: 'A task has one assignee: a member or a subcontractor, not both',
  path: ['assignedContactId'],
};

const endNotBeforeStart = (v: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !v.startDate || !v.endDate || Date.parse(v.endDate) >= Date.parse(v.startDate);
const endMessage = { message: 'Due date must be on or after the start date', path: ['endDate'] };
const actualsInOrder = (v: {
  actualStart?: string | null | undefined;
  actualFinish?: string | null | undefined;
}) => !v.actualStart || !v.actualFinish || v.actualFinish >= v.actualStart;
const actualsMessage = {
  message: 'Actual finish must be on or after the actual start',
  path: ['actualFinish'],
};

/**
 * A new task. Left out: phase Planning, status from the progress (not-started at 0),
 * progress 0, not critical, start now, due 7 days later, duration from the dates.
 */
export const createTaskBody = z
  .object({
    ...z.object(taskFields).partial().shape,
    name: taskFields.name,
    projectId: idNumber('Project is required'),
  })
  .refine(endNotBeforeStart, endMessage)
  .refine(actualsInOrder, actualsMessage)
  .refine(oneAssignee, oneAssigneeMessage);
export type CreateTaskBody = z.infer<typeof createTaskBody>;
export type CreateTaskInput = z.input<typeof createTaskBody>;

/** A remaining duration sets the progress: it comes alone, not with a progress or a settled status. */
const remainingAlone = (v: {
  remainingDuration?: number | null | undefined;
  progress?: number;
  status?: string;
}) =>
  v.remainingDuration === undefined ||
  v.remainingDuration === null ||
  (v.progress === undefined && v.status !== 'completed' && v.status !== 'not-started');
const remainingMessage = {
  message:
    'A remaining duration sets the progress: send it without a progress or the status completed or not started',
  path: ['remainingDuration'],
};

/**
 * Working days of work left as of the project's data date, or null to derive it from the progress
 * again. Giving it sets the progress (the rule is `src/domain/tasks/remaining-duration.ts`).
 */
const remainingDuration = z
  .number({ message: 'Remaining duration must be a number of days' })
  .int({ message: 'Remaining duration must be a whole number of days' })
  .min(0, { message: 'Remaining duration cannot be negative' })
  .max(10_000, { message: 'Remaining duration must be at most 10000 days' })
  .nullable();

/**
 * Any field of a task; a body with only `progress` also sets the status (progress-bar rule). A
 * `remainingDuration` sets the progress and cannot be sent with `progress` or the status completed or
 * not-started.
 */
export const updateTaskBody = z
  .object({ ...taskFields, remainingDuration })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' })
  .refine(remainingAlone, remainingMessage)
  .refine(endNotBeforeStart, endMessage)
  .refine(actualsInOrder, actualsMessage)
  .refine(oneAssignee, oneAssigneeMessage);
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;
export type UpdateTaskInput = z.input<typeof updateTaskBody>;

export const taskDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    parentTaskId: z.number().int().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    duration: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    isCritical: z.boolean(),
    progress: z.number().int(),
    status: z.enum(TASK_STATUSES),
    dependencies: z.string().nullable(),
    assignedTo: z.string().nullable(),
    assignedContactId: z.number().int().nullable(),
    /**
     * The assignee's name as it was when they were assigned; kept when the member or contact is
     * deleted later (their id is then null). Null when unassigned.
     */
    assigneeName: z.string().nullable(),
    materials: z.string(),
    specifications: z.string(),
    estimatedCost: z.string().nullable(),
    phase: z.string().nullable(),
    punchlist: z.string(),
    materialsStatus: z.string().nullable(),
    materialsNotes: z.string(),
    position: z.number().int(),
    /** `YYYY-MM-DD` or null. */
    startNoEarlierThan: z.string().nullable(),
    /** `YYYY-MM-DD` or null. */
    materialsExpectedDate: z.string().nullable(),
    /** `YYYY-MM-DD` or null: when work began (kept by every re-schedule). */
    actualStart: z.string().nullable(),
    /** `YYYY-MM-DD` or null: when the task was finished. */
    actualFinish: z.string().nullable(),
    /**
     * Working days left as of the data date: 0 when finished, the figure given for the task, or
     * `round(duration × (1 − progress / 100))`.
     */
    remainingDuration: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Task' });
export type TaskDto = z.infer<typeof taskDto>;

/**
 * `GET /api/tasks`: the company's tasks, or those of one project, or those of a period. A task is in
 * the period `from`…`to` (calendar days, both included) when it starts on or before `to` and ends on
 * or after `from`: one spanning the whole period is in it. Either edge may be left out.
 */
export const listTasksQuery = z
  .object({
    from: calendarDay('From').optional(),
    to: calendarDay('To').optional(),
    projectId: idText('Invalid project id').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type ListTasksQuery = z.infer<typeof listTasksQuery>;
export type ListTasksInput = z.input<typeof listTasksQuery>;

/** Who a task is assigned to: a member of the company, a subcontractor, or a name left by one deleted. */
export const ASSIGNEE_KINDS = ['member', 'contact', 'former'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];

/**
 * A task as lists and calendars show it: what the schedule screen needs and no more (no checklist,
 * materials or links), with its project's name and the assignee's current name.
 */
export const taskListItemDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    projectName: z.string(),
    name: z.string(),
    phase: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(TASK_STATUSES),
    progress: z.number().int(),
    isCritical: z.boolean(),
    assignedTo: z.string().nullable(),
    assignedContactId: z.number().int().nullable(),
    /** The assignee's name today, or as it was when a deleted member or contact was assigned. */
    assigneeName: z.string().nullable(),
    assigneeKind: z.enum(ASSIGNEE_KINDS).nullable(),
  })
  .meta({ id: 'TaskListItem' });
export type TaskListItemDto = z.infer<typeof taskListItemDto>;

/** One task's schedule state as it was before a change, put back by `POST /api/tasks/restore`. */
export const restoredTaskState = z.object({
  id: idNumber('Task is required'),
  startDate: dateInput('Start date'),
  endDate: dateInput('Due date'),
  duration: taskFields.duration,
  isCritical: taskFields.isCritical,
  progress,
  status: taskFields.status,
  startNoEarlierThan: taskFields.startNoEarlierThan,
  actualStart: taskFields.actualStart,
  actualFinish: taskFields.actualFinish,
  remainingDuration,
});
export type RestoredTaskState = z.infer<typeof restoredTaskState>;

/**
 * `POST /api/tasks/restore`: undo. Puts the tasks of one project back exactly as they were (their
 * dates, progress, status, actual dates and start constraints, as a task list read before the change
 * had them); every id must be a task of that project.
 */
export const restoreTasksBody = z.object({
  projectId: idNumber('Project is required'),
  tasks: z.array(restoredTaskState).min(1, { message: 'Nothing to restore' }).max(5_000),
});
export type RestoreTasksBody = z.infer<typeof restoreTasksBody>;

/**
 * A task write refused: a schedule error (`cycle`, `taskId`), or `date_not_allowed` for a typed start
 * or due date the schedule cannot keep — `errors` gives each field's reason and `nearest` the nearest
 * day that can be kept.
 */
export const taskWriteErrorDto = errorDto
  .extend({
    cycle: z.array(z.number().int()).optional(),
    taskId: z.number().int().optional(),
    nearest: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'TaskWriteError' });
export type TaskWriteErrorDto = z.infer<typeof taskWriteErrorDto>;
