/** Deleting a task: its documents, the links to it, and the re-schedule when it was in the network. */
import { parseDependencies, withoutDependencyOn } from '../../../domain/tasks/index.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { CleanupLog } from '../documents/documents.service.js';
import { followFinish, type TaskWrites } from './task-writes.js';
import { tasksRepo } from './tasks.repo.js';

/** Drops the links the project's other tasks have to the deleted task; answers whether any had one. */
async function unlinkDependents(tx: Db, companyId: number, projectId: number, id: number): Promise<boolean> {
  let hadDependents = false;
  for (const other of await tasksRepo.withDependencies(tx, companyId, projectId)) {
    const links = parseDependencies(other.dependencies);
    if (links.ok && links.value.some((l) => l.taskId === id)) {
      hadDependents = true;
      await tasksRepo.update(tx, companyId, other.id, {
        dependencies: withoutDependencyOn(other.dependencies, id),
      });
    }
  }
  return hadDependents;
}

/**
 * Re-schedules the project after a delete; a project that cannot be scheduled (422) keeps its dates
 * and the delete stands (logged). Answers whether the project was re-scheduled.
 */
async function rescheduleAfterDelete(
  writes: TaskWrites,
  tx: Db,
  tenant: Tenant,
  projectId: number,
  log: CleanupLog,
): Promise<boolean> {
  try {
    // Throws its 422 before writing anything: the dates then stay as they were.
    await writes.schedule.reschedule(tx, tenant, projectId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 422) {
      log.warn({ err, projectId }, 'task deleted; its project could not be re-scheduled');
      return false;
    }
    throw err;
  }
}

/**
 * Deletes the task, its updates and documents (rows, then stored files), and links to it. When
 * the task was in the project's network (it had dependents or dependencies, or was critical) the
 * project is re-scheduled in the same transaction; a project that cannot be scheduled (422)
 * keeps its dates and the delete still goes through, since deleting may be how a user repairs it.
 * Answers whether the project was re-scheduled.
 */
export async function deleteTask(
  writes: TaskWrites,
  tenant: Tenant,
  id: number,
  log: CleanupLog,
): Promise<{ rescheduled: boolean }> {
  const { documents } = writes;
  const { companyId } = tenant;
  const { files, rescheduled } = await writes.ctx.db.transaction(async (tx) => {
    const found = await tasksRepo.findById(tx, companyId, id);
    if (!found) throw notFound('task');
    await writes.schedule.lockProject(tx, companyId, found.projectId);
    const task = await tasksRepo.findById(tx, companyId, id, 'update');
    if (!task) throw notFound('task');
    const files = await documents.storedFilesOfTasks(tx, companyId, [id]);
    await tasksRepo.delete(tx, companyId, id);
    const hadDependents = await unlinkDependents(tx, companyId, task.projectId, id);
    const inNetwork = hadDependents || task.dependencies !== null || task.isCritical;
    const rescheduled = inNetwork && (await rescheduleAfterDelete(writes, tx, tenant, task.projectId, log));
    // Whether or not it re-scheduled, the finish may have gone with the task.
    await followFinish(tx, tenant, task.projectId);
    return { files, rescheduled };
  });
  await documents.removeStoredFiles(files, log);
  return { rescheduled };
}
