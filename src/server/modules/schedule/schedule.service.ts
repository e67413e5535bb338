import type { BaselineRef } from '../../../contracts/baselines.js';
import type { ImportedScheduleDto, ProjectScheduleDto } from '../../../contracts/schedule.js';
import {
  createWorkingDayIndex,
  DEFAULT_CALENDAR,
  type Dependency,
  type IsoDate,
  parseDependencies,
  readProjectCalendar,
  scheduleImported,
  startDateAt,
  usFederalHolidays,
  workCalendarOf,
} from '../../../domain/schedule/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound, unprocessable } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { type BaselineTaskValues, baselinesService } from '../baselines/baselines.service.js';
import { scheduleDelaysOf } from '../delays/schedule-delays.js';
import { insightsService } from '../insights/insights.service.js';
import { toProjectDto } from '../projects/project-dto.js';
import { projectScheduleFacts } from '../projects/project-schedule-facts.js';
import { bulkTaskWrites } from '../tasks/bulk-task-writes.js';
import { computeProjectSchedule, isoDateOf } from './compute-schedule.js';
import { writeTasksCsv } from './csv-writer.js';
import {
  checkImportLimits,
  IMPORTED_BASELINE_NAME,
  importedBaseline,
  importedDependencies,
  importedProjectValues,
  importedScheduleDto,
  importedTaskValues,
  importScheduleRefusal,
} from './import-plan.js';
import { writeMspdi } from './mspdi-writer.js';
import { type ScheduleProjectRow, scheduleRepo } from './schedule.repo.js';
import { readScheduleFile } from './schedule-file.js';

/** An uploaded schedule file. */
export interface ScheduleUpload {
  fileName: string | null;
  bytes: Uint8Array;
}

/** A file to download. */
export interface ScheduleDownload {
  fileName: string;
  contentType: string;
  body: string;
}

export function scheduleService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * Recomputes a project's schedule inside the caller's transaction and writes every task's start,
   * end and critical flag: for `POST /api/projects/{id}/schedule`, and for other services after a
   * change to a task's duration, dates or dependencies. Locks the project row first (see
   * {@link lockProject}); 404 for another company's project, 422 for a cycle or unreadable
   * dependencies (the caller's transaction should then roll back).
   */
  async function reschedule(tx: Db, tenant: Tenant, projectId: number): Promise<ProjectScheduleDto> {
    const project = await lockProject(tx, tenant.companyId, projectId);
    const schedule = await computeStored(tx, tenant.companyId, project);
    const rewritten = await bulkTaskWrites.writeDates(tx, tenant.companyId, projectId, schedule.tasks);
    // The project's end date is the finish just scheduled (the projects module writes it).
    await projectScheduleFacts.followScheduledFinish(tx, tenant.companyId, projectId);
    // Rewritten rows leave old versions behind until the embedded database vacuums the table.
    ctx.database.upkeep.noteRewrite('tasks', rewritten);
    // Asks for the company's insights to follow the new dates: refreshed in the background once this
    // transaction has committed, so this write never waits for them.
    await insightsService(ctx).afterScheduleChange(tx, tenant);
    return schedule;
  }

  /** The schedule of the project's stored tasks, on its calendar, with the weather of its place. */
  async function computeStored(tx: Db, companyId: number, project: ScheduleProjectRow) {
    const weatherState = await projectScheduleFacts.weatherState(tx, companyId, project.id);
    const rows = await scheduleRepo.tasksToSchedule(tx, companyId, project.id);
    return computeProjectSchedule(project.id, isoDateOf(project.startDate), rows, {
      weatherState,
      calendar: project.calendar,
      dataDate: project.dataDate,
      delays: await scheduleDelaysOf(tx, companyId, project.id),
    });
  }

  /**
   * Takes the project's schedule lock (its row, `for no key update`) until the transaction ends, or
   * throws 404. Reschedules of one project then run one after the other. A service that changes a
   * task and then reschedules should call this *before* changing the task, so that every writer
   * takes the project lock before any task row (no deadlock with a concurrent reschedule).
   */
  async function lockProject(tx: Db, companyId: number, projectId: number): Promise<ScheduleProjectRow> {
    const project = await scheduleRepo.findProject(tx, companyId, projectId, 'no key update');
    if (!project) throw notFound('project');
    return project;
  }

  async function requireProject(companyId: number, projectId: number) {
    const project = await scheduleRepo.findProject(db, companyId, projectId);
    if (!project) throw notFound('project');
    return project;
  }

  /** The project's tasks with their predecessors (within the project) and dates, for the exports. */
  async function exportRows(companyId: number, projectId: number) {
    const rows = await scheduleRepo.tasksToExport(db, companyId, projectId);
    const ids = new Set(rows.map((r) => r.id));
    return rows.map((row) => {
      const parsed = parseDependencies(row.dependencies);
      const predecessors: Dependency[] = parsed.ok ? parsed.value.filter((d) => ids.has(d.taskId)) : [];
      return {
        ...row,
        startDate: isoDateOf(row.startDate),
        endDate: isoDateOf(row.endDate),
        predecessors,
      };
    });
  }

  return {
    reschedule,
    lockProject,

    /**
     * The schedule of the stored tasks inside the caller's transaction, nothing written: takes the
     * project's lock first (404 for another company's project), so a change made next and the
     * reschedule after it see no other writer in between.
     */
    async computeLocked(tx: Db, tenant: Tenant, projectId: number): Promise<ProjectScheduleDto> {
      const project = await lockProject(tx, tenant.companyId, projectId);
      return computeStored(tx, tenant.companyId, project);
    },

    /** `POST /api/projects/{id}/schedule`: one transaction. */
    schedule(tenant: Tenant, projectId: number) {
      return db.transaction((tx) => reschedule(tx, tenant, projectId));
    },

    /**
     * `GET /api/projects/{id}/schedule`: the schedule of the stored tasks, computed and answered,
     * nothing written and no lock taken (the reads share one transaction, so they see one state).
     * 404 for another company's project, 422 for a cycle or unreadable dependencies.
     */
    current(tenant: Tenant, projectId: number) {
      return db.transaction(async (tx) => {
        const project = await scheduleRepo.findProject(tx, tenant.companyId, projectId);
        if (!project) throw notFound('project');
        return computeStored(tx, tenant.companyId, project);
      });
    },

    /**
     * Creates a project with its tasks from an MS Project XML or Primavera XER file, dated by the
     * file's own schedule (its calendar and hours), in one transaction; nothing is created when the
     * file is refused.
     */
    async importFile(tenant: Tenant, upload: ScheduleUpload): Promise<ImportedScheduleDto> {
      const { imported, costCents } = readScheduleFile(upload.bytes);
      checkImportLimits(imported);
      const scheduled = scheduleFile(imported);
      const warnings = [...imported.warnings];
      const budgetCents = imported.tasks.reduce((sum, t) => sum + (costCents.get(t.externalId) ?? 0), 0);
      const projectValues = importedProjectValues(imported, scheduled, upload.fileName, budgetCents);
      const taskValues = importedTaskValues(imported, scheduled, costCents, warnings);
      const { companyId } = tenant;
      return db.transaction(async (tx) => {
        const project = await scheduleRepo.insertProject(tx, companyId, {
          ...projectValues,
          createdBy: tenant.userId,
        });
        const inserted = await bulkTaskWrites.insertMany(
          tx,
          companyId,
          taskValues.map((t) => ({ ...t, projectId: project.id, createdBy: tenant.userId })),
        );
        const idOfExternal = new Map<string, number>();
        for (const { id, position } of inserted) {
          const task = imported.tasks[position];
          if (task) idOfExternal.set(task.externalId, id);
        }
        await bulkTaskWrites.setDependencies(
          tx,
          companyId,
          project.id,
          importedDependencies(imported, idOfExternal),
        );
        const baseline = importedBaseline(imported, idOfExternal);
        if (baseline.length > 0) {
          await baselinesService(ctx).saveGiven(tx, tenant, project.id, IMPORTED_BASELINE_NAME, baseline);
        }
        return {
          project: toProjectDto(project),
          schedule: importedScheduleDto(project.id, imported, scheduled, idOfExternal),
          warnings,
        };
      });
    },

    /**
     * MSPDI of the project's tasks as stored, on the project's calendar (its dated exceptions), or
     * the default calendar with the US federal holidays of the project's years; with the chosen
     * baseline (the default one when not named) as each task's baseline 0.
     */
    async exportXml(
      tenant: Tenant,
      projectId: number,
      baselineRef: BaselineRef = 'default',
    ): Promise<ScheduleDownload> {
      const project = await requireProject(tenant.companyId, projectId);
      const rows = await exportRows(tenant.companyId, projectId);
      const baseline = await baselinesService(ctx).datesFor(tenant, projectId, baselineRef);
      const stored = project.calendar === null ? null : readProjectCalendar(project.calendar);
      const own = stored?.ok ? stored.value : null;
      const calendar = own ? workCalendarOf(own) : DEFAULT_CALENDAR;
      // The project's first working day, or an earlier task start (tasks not scheduled since).
      const firstWorkingDay = startDateAt(
        createWorkingDayIndex(calendar, isoDateOf(project.startDate), 1),
        0,
      );
      const startDate = rows.reduce((min, r) => (r.startDate < min ? r.startDate : min), firstWorkingDay);
      const finishDate = rows.reduce((max, r) => (r.endDate > max ? r.endDate : max), startDate);
      const federal = own === null || own.usFederalHolidays ? holidaysBetween(startDate, finishDate) : [];
      const listed = (own?.nonWorkingDates ?? []).map((date) => ({ date, name: holidayName(date) }));
      const federalDates = new Set(federal.map((h) => h.date));
      const body = writeMspdi(
        {
          name: project.name,
          startDate,
          finishDate,
          calendar,
          nonWorkingDates: [...federal, ...listed.filter((h) => !federalDates.has(h.date))],
          workingDates: own?.workingDates ?? [],
          calendarName: own?.name ?? 'Standard',
        },
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          notes: r.description,
          phase: r.phase,
          duration: r.duration,
          startDate: r.startDate,
          endDate: r.endDate,
          isCritical: r.isCritical,
          progress: r.progress,
          predecessors: r.predecessors,
          costCents: r.estimatedCost === null ? null : Math.round(Number(r.estimatedCost) * 100),
          startNoEarlierThan: r.startNoEarlierThan,
          baseline: baselineOf(baseline?.get(r.id)),
        })),
      );
      return { fileName: `${project.name}.xml`, contentType: 'application/xml; charset=utf-8', body };
    },

    /** The task table as CSV. */
    async exportCsv(tenant: Tenant, projectId: number): Promise<ScheduleDownload> {
      const project = await requireProject(tenant.companyId, projectId);
      const rows = await exportRows(tenant.companyId, projectId);
      return {
        fileName: `${project.name} tasks.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: writeTasksCsv(rows),
      };
    },
  };
}

/** A task's baseline dates as the MSPDI writer takes them. */
function baselineOf(saved: BaselineTaskValues | undefined) {
  return saved ? { startDate: saved.startDate, endDate: saved.finishDate, duration: saved.duration } : null;
}

/** Schedules a read file on its own calendar; the refusal (a cycle, no start) as a 422. */
function scheduleFile(imported: Parameters<typeof scheduleImported>[0]) {
  let result: ReturnType<typeof scheduleImported>;
  try {
    result = scheduleImported(imported);
  } catch (err) {
    // The calendars throw RangeError on a calendar without working time or an unusable date.
    if (err instanceof RangeError)
      throw unprocessable('invalid_schedule_file', `The schedule cannot be dated: ${err.message}`);
    throw err;
  }
  if (!result.ok) throw importScheduleRefusal(result.error, imported);
  return result.schedule;
}

/** A listed non-working date's name: the US federal holiday's when it is one. */
function holidayName(date: IsoDate): string {
  return usFederalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date)?.name ?? 'Non-working day';
}

/** US federal holidays (the default calendar's) from the start's year through the year after the finish. */
function holidaysBetween(start: IsoDate, finish: IsoDate) {
  const holidays: { date: IsoDate; name: string }[] = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(finish.slice(0, 4)) + 1; year++) {
    holidays.push(...usFederalHolidays(year));
  }
  return holidays;
}
