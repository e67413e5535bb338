import type { CreateUpdateBody, UpdateDto } from '../../../contracts/updates.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { requireProject } from '../projects/project-scope.js';
import { tasksService } from '../tasks/tasks.service.js';
import { type UpdateRow, updatesRepo } from './updates.repo.js';

export function toUpdateDto(row: UpdateRow): UpdateDto {
  return {
    id: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    message: row.message,
    priority: row.priority,
    isReminder: row.isReminder,
    reminderDate: row.reminderDate?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function updatesService(ctx: AppContext) {
  const { db } = ctx;
  const tasks = tasksService(ctx);

  return {
    async listForProject(tenant: Tenant, projectId: number) {
      await requireProject(db, tenant.companyId, projectId);
      return updatesRepo.listByProject(db, tenant.companyId, projectId);
    },

    async listForTask(tenant: Tenant, taskId: number) {
      await tasks.get(tenant, taskId);
      return updatesRepo.listByTask(db, tenant.companyId, taskId);
    },

    /** A task update (its project is the task's) or, with only `projectId`, a project update. */
    async create(tenant: Tenant, body: CreateUpdateBody) {
      let projectId = body.projectId ?? null;
      if (body.taskId != null) {
        const task = await tasks.get(tenant, body.taskId);
        if (projectId !== null && projectId !== task.projectId) {
          const message = 'The task belongs to another project';
          throw badRequest(message, { projectId: message });
        }
        projectId = task.projectId;
      }
      if (projectId === null)
        throw badRequest('Choose a task or a project', { taskId: 'Choose a task or a project' });
      return db.transaction(async (tx) => {
        await requireProject(tx, tenant.companyId, projectId, 'key share');
        return updatesRepo.insert(tx, tenant.companyId, {
          projectId,
          taskId: body.taskId ?? null,
          message: body.message,
          priority: body.priority,
          isReminder: body.isReminder,
          reminderDate: body.reminderDate ? new Date(body.reminderDate) : null,
          createdBy: tenant.userId,
        });
      });
    },
  };
}
