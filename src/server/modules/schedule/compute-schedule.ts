/**
 * A project's stored tasks → the critical-path schedule the API answers and writes back: their
 * dependency text read into links, their start constraints (a set start-no-earlier-than, and the
 * materials' expected delivery until the materials are delivered), the engine run on the project's
 * calendar (the default one when it has none) from the project's start with the company's
 * adverse-weather allowance, and the engine's refusals turned into 422 answers.
 */
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import {
  type IsoDate,
  linksFromDependencies,
  type ProjectTask,
  projectWorkCalendar,
  type ScheduleDelay,
  type ScheduleError,
  type ScheduleLink,
  scheduleProject,
  weatherDaysNotice,
  weatherTradeOf,
} from '../../../domain/schedule/index.js';
import { remainingDurationOf, startConstraintOf } from '../../../domain/tasks/index.js';
import { unprocessable } from '../../errors.js';

/** A stored task, as scheduling reads it. */
export interface TaskToSchedule {
  id: number;
  name: string;
  phase: string | null;
  duration: number;
  dependencies: string | null;
  /** `YYYY-MM-DD` or null. */
  startNoEarlierThan: string | null;
  /** `YYYY-MM-DD` or null: a start constraint while the materials are not delivered. */
  materialsExpectedDate: string | null;
  /** The materials chain as stored (JSON text), or null. */
  materialsStatus: string | null;
  /** `YYYY-MM-DD` or null: started work keeps its dates. */
  actualStart?: string | null;
  actualFinish?: string | null;
  /** Progress and the remaining duration given for it (null: derived from the progress). */
  progress?: number;
  status?: string;
  remainingDuration?: number | null;
}

/** How to schedule: the project's calendar (null = the default) and the company's state for weather. */
export interface ScheduleSettings {
  calendar: unknown;
  weatherState: string | null;
  /** The project's data date `YYYY-MM-DD`: work under way finishes its remaining days from it. */
  dataDate?: string | null;
  /** The project's recorded delays: each extends its task (weather ones stop weather-sensitive work). */
  delays?: readonly ScheduleDelay[];
}

/**
 * The most working days a schedule may span, bounded before scheduling by the sum of all durations
 * and positive lags (~3,800 years): a guard against absurd durations making the calendar index huge.
 */
export const MAX_SCHEDULE_SPAN_DAYS = 1_000_000;

/** The calendar date of a stored timestamp (dates are kept at UTC midnight). */
export function isoDateOf(value: Date): IsoDate {
  return value.toISOString().slice(0, 10);
}

/**
 * Schedules the tasks of one project. Links to tasks outside the project (another project's or
 * company's, or deleted ones) are ignored: the tasks service refuses them when written, and ids
 * from elsewhere must neither shape nor reveal anything about this schedule.
 */
export function computeProjectSchedule(
  projectId: number,
  startDate: IsoDate,
  rows: readonly TaskToSchedule[],
  settings: ScheduleSettings,
): ProjectScheduleDto {
  const parsed = linksFromDependencies(rows);
  if (!parsed.ok) {
    const task = rows.find((r) => r.id === parsed.taskId);
    throw unprocessable(
      'invalid_dependencies',
      `Task "${task?.name ?? parsed.taskId}" (id ${parsed.taskId}): ${parsed.error}`,
      { taskId: parsed.taskId },
    );
  }
  const ids = new Set(rows.map((r) => r.id));
  const links = parsed.links.filter((link) => ids.has(link.predecessorId));
  checkSpan(rows, links);
  const tasks = rows.map(
    (r): ProjectTask => ({
      id: r.id,
      duration: r.duration,
      trade: weatherTradeOf(r),
      startNoEarlierThan: startConstraintOf(r),
      actualStart: r.actualStart ?? null,
      actualFinish: r.actualStart ? (r.actualFinish ?? null) : null,
      remainingDuration: remainingOf(r),
    }),
  );
  const result = scheduleProject(tasks, links, {
    startDate,
    weatherState: settings.weatherState,
    calendar: projectWorkCalendar(settings.calendar),
    dataDate: settings.dataDate ?? null,
    delays: settings.delays ?? [],
  });
  if (!result.ok) throw scheduleRefusal(result.error, rows);
  const { schedule } = result;
  return {
    projectId,
    startDate: schedule.startDate,
    finishDate: schedule.finishDate,
    durationDays: schedule.durationDays,
    criticalPath: schedule.criticalPath,
    tasks: schedule.tasks.map((t) => ({
      id: t.id,
      earlyStart: t.earlyStart,
      earlyFinish: t.earlyFinish,
      lateStart: t.lateStart,
      lateFinish: t.lateFinish,
      totalFloat: t.totalFloat,
      freeFloat: t.freeFloat,
      isCritical: t.isCritical,
      startDate: t.startDate,
      endDate: t.endDate,
    })),
    ...weatherOf(schedule.weatherAddedDays ?? 0, settings.weatherState, schedule.startDate),
  };
}

/** The weather days added, when there are any: the answer says nothing otherwise. */
function weatherOf(days: number, state: string | null, startDate: IsoDate) {
  const weather = weatherDaysNotice(days, state, startDate);
  return weather ? { weather } : {};
}

/** The working days left on a task as the tasks domain's rule gives them (null: not read). */
function remainingOf(row: TaskToSchedule): number | null {
  if (row.progress === undefined || row.status === undefined) return row.remainingDuration ?? null;
  return remainingDurationOf({
    duration: row.duration,
    progress: row.progress,
    status: row.status,
    remainingDuration: row.remainingDuration ?? null,
  });
}

function checkSpan(rows: readonly TaskToSchedule[], links: readonly ScheduleLink<number>[]) {
  let span = 0;
  for (const row of rows) span += Math.max(0, row.duration);
  for (const link of links) span += Math.max(0, link.lag ?? 0);
  if (span > MAX_SCHEDULE_SPAN_DAYS) {
    throw unprocessable(
      'schedule_too_long',
      `The durations and lags add up to ${span} working days; a schedule may span at most ${MAX_SCHEDULE_SPAN_DAYS}.`,
    );
  }
}

/** The engine's refusal as a 422: a cycle with its task ids, or the task it could not schedule. */
function scheduleRefusal(error: ScheduleError<number>, rows: readonly TaskToSchedule[]) {
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  if (error.code === 'cycle') {
    const loop = [...error.cycle, error.cycle[0]].map((id) => `"${nameOf.get(id as number)}" (${id})`);
    return unprocessable(
      'dependency_cycle',
      `The dependencies form a cycle: ${loop.join(' → ')}. Remove one of these links to schedule the project.`,
      { cycle: error.cycle },
    );
  }
  return unprocessable('invalid_task', `Task "${nameOf.get(error.taskId)}": ${error.message}`, {
    taskId: error.taskId,
  });
}
