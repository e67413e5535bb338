import type { ProjectStatus } from '../../../contracts/enums.js';
import type { CreateProjectBody, ProjectStatsDto, UpdateProjectBody } from '../../../contracts/projects.js';
import { projectWorkCalendar, workingDayShift } from '../../../domain/schedule/index.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { saveClientContact } from '../contacts/contacts.service.js';
import { type CleanupLog, documentsService } from '../documents/documents.service.js';
import { isoDateOf } from '../schedule/compute-schedule.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { tasksService } from '../tasks/tasks.service.js';
import { toProjectDto } from './project-dto.js';
import { projectScheduleFacts } from './project-schedule-facts.js';
import { type NewProject, type ProjectRow, projectsRepo } from './projects.repo.js';

export { toProjectDto };

const DAY = 24 * 60 * 60 * 1000;
/** A duplicate runs from now to 90 days later (7776000000 ms). */
export const DUPLICATE_DAYS = 90;

/** The body's location as columns: absent leaves them, null clears them. */
function locationColumns(location: CreateProjectBody['location']): Partial<NewProject> {
  if (location === undefined) return {};
  return { country: location?.country ?? null, state: location?.state ?? null };
}

export function projectsService(ctx: AppContext) {
  const { db } = ctx;
  const tasks = tasksService(ctx);
  const schedule = scheduleService(ctx);
  const documents = documentsService(ctx);
  return {
    list: (tenant: Tenant) => projectsRepo.list(db, tenant.companyId),
    /** The same list as the API's JSON text (each project's kept by the database, for portfolios of hundreds). */
    listJson: (tenant: Tenant) => projectsRepo.listJson(db, tenant.companyId),

    async get(tenant: Tenant, id: number) {
      const row = await projectsRepo.findById(db, tenant.companyId, id);
      if (!row) throw notFound('project');
      return row;
    },

    /** The project as the API answers it, with whether an estimate of it waits for answers. */
    async toDto(tenant: Tenant, row: ProjectRow) {
      return toProjectDto(row, await projectsRepo.awaitingAnswers(db, tenant.companyId, row.id));
    },

    /** The project, and with `newClientContact` its client as a client contact: both or neither. */
    create(tenant: Tenant, input: CreateProjectBody) {
      const { newClientContact, location, ...fields } = input;
      return db.transaction(async (tx) => {
        const project = await projectsRepo.insert(tx, tenant.companyId, {
          ...fields,
          ...locationColumns(location),
          description: fields.description ?? null,
          startDate: new Date(fields.startDate),
          endDate: new Date(fields.endDate),
          createdBy: tenant.userId,
        });
        if (newClientContact) {
          await saveClientContact(tx, tenant, { name: fields.client, email: newClientContact.email });
        }
        return project;
      });
    },

    /**
     * Changes the fields the body names. With `shiftSchedule`, the schedule follows the start: the
     * project's schedule lock is taken first, work not yet begun moves by the working days the start
     * moved, and the project is re-scheduled from its (new) start; all in one transaction (a cycle in
     * the links is a 422 and changes nothing). With `reschedule` (typically with a new `dataDate`) the
     * project is re-scheduled the same way, from its data date when it has one.
     */
    async update(tenant: Tenant, id: number, input: UpdateProjectBody) {
      return db.transaction(async (tx) => {
        const { startDate, endDate, shiftSchedule, reschedule, location, ...rest } = input;
        if (shiftSchedule || reschedule) await schedule.lockProject(tx, tenant.companyId, id);
        const current = await projectsRepo.findById(tx, tenant.companyId, id);
        if (!current) throw notFound('project');
        // A scheduled project's end date is its finish: the end date sent is not taken, nor checked.
        const scheduled = await projectsRepo.hasTasks(tx, tenant.companyId, id);
        const values: Partial<NewProject> = {
          ...rest,
          ...locationColumns(location),
          ...(startDate ? { startDate: new Date(startDate) } : {}),
          ...(endDate && !scheduled ? { endDate: new Date(endDate) } : {}),
        };
        const start = values.startDate ?? current.startDate;
        const end = values.endDate ?? current.endDate;
        if (!scheduled && end < start) {
          const message = 'End date must be on or after the start date';
          throw badRequest(message, { endDate: message });
        }
        const row =
          Object.keys(values).length > 0
            ? await projectsRepo.update(tx, tenant.companyId, id, values)
            : current;
        if (!row) throw notFound('project');
        if (shiftSchedule) {
          const from = isoDateOf(current.startDate);
          const to = isoDateOf(row.startDate);
          if (from !== to) {
            const shift = workingDayShift(projectWorkCalendar(current.calendar), from, to);
            await tasks.shiftNotStarted(tx, tenant, id, shift.move);
          }
        }
        if (shiftSchedule || reschedule) await schedule.reschedule(tx, tenant, id);
        // A scheduled project's end date is its finish, whatever end date the form sent.
        await projectScheduleFacts.followScheduledFinish(tx, tenant.companyId, id);
        return (await projectsRepo.findById(tx, tenant.companyId, id)) ?? row;
      });
    },

    async stats(tenant: Tenant): Promise<ProjectStatsDto> {
      const { total, totalBudget, averageProgress, overdueTasks, ...byStatus } = await projectsRepo.stats(
        db,
        tenant.companyId,
        ctx.now(),
      );
      return {
        totalProjects: total,
        byStatus: byStatus satisfies Record<ProjectStatus, number>,
        totalBudget,
        averageProgress,
        overdueTasks,
      };
    },

    /**
     * A copy named "<name> (Copy)", status planning, progress 0, from now to 90 days later, on the
     * same calendar, with copies of its tasks (checklists reset, not started, links remapped), then
     * re-scheduled from the copy's start; one transaction. When the copied links cannot be scheduled
     * (a cycle left by older data) the tasks keep their dates moved by the shift of the start.
     */
    duplicate(tenant: Tenant, id: number) {
      const { companyId } = tenant;
      return db.transaction(async (tx) => {
        const source = await projectsRepo.findById(tx, companyId, id);
        if (!source) throw notFound('project');
        const start = ctx.now();
        const copy = await projectsRepo.insert(tx, companyId, {
          name: `${source.name} (Copy)`,
          description: source.description,
          client: source.client,
          type: source.type,
          status: 'planning',
          budget: source.budget,
          currency: source.currency,
          progress: 0,
          startDate: start,
          endDate: new Date(start.getTime() + DUPLICATE_DAYS * DAY),
          calendar: source.calendar,
          createdBy: tenant.userId,
        });
        const copied = await tasks.copyProjectTasks(tx, tenant, source.id, copy.id, {
          from: source.startDate,
          to: start,
        });
        if (copied > 0) {
          try {
            // Throws its 422 before writing anything: the shifted dates then stay.
            await schedule.reschedule(tx, tenant, copy.id);
          } catch (err) {
            if (!(err instanceof AppError && err.statusCode === 422)) throw err;
          }
        }
        return copy;
      });
    },

    /**
     * Deletes the project; the database cascades its tasks, updates and documents, and their stored
     * files are deleted once that has committed.
     */
    async delete(tenant: Tenant, id: number, log: CleanupLog) {
      const { companyId } = tenant;
      const keys = await db.transaction(async (tx) => {
        // Locked first, so an upload running meanwhile either finishes before (and its file is
        // listed here) or fails with 404 after (and removes its own files).
        if (!(await projectsRepo.findById(tx, companyId, id, 'update'))) throw notFound('project');
        const files = await documents.storedFilesOfProject(tx, companyId, id);
        await projectsRepo.delete(tx, companyId, id);
        return files;
      });
      await documents.removeStoredFiles(keys, log);
    },
  };
}
