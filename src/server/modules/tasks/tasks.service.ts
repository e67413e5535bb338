/**
 * The tasks service: reads, and the writes that live beside it (`create-task.ts`, `update-task.ts`,
 * `delete-task.ts`, `shift-not-started.ts`, `copy-project-tasks.ts`). Every write of the `tasks`
 * table goes through here; other modules call this service.
 */
import type {
  CreateTaskBody,
  ListTasksQuery,
  RestoreTasksBody,
  UpdateTaskBody,
} from '../../../contracts/tasks.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { requireProject } from '../projects/project-scope.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { copyProjectTasks } from './copy-project-tasks.js';
import { createTask } from './create-task.js';
import { deleteTask } from './delete-task.js';
import { restoreTasks } from './restore-tasks.js';
import { shiftNotStarted } from './shift-not-started.js';
import type { TaskChange } from './task-scheduling.js';
import type { TaskWrites } from './task-writes.js';
import { tasksRepo } from './tasks.repo.js';
import { updateTask } from './update-task.js';

export { DEFAULT_PHASE, NEW_TASK_DAYS } from './create-task.js';
export { toTaskDto } from './task-dto.js';

export function tasksService(ctx: AppContext) {
  const { db } = ctx;
  const writes: TaskWrites = { ctx, documents: documentsService(ctx), schedule: scheduleService(ctx) };

  async function get(tenant: Tenant, id: number) {
    const row = await tasksRepo.findById(db, tenant.companyId, id);
    if (!row) throw notFound('task');
    return row;
  }

  return {
    get,

    /**
     * The company's tasks as lists show them, in timeline order: all of them, one project's (another
     * company's project is a 404, as everywhere), and/or those of a period.
     */
    async list(tenant: Tenant, query: ListTasksQuery) {
      if (query.projectId !== undefined) await requireProject(db, tenant.companyId, query.projectId);
      return tasksRepo.listItems(db, tenant.companyId, query);
    },

    async listForProject(tenant: Tenant, projectId: number) {
      await requireProject(db, tenant.companyId, projectId);
      return tasksRepo.listByProject(db, tenant.companyId, projectId);
    },

    /** A new task with defaults; one with links or a start constraint is scheduled at once (`create-task.ts`). */
    create(tenant: Tenant, body: CreateTaskBody): Promise<TaskChange> {
      return createTask(writes, tenant, body);
    },

    /** Changes the fields the body names; a scheduling edit re-schedules the project (`update-task.ts`). */
    update(tenant: Tenant, id: number, body: UpdateTaskBody): Promise<TaskChange> {
      return updateTask(writes, tenant, id, body);
    },

    /** Deletes the task and what hangs on it, re-scheduling when it was in the network (`delete-task.ts`). */
    delete(tenant: Tenant, id: number, log: CleanupLog): Promise<{ rescheduled: boolean }> {
      return deleteTask(writes, tenant, id, log);
    },

    /** Undo: puts a project's tasks back as they were before a change (`restore-tasks.ts`). */
    restore(tenant: Tenant, body: RestoreTasksBody): Promise<void> {
      return restoreTasks(writes, tenant, body);
    },

    copyProjectTasks,

    shiftNotStarted,
  };
}
