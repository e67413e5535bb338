/**
 * Progress and actual dates: starting a task needs its materials on site, and starting, completing
 * or setting a task back records or clears its actual dates (see the module README).
 */
import {
  actualDatesAfter,
  EMPTY_MATERIALS,
  isCompleted,
  materialsStartProblem,
  parseMaterialsStatus,
  progressChangeForRemaining,
  progressForRemaining,
} from '../../../domain/tasks/index.js';
import { AppError } from '../../errors.js';
import { fieldError } from './task-input.js';
import type { NewTask, TaskRow } from './tasks.repo.js';

/** The calendar date (UTC) of a timestamp, as actual dates are stored. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The actual dates a request body sends (undefined: not sent; null: cleared). */
export interface ActualDatesGiven {
  actualStart?: string | null | undefined;
  actualFinish?: string | null | undefined;
}

/**
 * The actual dates of a task after a change (see `actualDatesAfter`): set when it is started or
 * completed, cleared when set back; dates the body gives win.
 */
export function actualsOf(
  task: { status: string; progress: number; startDate: Date; endDate: Date },
  given: ActualDatesGiven,
  stored: { actualStart: string | null; actualFinish: string | null },
  today: Date,
) {
  const actuals = actualDatesAfter(
    {
      status: task.status,
      progress: task.progress,
      startDate: dayOf(task.startDate),
      endDate: dayOf(task.endDate),
      actualStart: given.actualStart !== undefined ? given.actualStart : stored.actualStart,
      actualFinish: given.actualFinish !== undefined ? given.actualFinish : stored.actualFinish,
    },
    dayOf(today),
  );
  // An actual start cleared on a task under way stays cleared (the schedule then places it by its links).
  if (given.actualStart === null && stored.actualStart !== null) actuals.actualStart = null;
  if (actuals.actualFinish && actuals.actualStart && actuals.actualFinish < actuals.actualStart) {
    throw fieldError('actualFinish', 'Actual finish must be on or after the actual start');
  }
  return actuals;
}

/**
 * Refuses (409 `materials_not_delivered`) a task put in a started state — progress above 0 or a
 * started status — while its materials are listed and not delivered; the message names the steps
 * still missing. `task` is the task as it would be after the change.
 */
export function checkMaterialsBeforeStart(task: {
  status: string;
  progress: number;
  materialsStatus: string | null;
  materialsExpectedDate: string | null;
}): void {
  const materials = parseMaterialsStatus(task.materialsStatus);
  const problem = materialsStartProblem({
    status: task.status,
    progress: task.progress,
    materials: materials.ok ? materials.value : EMPTY_MATERIALS,
    materialsExpectedDate: task.materialsExpectedDate,
  });
  if (problem) throw new AppError(409, 'materials_not_delivered', problem);
}

/**
 * The remaining-duration side of an edit (the rule is `remaining-duration.ts` in the tasks domain),
 * added to `values` before the progress side: a remaining duration given sets the progress (and
 * starts a task not begun); a new progress or status forgets a remaining duration given before; a
 * new duration re-reads the progress from a given remaining duration. Null derives it again.
 */
export function applyRemainingEdit(
  values: Partial<NewTask>,
  current: TaskRow,
  remaining: number | null | undefined,
): void {
  const duration = values.duration ?? current.duration;
  if (remaining === null) {
    values.remainingDuration = null;
  } else if (remaining !== undefined) {
    const change = progressChangeForRemaining(
      { duration, status: values.status ?? current.status },
      remaining,
    );
    Object.assign(values, { remainingDuration: remaining }, change);
  } else if (
    (values.progress !== undefined && values.progress !== current.progress) ||
    (values.status !== undefined && values.status !== current.status)
  ) {
    values.remainingDuration = null;
  } else if (duration !== current.duration && current.remainingDuration !== null && !isCompleted(current)) {
    values.progress = progressForRemaining(duration, current.remainingDuration);
  }
}

/**
 * The progress side of an edit of a stored task, added to `values` (the edit's checked changes so
 * far). Starting the task (a new status or progress) needs its materials on site; a form that
 * resends the stored status, or a change of the materials alone, is not a start. A change of
 * status, progress or either actual date records the task's actual dates.
 */
export function applyProgressEdit(
  values: Partial<NewTask>,
  current: TaskRow,
  given: ActualDatesGiven,
  now: () => Date,
): void {
  const starts =
    (values.status !== undefined && values.status !== current.status) ||
    (values.progress !== undefined && values.progress !== current.progress);
  if (starts) {
    checkMaterialsBeforeStart({
      status: values.status ?? current.status,
      progress: values.progress ?? current.progress,
      materialsStatus:
        values.materialsStatus !== undefined ? values.materialsStatus : current.materialsStatus,
      materialsExpectedDate:
        values.materialsExpectedDate !== undefined
          ? values.materialsExpectedDate
          : current.materialsExpectedDate,
    });
  }
  if (
    values.status !== undefined ||
    values.progress !== undefined ||
    given.actualStart !== undefined ||
    given.actualFinish !== undefined
  ) {
    Object.assign(
      values,
      actualsOf(
        {
          status: values.status ?? current.status,
          progress: values.progress ?? current.progress,
          startDate: current.startDate,
          endDate: current.endDate,
        },
        given,
        current,
        now(),
      ),
    );
  }
}
