/** Editing a task: the fields the body names, checked, and the re-schedule a scheduling edit makes. */
import type { UpdateTaskBody } from '../../../contracts/tasks.js';
import { statusForProgress } from '../../../domain/tasks/index.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { assigneeChange } from './task-assignee.js';
import {
  checkedDependencies,
  checkedMaterials,
  checkedPunchlist,
  endBeforeStart,
  fieldError,
} from './task-input.js';
import { applyProgressEdit, applyRemainingEdit } from './task-progress.js';
import {
  changesSchedule,
  namesSchedulingField,
  overriddenFields,
  type TaskChange,
} from './task-scheduling.js';
import { followFinish, rescheduled, type TaskWrites } from './task-writes.js';
import { type NewTask, tasksRepo } from './tasks.repo.js';
import { requireTypedDatesKept, typedDateValues, typedDays } from './typed-dates.js';

/**
 * The fields of the body that need no other row to check, in their stored form. Progress without a
 * status also sets the status by the progress-bar rule.
 */
function editedFields(body: UpdateTaskBody): Partial<NewTask> {
  const values: Partial<NewTask> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.description !== undefined) values.description = body.description;
  if (body.phase !== undefined) values.phase = body.phase || null;
  if (body.status !== undefined) values.status = body.status;
  if (body.progress !== undefined) {
    values.progress = body.progress;
    if (body.status === undefined) values.status = statusForProgress(body.progress);
  }
  // Not started means no work done: the progress goes back to 0 (the actual dates are cleared with it).
  if (body.status === 'not-started') {
    if (body.progress !== undefined && body.progress > 0) {
      throw fieldError('progress', 'A task not started has no progress: send 0 or another status');
    }
    if (body.actualStart || body.actualFinish) {
      throw fieldError(
        body.actualStart ? 'actualStart' : 'actualFinish',
        'A task not started has no actual dates: send another status, or null to clear them',
      );
    }
    values.progress = 0;
  }
  if (body.isCritical !== undefined) values.isCritical = body.isCritical;
  if (body.duration !== undefined) values.duration = body.duration;
  if (body.position !== undefined) values.position = body.position;
  if (body.materialsNotes !== undefined) values.materialsNotes = body.materialsNotes;
  if (body.punchlist !== undefined) values.punchlist = checkedPunchlist(body.punchlist);
  if (body.materialsStatus !== undefined) values.materialsStatus = checkedMaterials(body.materialsStatus);
  if (body.startNoEarlierThan !== undefined) values.startNoEarlierThan = body.startNoEarlierThan;
  if (body.materialsExpectedDate !== undefined) values.materialsExpectedDate = body.materialsExpectedDate;
  // Typed start and due dates are kept as a start constraint and a duration, or refused
  // (`typed-dates.ts`); both sent out of order are a 400 before anything is read.
  if (body.startDate && body.endDate && Date.parse(body.endDate) < Date.parse(body.startDate)) {
    throw endBeforeStart();
  }
  return values;
}

/**
 * Changes the fields the body names. Progress without a status also sets the status by the
 * progress-bar rule (0 not-started, 100 completed, else in-progress). A change of duration,
 * dates or dependencies re-schedules the project in the same transaction (the project locked
 * before the task row); the task is answered as re-scheduled, and a cycle or unreadable
 * dependencies (422) leave everything as it was. Other edits do not touch the schedule.
 */
export function updateTask(
  writes: TaskWrites,
  tenant: Tenant,
  id: number,
  body: UpdateTaskBody,
): Promise<TaskChange> {
  const { ctx } = writes;
  const { companyId } = tenant;
  return ctx.db.transaction(async (tx) => {
    // The project's data date: with one, a change of the work left moves the task's finish.
    let dataDate: string | null = null;
    let calendar: unknown = null;
    if (namesSchedulingField(body)) {
      // Every writer takes the project's schedule lock before any task row (no deadlock).
      const task = await tasksRepo.findById(tx, companyId, id);
      if (!task) throw notFound('task');
      ({ dataDate, calendar } = await writes.schedule.lockProject(tx, companyId, task.projectId));
    }
    const current = await tasksRepo.findById(tx, companyId, id, 'update');
    if (!current) throw notFound('task');
    const values = editedFields(body);
    const typed = typedDays(body);
    if (typed) {
      const kept = await typedDateValues(tx, companyId, current, calendar, typed);
      if (body.startNoEarlierThan === undefined && kept.startNoEarlierThan !== undefined) {
        values.startNoEarlierThan = kept.startNoEarlierThan;
      }
      if (body.duration === undefined && kept.duration !== undefined) values.duration = kept.duration;
    }
    if (body.dependencies !== undefined) {
      values.dependencies = await checkedDependencies(
        tx,
        companyId,
        current.projectId,
        id,
        body.dependencies,
      );
    }
    Object.assign(values, await assigneeChange(tx, companyId, body, current));
    applyRemainingEdit(values, current, body.remainingDuration);
    applyProgressEdit(values, current, body, () => ctx.now());
    const row = await tasksRepo.update(tx, companyId, id, values);
    if (!row) throw notFound('task');
    if (!changesSchedule(current, values, dataDate)) return { task: row, rescheduled: false, overridden: [] };
    const task = await rescheduled(writes, tx, tenant, row);
    if (typed) requireTypedDatesKept(task, typed);
    // Only a re-schedule moves a task's dates on an edit: the project's end date follows it.
    await followFinish(tx, tenant, task.projectId);
    return { task, rescheduled: true, overridden: overriddenFields(values, task) };
  });
}
