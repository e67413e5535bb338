/**
 * Undo of a progress or date change: the project's tasks put back as a list read before the change
 * had them. The values are written as given (no re-schedule: they were the schedule before), under
 * the project's schedule lock like every scheduling write, and the project's end date follows them
 * back to the finish it had; an id that is not a task of the project is a 400 naming it, and nothing
 * is written.
 */
import type { RestoreTasksBody } from '../../../contracts/tasks.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { fieldError } from './task-input.js';
import { followFinish, type TaskWrites } from './task-writes.js';
import { tasksRepo } from './tasks.repo.js';

export function restoreTasks(writes: TaskWrites, tenant: Tenant, body: RestoreTasksBody): Promise<void> {
  const { companyId } = tenant;
  return writes.ctx.db.transaction(async (tx) => {
    await writes.schedule.lockProject(tx, companyId, body.projectId);
    const known = new Set((await tasksRepo.links(tx, companyId, body.projectId)).map((t) => t.id));
    const unknown = body.tasks.filter((t) => !known.has(t.id)).map((t) => t.id);
    if (unknown.length) {
      throw fieldError('tasks', `Tasks must be tasks of the project (not found: ${unknown.join(', ')})`);
    }
    for (const { id, startDate, endDate, ...state } of body.tasks) {
      await tasksRepo.update(tx, companyId, id, {
        ...state,
        startDate: new Date(startDate),
        endDate: new Date(endDate),
      });
    }
    // The project's end date is the finish of the tasks as restored: what it was before the change.
    await followFinish(tx, tenant, body.projectId);
  });
}
