/**
 * Delays: recording one re-schedules the project with it, in one transaction, and keeps the finish
 * movement it caused; removing one re-schedules without it. The tasks' dates are written by the
 * schedule service (its re-schedule reads the stored delays as an input); this module owns only
 * `project_delays`.
 */
import type {
  CreateDelayBody,
  DelayDto,
  DelayListDto,
  RecordedDelayDto,
  RemovedDelayDto,
} from '../../../contracts/delays.js';
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { projectsService } from '../projects/projects.service.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { tasksService } from '../tasks/tasks.service.js';
import { toDelayDto } from './delay-dto.js';
import { delaysRepo } from './delays.repo.js';
import { writeDelaysCsv } from './delays-csv.js';

/** A file to download. */
export interface DelaysDownload {
  fileName: string;
  contentType: string;
  body: string;
}

/** How far the finish moved between two schedules of one project: working days, positive = later. */
function movement(before: ProjectScheduleDto, after: ProjectScheduleDto) {
  return {
    finishBefore: before.finishDate,
    finishAfter: after.finishDate,
    finishMovedDays: after.durationDays - before.durationDays,
  };
}

export function delaysService(ctx: AppContext) {
  const { db } = ctx;
  const schedule = scheduleService(ctx);
  const projects = projectsService(ctx);
  const tasks = tasksService(ctx);

  async function stored(tx: Db, tenant: Tenant, projectId: number, id: number): Promise<DelayDto> {
    const row = await delaysRepo.findById(tx, tenant.companyId, projectId, id);
    if (!row) throw notFound('delay');
    return toDelayDto(row);
  }

  /** The task, which must be one of this project's: another project's or company's is not found here. */
  async function taskOfProject(tenant: Tenant, projectId: number, taskId: number) {
    const task = await tasks.get(tenant, taskId);
    if (task.projectId !== projectId) throw notFound('task');
    return task;
  }

  async function list(tenant: Tenant, projectId: number): Promise<DelayListDto> {
    const project = await projects.get(tenant, projectId);
    const rows = await delaysRepo.list(db, tenant.companyId, projectId);
    return { projectId, projectName: project.name, delays: rows.map(toDelayDto) };
  }

  return {
    list,

    /**
     * Records a delay: the schedule before it (the finish, whether the task was critical), the delay
     * stored, the project re-scheduled with it and its dates written, the movement kept on the delay.
     * 404 for another company's project, or a task not of this project; 422 when the schedule cannot
     * be computed (a cycle). Nothing is kept when any step fails.
     */
    async record(tenant: Tenant, projectId: number, body: CreateDelayBody): Promise<RecordedDelayDto> {
      await projects.get(tenant, projectId);
      const task = await taskOfProject(tenant, projectId, body.taskId);
      return db.transaction(async (tx) => {
        const before = await schedule.computeLocked(tx, tenant, projectId);
        const planned = before.tasks.find((t) => t.id === task.id);
        if (!planned) throw notFound('task');
        const id = await delaysRepo.insert(tx, tenant.companyId, {
          projectId,
          taskId: task.id,
          taskName: task.name,
          cause: body.cause,
          days: body.days,
          date: body.date,
          note: body.note ?? '',
          wasCritical: planned.isCritical,
          finishBefore: before.finishDate,
          finishAfter: before.finishDate,
          finishMovedDays: 0,
          createdBy: tenant.userId,
        });
        const moved = movement(before, await schedule.reschedule(tx, tenant, projectId));
        await delaysRepo.setOutcome(tx, tenant.companyId, id, moved);
        return { delay: await stored(tx, tenant, projectId, id), ...moved };
      });
    },

    /** Removes a delay (a mistaken entry) and re-schedules without it; 404 for one not of this project. */
    remove(tenant: Tenant, projectId: number, delayId: number): Promise<RemovedDelayDto> {
      return db.transaction(async (tx) => {
        const before = await schedule.computeLocked(tx, tenant, projectId);
        if (!(await delaysRepo.delete(tx, tenant.companyId, projectId, delayId))) throw notFound('delay');
        return movement(before, await schedule.reschedule(tx, tenant, projectId));
      });
    },

    /** The delay report as CSV. */
    async csv(tenant: Tenant, projectId: number): Promise<DelaysDownload> {
      const report = await list(tenant, projectId);
      return {
        fileName: `${report.projectName} delays.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: writeDelaysCsv(report.delays),
      };
    },
  };
}
