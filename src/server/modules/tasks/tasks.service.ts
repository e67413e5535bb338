import type { CreateTaskBody, ListTasksQuery, TaskDto, UpdateTaskBody } from '../../../contracts/tasks.js';
import {
  EMPTY_MATERIALS,
  materialsStartProblem,
  parseDependencies,
  parseMaterialsStatus,
  parsePunchlist,
  serializeDependencies,
  serializeMaterialsStatus,
  serializePunchlist,
  statusForProgress,
  withoutDependencyOn,
} from '../../../domain/tasks/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { requireProject } from '../projects/project-scope.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { copyProjectTasks } from './copy-project-tasks.js';
import { assigneeChange, UNASSIGNED } from './task-assignee.js';
import {
  changesSchedule,
  materialsConstraint,
  namesSchedulingField,
  overriddenFields,
  type TaskChange,
} from './task-scheduling.js';
import { type NewTask, type TaskRow, tasksRepo } from './tasks.repo.js';

const DAY = 24 * 60 * 60 * 1000;
/** A new task is due this long after it starts. */
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
    assignedContactId: row.assignedContactId,
    assigneeName: row.assigneeName,
    materials: row.materials,
    specifications: row.specifications,
    estimatedCost: row.estimatedCost,
    phase: row.phase,
    punchlist: row.punchlist,
    materialsStatus: row.materialsStatus,
    materialsNotes: row.materialsNotes,
    position: row.position,
    startNoEarlierThan: row.startNoEarlierThan,
    materialsExpectedDate: row.materialsExpectedDate,
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

/** The dates a create body asked for (the ones it named), to tell which the schedule replaced. */
function asked(body: CreateTaskBody, values: NewTask): Partial<NewTask> {
  return {
    ...(body.startDate ? { startDate: values.startDate } : {}),
    ...(body.endDate ? { endDate: values.endDate } : {}),
    ...(body.isCritical !== undefined ? { isCritical: values.isCritical } : {}),
  };
}

const endBeforeStart = () => fieldError('endDate', 'Due date must be on or after the start date');

/**
 * Refuses (409 `materials_not_delivered`) a task put in a started state — progress above 0 or a
 * started status — while its materials are listed and not delivered; the message names the steps
 * still missing. `task` is the task as it would be after the change.
 */
function checkMaterialsBeforeStart(task: {
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

export function tasksService(ctx: AppContext) {
  const { db } = ctx;
  const documents = documentsService(ctx);
  const schedule = scheduleService(ctx);

  /**
   * The dependency text, checked: readable, naming other tasks of the same project, not the task
   * itself. Stored as JSON links; null when empty. A loop is the reschedule's to find (422
   * `dependency_cycle` with the task ids on it), which rolls the whole edit back.
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
    return serializeDependencies(links.value);
  }

  async function get(tenant: Tenant, id: number) {
    const row = await tasksRepo.findById(db, tenant.companyId, id);
    if (!row) throw notFound('task');
    return row;
  }

  /** Re-schedules the task's project (lock already held) and reads the task back as scheduled. */
  async function rescheduled(tx: Db, tenant: Tenant, row: TaskRow): Promise<TaskRow> {
    await schedule.reschedule(tx, tenant, row.projectId);
    const task = await tasksRepo.findById(tx, tenant.companyId, row.id);
    if (!task) throw notFound('task');
    return task;
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

    /**
     * A new task with defaults for whatever the body leaves out: phase Planning, progress 0 and the
     * status it gives (not-started), not critical, start now, due 7 days later, duration from the
     * dates, an empty checklist. A task created with dependencies joins the project's network: the
     * project is locked first and re-scheduled in the same transaction, and the task is answered
     * with the dates the schedule gave it.
     */
    create(tenant: Tenant, body: CreateTaskBody): Promise<TaskChange> {
      const { companyId } = tenant;
      // A task with links or a start constraint joins the project's network: it is scheduled at once.
      const linked =
        (body.dependencies !== undefined && body.dependencies !== null) ||
        Boolean(body.startNoEarlierThan) ||
        materialsConstraint(body) !== null;
      return db.transaction(async (tx) => {
        if (linked) await schedule.lockProject(tx, companyId, body.projectId);
        else await requireProject(tx, companyId, body.projectId, 'key share');
        const startDate = body.startDate ? new Date(body.startDate) : ctx.now();
        const endDate = body.endDate
          ? new Date(body.endDate)
          : new Date(startDate.getTime() + NEW_TASK_DAYS * DAY);
        if (endDate < startDate) throw endBeforeStart();
        const progress = body.progress ?? 0;
        const values: NewTask = {
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
          ...((await assigneeChange(tx, companyId, body)) ?? UNASSIGNED),
          position: body.position ?? (await tasksRepo.nextPosition(tx, companyId, body.projectId)),
          startNoEarlierThan: body.startNoEarlierThan ?? null,
          materialsExpectedDate: body.materialsExpectedDate ?? null,
          createdBy: tenant.userId,
        };
        checkMaterialsBeforeStart({
          status: values.status ?? 'not-started',
          progress,
          materialsStatus: values.materialsStatus ?? null,
          materialsExpectedDate: values.materialsExpectedDate ?? null,
        });
        const row = await tasksRepo.insert(tx, companyId, values);
        const joins =
          values.dependencies !== null ||
          values.startNoEarlierThan !== null ||
          materialsConstraint(values) !== null;
        if (!joins) return { task: row, rescheduled: false, overridden: [] };
        const task = await rescheduled(tx, tenant, row);
        return { task, rescheduled: true, overridden: overriddenFields(asked(body, values), task) };
      });
    },

    /**
     * Changes the fields the body names. Progress without a status also sets the status by the
     * progress-bar rule (0 not-started, 100 completed, else in-progress). A change of duration,
     * dates or dependencies re-schedules the project in the same transaction (the project locked
     * before the task row); the task is answered as re-scheduled, and a cycle or unreadable
     * dependencies (422) leave everything as it was. Other edits do not touch the schedule.
     */
    update(tenant: Tenant, id: number, body: UpdateTaskBody): Promise<TaskChange> {
      const { companyId } = tenant;
      return db.transaction(async (tx) => {
        if (namesSchedulingField(body)) {
          // Every writer takes the project's schedule lock before any task row (no deadlock).
          const task = await tasksRepo.findById(tx, companyId, id);
          if (!task) throw notFound('task');
          await schedule.lockProject(tx, companyId, task.projectId);
        }
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
        if (body.startNoEarlierThan !== undefined) values.startNoEarlierThan = body.startNoEarlierThan;
        if (body.materialsExpectedDate !== undefined)
          values.materialsExpectedDate = body.materialsExpectedDate;
        if (body.startDate !== undefined) values.startDate = new Date(body.startDate);
        if (body.endDate !== undefined) values.endDate = new Date(body.endDate);
        // A date sent alone is not checked against the stored other one: any date change
        // re-schedules, which dates both ends (a bar moved past its own end is not an error).
        if (values.startDate && values.endDate && values.endDate < values.startDate) throw endBeforeStart();
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
        // Starting the task (a new status or progress) needs its materials on site; a form that resends
        // the stored status, or a change of the materials alone, is not a start.
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
        const row = await tasksRepo.update(tx, companyId, id, values);
        if (!row) throw notFound('task');
        if (!changesSchedule(current, values)) return { task: row, rescheduled: false, overridden: [] };
        const task = await rescheduled(tx, tenant, row);
        return { task, rescheduled: true, overridden: overriddenFields(values, task) };
      });
    },

    /**
     * Deletes the task, its updates and documents (rows, then stored files), and links to it. When
     * the task was in the project's network (it had dependents or dependencies, or was critical) the
     * project is re-scheduled in the same transaction; a project that cannot be scheduled (422)
     * keeps its dates and the delete still goes through, since deleting may be how a user repairs it.
     * Answers whether the project was re-scheduled.
     */
    async delete(tenant: Tenant, id: number, log: CleanupLog): Promise<{ rescheduled: boolean }> {
      const { companyId } = tenant;
      const { files, rescheduled } = await db.transaction(async (tx) => {
        const found = await tasksRepo.findById(tx, companyId, id);
        if (!found) throw notFound('task');
        await schedule.lockProject(tx, companyId, found.projectId);
        const task = await tasksRepo.findById(tx, companyId, id, 'update');
        if (!task) throw notFound('task');
        const files = await documents.storedFilesOfTasks(tx, companyId, [id]);
        await tasksRepo.delete(tx, companyId, id);
        let hadDependents = false;
        for (const other of await tasksRepo.withDependencies(tx, companyId, task.projectId)) {
          const links = parseDependencies(other.dependencies);
          if (links.ok && links.value.some((l) => l.taskId === id)) {
            hadDependents = true;
            await tasksRepo.update(tx, companyId, other.id, {
              dependencies: withoutDependencyOn(other.dependencies, id),
            });
          }
        }
        if (!hadDependents && task.dependencies === null && !task.isCritical) {
          return { files, rescheduled: false };
        }
        try {
          // Throws its 422 before writing anything: the dates then stay as they were.
          await schedule.reschedule(tx, tenant, task.projectId);
          return { files, rescheduled: true };
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 422) {
            log.warn(
              { err, projectId: task.projectId },
              'task deleted; its project could not be re-scheduled',
            );
            return { files, rescheduled: false };
          }
          throw err;
        }
      });
      await documents.removeStoredFiles(files, log);
      return { rescheduled };
    },

    copyProjectTasks,
  };
}
