/**
 * Whether a task may be started: a task whose materials are not yet delivered cannot be marked
 * started. A task counts as started when it has progress or a status
 * that says work is under way; it may not be put in that state while its materials are pending
 * (listed and not delivered, see {@link materialsPending}).
 */
import {
  MATERIAL_STEP_LABELS,
  type MaterialsStatus,
  materialsPending,
  stepsToDelivery,
} from './materials.js';

/** Statuses that say work on the task has begun. */
export const STARTED_STATUSES = ['in-progress', 'on-track', 'behind', 'completed'] as const;

/** Whether a task in this state has started: progress above 0 or a started status. */
export function isStarted(task: { status: string; progress: number }): boolean {
  return task.progress > 0 || (STARTED_STATUSES as readonly string[]).includes(task.status);
}

/** A task as the start rule reads it, after the change being checked. */
export interface TaskStartState {
  status: string;
  progress: number;
  materials: MaterialsStatus;
  /** Expected delivery of the materials, `YYYY-MM-DD`, or null. */
  materialsExpectedDate: string | null;
}

/**
 * Why the task cannot be in this state, or null when it can: it is started while its materials are
 * pending. The sentence names the steps still missing up to Delivered and the expected delivery.
 */
export function materialsStartProblem(task: TaskStartState): string | null {
  if (!isStarted(task) || !materialsPending(task.materials, task.materialsExpectedDate)) return null;
  const missing = stepsToDelivery(task.materials).map((step) => MATERIAL_STEP_LABELS[step]);
  const expected = task.materialsExpectedDate ? ` (expected ${task.materialsExpectedDate})` : '';
  return (
    `The task's materials are not delivered yet${expected}: still to tick ${missing.join(', ')}. ` +
    'Tick Delivered in Materials Status, or mark the materials Not Applicable, before starting the task.'
  );
}
