/**
 * Which task edits re-schedule the project, and which asked-for values the schedule replaced.
 * Pure: the tasks service decides with these, inside its transaction (see the module README).
 */
import {
  EMPTY_MATERIALS,
  materialsStartConstraint,
  parseMaterialsStatus,
  remainingDurationOf,
} from '../../../domain/tasks/index.js';
import type { NewTask, TaskRow } from './tasks.repo.js';

/**
 * The fields the critical-path schedule reads or writes: a change to one re-schedules the project.
 * The materials status and expected delivery count because, together, they make a start constraint
 * (the expected delivery, until the materials are delivered); status and progress because starting
 * or completing a task records its actual dates, which the schedule keeps, and, with a data date,
 * change the work left on a task under way (as its remaining duration does).
 */
export const SCHEDULING_FIELDS = [
  'duration',
  'startDate',
  'endDate',
  'dependencies',
  'startNoEarlierThan',
  'materialsExpectedDate',
  'materialsStatus',
  'actualStart',
  'actualFinish',
  'status',
  'progress',
  'remainingDuration',
] as const;

/** Fields a client may send that the schedule writes itself when it re-schedules the project. */
export const SCHEDULE_OWNED_FIELDS = ['startDate', 'endDate', 'isCritical'] as const;
export type ScheduleOwnedField = (typeof SCHEDULE_OWNED_FIELDS)[number];

/** A saved task and what the save did to the project's schedule. */
export interface TaskChange {
  task: TaskRow;
  /** The project was re-scheduled in the same transaction (the task is answered as re-scheduled). */
  rescheduled: boolean;
  /** Fields the request set that the schedule then replaced with its own values. */
  overridden: ScheduleOwnedField[];
}

/** Whether a body names a scheduling field at all (then the project lock is taken first). */
export function namesSchedulingField(body: Partial<Record<string, unknown>>): boolean {
  return SCHEDULING_FIELDS.some((field) => body[field] !== undefined);
}

/** The calendar date (UTC) of a timestamp: the schedule dates tasks by day, as the forms send them. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const movesDay = (asked: Date | undefined, stored: Date) =>
  asked !== undefined && dayOf(asked) !== dayOf(stored);

/**
 * Whether the checked values change a scheduling field of the stored task. A value resent unchanged
 * (a form sends every field) is no change; nor is a date on the same calendar day as the stored one.
 * With the project's `dataDate`, so is a change of the working days left on a task under way.
 */
export function changesSchedule(
  current: TaskRow,
  values: Partial<NewTask>,
  dataDate: string | null = null,
): boolean {
  if (dataDate !== null && changesWorkLeft(current, values)) return true;
  if (values.duration !== undefined && values.duration !== current.duration) return true;
  if (movesDay(values.startDate, current.startDate) || movesDay(values.endDate, current.endDate)) return true;
  if (values.startNoEarlierThan !== undefined && values.startNoEarlierThan !== current.startNoEarlierThan)
    return true;
  if (materialsConstraint({ ...current, ...values }) !== materialsConstraint(current)) return true;
  if (movesActual(values.actualStart, current.actualStart, current.startDate)) return true;
  if (movesActual(values.actualFinish, current.actualFinish, current.endDate)) return true;
  return values.dependencies !== undefined && (values.dependencies ?? null) !== current.dependencies;
}

/** Whether the task is under way after the change and the working days left on it differ. */
function changesWorkLeft(current: TaskRow, values: Partial<NewTask>): boolean {
  const after = { ...current, ...values };
  if (!after.actualStart || after.actualFinish) return false;
  return remainingDurationOf(after) !== remainingDurationOf(current);
}

/**
 * Whether a new actual date moves the task: one recorded on the day the task is already dated (a
 * task started on schedule) changes nothing the schedule shows; clearing one lets the task move.
 */
function movesActual(value: string | null | undefined, stored: string | null, dated: Date): boolean {
  if (value === undefined || value === stored) return false;
  return value === null || value !== dayOf(dated);
}

/** The start constraint a task's materials make (their expected delivery while not delivered), or null. */
export function materialsConstraint(task: {
  materialsStatus?: string | null | undefined;
  materialsExpectedDate?: string | null | undefined;
}): string | null {
  const parsed = parseMaterialsStatus(task.materialsStatus);
  return materialsStartConstraint(
    parsed.ok ? parsed.value : EMPTY_MATERIALS,
    task.materialsExpectedDate ?? null,
  );
}

/** The schedule-owned fields whose asked-for value differs from the task as re-scheduled. */
export function overriddenFields(asked: Partial<NewTask>, task: TaskRow): ScheduleOwnedField[] {
  const overridden: ScheduleOwnedField[] = [];
  if (movesDay(asked.startDate, task.startDate)) overridden.push('startDate');
  if (movesDay(asked.endDate, task.endDate)) overridden.push('endDate');
  if (asked.isCritical !== undefined && asked.isCritical !== task.isCritical) overridden.push('isCritical');
  return overridden;
}
