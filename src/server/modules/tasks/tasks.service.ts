import type { CreateTaskBody, TaskDto, UpdateTaskBody } from '../../../contracts/tasks.js';
import {
  EMPTY_MATERIALS,
  findDependencyCycle,
  parseDependencies,
  parseMaterialsStatus,
  parsePunchlist,
  remapDependencies,
  resetPunchlist,
  serializeDependencies,
  serializeMaterialsStatus,
  serializePunchlist,
  statusForProgress,
  withoutDependencyOn,
} from '../../../domain/tasks/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { requireProject } from '../projects/project-scope.js';
import { type NewTask, type TaskRow, tasksRepo } from './tasks.repo.js';

const DAY = 24 * 60 * 60 * 1000;
/** A new task is due this long after it starts (spec §9). */
export const NEW_TASK_DAYS = 7;
export const DEFAULT_PHASE = 'Planning';

export function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    projectId: row.projectId,
    parentTaskId: row.parentTaskId,
    name: row.name,
    description: row.description,
    duration: row.duration,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    isCritical: row.isCritical,
    progress: row.progress,
    status: row.status,
    dependencies: row.dependencies,
    assignedTo: row.assignedTo,
    materials: row.materials,
    specifications: row.specifications,
    estimatedCost: row.estimatedCost,
    phase: row.phase,
    punchlist: row.punchlist,
    materialsStatus: row.materialsStatus,
    materialsNotes: row.materialsNotes,
    position: row.position,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

/** The checklist text, checked against the item shapes and rules, stored in its normal form. */
function checkedPunchlist(text: string): string {
  const list = parsePunchlist(text);
  if (!list.ok) throw fieldError('punchlist', `Punchlist ${list.error}`);
  return serializePunchlist(list.value);
}

/** The materials flags, checked against the chain rules; empty text or null clears them. */
function checkedMaterials(text: string | null): string | null {
  if (text === null || text.trim() === '') return null;
  const state = parseMaterialsStatus(text);
  if (!state.ok) throw fieldError('materialsStatus', `Materials status ${state.error}`);
  return serializeMaterialsStatus(state.value);
}

const endBeforeStart = () => fieldError('endDate', 'Due date must be on or after the start date');

export function tasksService(ctx: AppContext) {
  const { db } = ctx;
  const documents = documentsService(ctx);

  /**
   * The dependency text, checked: readable, naming only other tasks of the same project, and
   * (for an existing task) not closing a loop. Stored as JSON links; null when empty.
   */
  async function checkedDependencies(
    tx: Db,
    companyId: number,
    projectId: number,
    taskId: number | null,
    text: string | null,
  ): Promise<string | null> {
    const links = parseDependencies(text);
    if (!links.ok) throw fieldError('dependencies', `Dependencies ${links.error}`);
    if (links.value.length === 0) return null;
    if (taskId !== null && links.value.some((l) => l.taskId === taskId)) {
      throw fieldError('dependencies', 'A task cannot depend on itself');
    }
    const others = await tasksRepo.links(tx, companyId, projectId, taskId ?? 0);
    const known = new Set(others.map((o) => o.id));
    const unknown = links.value.filter((l) => !known.has(l.taskId)).map((l) => l.taskId);
    if (unknown.length) {
      throw fieldError(
        'dependencies',
        `Dependencies must be tasks of the same project (not found: ${unknown.join(', ')})`,
      );
    }
    if (taskId !== null) {
      // The task first, so that a loop is reported from it.
      const graph = new Map<number, number[]>([[taskId, links.value.map((l) => l.taskId)]]);
      for (const o of others) {
        const deps = parseDependencies(o.dependencies);
        graph.set(o.id, deps.ok ? deps.value.map((l) => l.taskId) : []);
      }
      const cycle = findDependencyCycle(graph);
      if (cycle) throw fieldError('dependencies', `Dependencies would form a loop: ${cycle.join(' → ')}`);
    }
    return serializeDependencies(links.value);
  }

  async function checkedAssignee(tx: Db, companyId: number, userId: string | null | undefined) {
    if (userId === null || userId === undefined) return null;
    if (!(await tasksRepo.isCompanyUser(tx, companyId, userId))) {
      throw fieldError('assignedTo', 'The assignee must be a member of your company');
    }
    return userId;
  }

  async function get(tenant: Tenant, id: number) {
    const row = await tasksRepo.findById(db, tenant.companyId, id);
    if (!row) throw notFound('task');
    return row;
  }

  return {
    get,

    list: (tenant: Tenant) => tasksRepo.list(db, tenant.companyId),

    async listForProject(tenant: Tenant, projectId: number) {
      await requireProject(db, tenant.companyId, projectId);
      return tasksRepo.listByProject(db, tenant.companyId, projectId);
    },

    /** A new task with the defaults of spec §9 for whatever the body leaves out. */
    create(tenant: Tenant, body: CreateTaskBody) {
      const { companyId } = tenant;
      return db.transaction(async (tx) => {
        await requireProject(tx, companyId, body.projectId, 'key share');
        const startDate = body.startDate ? new Date(body.startDate) : ctx.now();
        const endDate = body.endDate
          ? new Date(body.endDate)
          : new Date(startDate.getTime() + NEW_TASK_DAYS * DAY);
        if (endDate < startDate) throw endBeforeStart();
        const progress = body.progress ?? 0;
        return tasksRepo.insert(tx, companyId, {
          projectId: body.projectId,
          name: body.name,
          description: body.description ?? null,
          phase: body.phase || DEFAULT_PHASE,
          status: body.status ?? statusForProgress(progress),
          progress,
          isCritical: body.isCritical ?? false,
          startDate,
          endDate,
          duration: body.duration ?? Math.max(0, Math.round((endDate.getTime() - startDate.getTime()) / DAY)),
          punchlist: checkedPunchlist(body.punchlist ?? '[]'),
          materialsStatus: checkedMaterials(body.materialsStatus ?? null),
          materialsNotes: body.materialsNotes ?? '',
          dependencies: await checkedDependencies(
            tx,
            companyId,
            body.projectId,
            null,
            body.dependencies ?? null,
          ),
          assignedTo: await checkedAssignee(tx, companyId, body.assignedTo),
          position: body.position ?? (await tasksRepo.nextPosition(tx, companyId, body.projectId)),
          createdBy: tenant.userId,
        });
      });
    },

    /**
     * Changes the fields the body names. Progress without a status also sets the status by the
     * progress-bar rule (0 not-started, 100 completed, else in-progress).
     */
    update(tenant: Tenant, id: number, body: UpdateTaskBody) {
      const { companyId } = tenant;
      return db.transaction(async (tx) => {
        const current = await tasksRepo.findById(tx, companyId, id, 'update');
        if (!current) throw notFound('task');
        const values: Partial<NewTask> = {};
        if (body.name !== undefined) values.name = body.name;
        if (body.description !== undefined) values.description = body.description;
        if (body.phase !== undefined) values.phase = body.phase || null;
        if (body.status !== undefined) values.status = body.status;
        if (body.progress !== undefined) {
          values.progress = body.progress;
          if (body.status === undefined) values.status = statusForProgress(body.progress);
        }
        if (body.isCritical !== undefined) values.isCritical = body.isCritical;
        if (body.duration !== undefined) values.duration = body.duration;
        if (body.position !== undefined) values.position = body.position;
        if (body.materialsNotes !== undefined) values.materialsNotes = body.materialsNotes;
        if (body.punchlist !== undefined) values.punchlist = checkedPunchlist(body.punchlist);
        if (body.materialsStatus !== undefined)
          values.materialsStatus = checkedMaterials(body.materialsStatus);
        if (body.startDate !== undefined) values.startDate = new Date(body.startDate);
        if (body.endDate !== undefined) values.endDate = new Date(body.endDate);
        if ((values.endDate ?? current.endDate) < (values.startDate ?? current.startDate))
          throw endBeforeStart();
        if (body.dependencies !== undefined) {
          values.dependencies = await checkedDependencies(
            tx,
            companyId,
            current.projectId,
            id,
            body.dependencies,
          );
        }
        if (body.assignedTo !== undefined)
          values.assignedTo = await checkedAssignee(tx, companyId, body.assignedTo);
        const row = await tasksRepo.update(tx, companyId, id, values);
        if (!row) throw notFound('task');
        return row;
      });
    },

    /** Deletes the task, its updates and documents (rows, then stored files), and links to it. */
    async delete(tenant: Tenant, id: number, log: CleanupLog) {
      const { companyId } = tenant;
      const keys = await db.transaction(async (tx) => {
        const task = await tasksRepo.findById(tx, companyId, id, 'update');
        if (!task) throw notFound('task');
        const files = await documents.storedFilesOfTasks(tx, companyId, [id]);
        await tasksRepo.delete(tx, companyId, id);
        for (const other of await tasksRepo.withDependencies(tx, companyId, task.projectId)) {
          const links = parseDependencies(other.dependencies);
          if (links.ok && links.value.some((l) => l.taskId === id)) {
            await tasksRepo.update(tx, companyId, other.id, {
              dependencies: withoutDependencyOn(other.dependencies, id),
            });
          }
        }
        return files;
      });
      await documents.removeStoredFiles(keys, log);
    },

    /**
     * Copies a project's tasks into another project of the same company (inside the caller's
     * transaction): checklists reset, materials steps cleared (Not Applicable kept), progress 0,
     * not-started, dates moved by `shiftMs`, sub-task and dependency links pointed at the copies.
     */
    async copyProjectTasks(
      tx: Db,
      tenant: Tenant,
      fromProjectId: number,
      toProjectId: number,
      shiftMs: number,
    ): Promise<number> {
      const { companyId } = tenant;
      const source = await tasksRepo.listByProject(tx, companyId, fromProjectId);
      const copies = new Map<number, number>();
      for (const t of source) {
        const punchlist = parsePunchlist(t.punchlist);
        const materials = parseMaterialsStatus(t.materialsStatus);
        const row = await tasksRepo.insert(tx, companyId, {
          projectId: toProjectId,
          parentTaskId: null,
          name: t.name,
          description: t.description,
          duration: t.duration,
          startDate: new Date(t.startDate.getTime() + shiftMs),
          endDate: new Date(t.endDate.getTime() + shiftMs),
          isCritical: t.isCritical,
          progress: 0,
          status: 'not-started',
          dependencies: null,
          assignedTo: t.assignedTo,
          materials: t.materials,
          specifications: t.specifications,
          estimatedCost: t.estimatedCost,
          phase: t.phase,
          punchlist: punchlist.ok ? serializePunchlist(resetPunchlist(punchlist.value)) : '[]',
          materialsStatus:
            materials.ok && materials.value.notApplicable
              ? serializeMaterialsStatus({ ...EMPTY_MATERIALS, notApplicable: true })
              : null,
          materialsNotes: t.materialsNotes,
          position: t.position,
          createdBy: tenant.userId,
        });
        copies.set(t.id, row.id);
      }
      for (const t of source) {
        const copyId = copies.get(t.id);
        const dependencies = remapDependencies(t.dependencies, copies);
        const parentTaskId = t.parentTaskId === null ? null : (copies.get(t.parentTaskId) ?? null);
        if (copyId !== undefined && (dependencies !== null || parentTaskId !== null)) {
          await tasksRepo.update(tx, companyId, copyId, { dependencies, parentTaskId });
        }
      }
      return copies.size;
    },
  };
}
