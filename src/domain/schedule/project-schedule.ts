/**
 * A project's schedule in working days and calendar dates: what `POST
 * /api/projects/{id}/schedule` answers and writes back.
 */
import { DEFAULT_CALENDAR, type WorkCalendar } from './calendar.js';
import {
  type ScheduledTask,
  type ScheduleError,
  type ScheduleLink,
  type ScheduleTask,
  schedule,
  type TaskId,
} from './critical-path.js';
import { withDataDate } from './data-date.js';
import { addOwnDelays, addWeatherStopDays, type ScheduleDelay } from './delay-impact.js';
import { type IsoDate, partsOfSerial, serialOfIsoDate } from './iso-date.js';
import { weatherAllowanceDays, weatherSensitiveTrade } from './weather-allowance.js';
import {
  createWorkingDayIndex,
  finishDateAt,
  offsetOfDate,
  startDateAt,
  type WorkingDayIndex,
  workingDateAt,
} from './working-days.js';

/** A project task to schedule. */
export interface ProjectTask<Id extends TaskId = number> {
  id: Id;
  /** Working days; 0 is a milestone. */
  duration: number;
  /** The task may not start before this date (e.g. its materials' expected delivery). */
  startNoEarlierThan?: IsoDate | null;
  /** The task should finish by this date; a later early finish shows as negative float. */
  finishNoLaterThan?: IsoDate | null;
  /** Trade or phase name; weather-sensitive trades get the adverse-weather allowance. */
  trade?: string | null;
  /**
   * The day work began: the task keeps it whatever its links say (progress is a fact), and its
   * successors follow from it.
   */
  actualStart?: IsoDate | null;
  /**
   * The day it was finished (with `actualStart`): the task keeps both dates, and its duration is the
   * working days between them.
   */
  actualFinish?: IsoDate | null;
  /**
   * Working days of work left as of the data date, for work under way (actual start, no finish):
   * with a data date it finishes this many days after it (default: the whole duration).
   */
  remainingDuration?: number | null;
}

/** Options of {@link scheduleProject}. */
export interface ProjectScheduleOptions {
  /** The project's start date; its first working day is offset 0. */
  startDate: IsoDate;
  /** Default: Monday–Friday with US federal holidays off. */
  calendar?: WorkCalendar;
  /** The company's state (`'WA'` or `'Washington'`): turns on the adverse-weather allowance. */
  weatherState?: string | null;
  /**
   * The data date (status date): with it, work under way finishes its remaining duration from this
   * day and work not started starts no earlier than it (see `data-date.ts`). Null: as planned.
   */
  dataDate?: IsoDate | null;
  /** Delays recorded against the tasks: each extends its task, weather ones also stop weather-sensitive work (see `delay-impact.ts`). */
  delays?: readonly ScheduleDelay<TaskId>[];
}

/** One task, scheduled: working-day offsets from the project start and calendar dates. */
export interface ProjectTaskSchedule<Id extends TaskId = number> extends ScheduledTask<Id> {
  /** Working days scheduled: the task's duration plus its weather allowance. */
  duration: number;
  /** Adverse-weather days added to the duration. */
  weatherDays: number;
  /** The first working day of the task. */
  startDate: IsoDate;
  /**
   * The last working day of the task. A milestone's start and end are the same day: the working
   * day on which the work before it finishes (the first working day when it is at the start).
   */
  endDate: IsoDate;
}

/** A project, scheduled. */
export interface ProjectSchedule<Id extends TaskId = number> {
  /** The first working day on or after the project's start date. */
  startDate: IsoDate;
  /** The last working day of the latest task (the start date with no work). */
  finishDate: IsoDate;
  /** Working days from start to finish. */
  durationDays: number;
  /**
   * Working days the adverse-weather allowance moved the finish: the finish against the same
   * schedule without the allowance (see {@link weatherFinishDays}). 0 without a weather state.
   */
  weatherAddedDays?: number;
  criticalPath: Id[];
  tasks: ProjectTaskSchedule<Id>[];
}

/** The schedule, or why there is none (a cycle carries its task ids). */
export type ProjectScheduleResult<Id extends TaskId = number> =
  | { ok: true; schedule: ProjectSchedule<Id> }
  | { ok: false; error: ScheduleError<Id> };

/**
 * Schedules a project in working days on its calendar and dates every task. With `weatherState`,
 * a first pass finds each weather-sensitive task's start month, its allowance is added to its
 * duration, and the project is scheduled again with those durations.
 */
export function scheduleProject<Id extends TaskId>(
  tasks: readonly ProjectTask<Id>[],
  links: readonly ScheduleLink<Id>[],
  options: ProjectScheduleOptions,
): ProjectScheduleResult<Id> {
  const calendar = options.calendar ?? DEFAULT_CALENDAR;
  const days = createWorkingDayIndex(calendar, options.startDate);
  const dataDate = options.dataDate ? offsetOfDate(days, options.dataDate) : null;
  const engineTasks = tasks.map((task) => {
    const engineTask = toEngineTask(task, days);
    return dataDate === null ? engineTask : withDataDate(task, engineTask, dataDate);
  });
  addOwnDelays(tasks, engineTasks, options.delays ?? []);
  const first = schedule(engineTasks, links);
  if (!first.ok) return first;
  const allowance = options.weatherState
    ? weatherDaysOf(tasks, first.schedule.tasks, days, options.weatherState)
    : new Array<number>(tasks.length).fill(0);
  const weatherDays = [...allowance];
  addWeatherStopDays(weatherDays, tasks, first.schedule.tasks, options.delays ?? [], days, dataDate);
  const result = weatherDays.some((d) => d > 0)
    ? schedule(
        engineTasks.map((task, i) => ({ ...task, duration: task.duration + (weatherDays[i] ?? 0) })),
        links,
      )
    : first;
  if (!result.ok) return result;
  const index =
    result.schedule.finish < days.serials.length
      ? days
      : createWorkingDayIndex(days.calendar, options.startDate, result.schedule.finish + 1);
  const dated = datedSchedule(result.schedule, tasks, weatherDays, index);
  const stopDays = weatherDays.map((d, i) => d - (allowance[i] ?? 0));
  dated.weatherAddedDays = weatherFinishDays(engineTasks, links, allowance, stopDays, result.schedule);
  return { ok: true, schedule: dated };
}

/**
 * How many working days the allowance moved the finish: the schedule is run again with the same
 * tasks (recorded weather stops included) but no allowance. A task whose finish was held by a
 * finish-to-finish link, and that got no allowance itself, follows that link in the comparison
 * (duration 0): its length was set to span the weathered work it finishes with, like general
 * conditions running to the end of the punch list, so without the weather it would span less.
 */
function weatherFinishDays<Id extends TaskId>(
  engineTasks: readonly ScheduleTask<Id>[],
  links: readonly ScheduleLink<Id>[],
  allowance: readonly number[],
  stopDays: readonly number[],
  weathered: { finish: number; tasks: ScheduledTask<Id>[] },
): number {
  if (!allowance.some((d) => d > 0)) return 0;
  const heldByFinish = finishHeldTasks(links, weathered.tasks);
  const without = schedule(
    engineTasks.map((task, i) => {
      const spans = (allowance[i] ?? 0) === 0 && task.actualStart === undefined && heldByFinish.has(task.id);
      return { ...task, duration: spans ? 0 : task.duration + (stopDays[i] ?? 0) };
    }),
    links,
  );
  if (!without.ok) return 0;
  return Math.max(0, Math.round(weathered.finish - without.schedule.finish));
}

/** Tasks whose early finish is exactly a finish-to-finish predecessor's finish plus the lag. */
function finishHeldTasks<Id extends TaskId>(
  links: readonly ScheduleLink<Id>[],
  scheduled: readonly ScheduledTask<Id>[],
): Set<Id> {
  const byId = new Map(scheduled.map((t) => [t.id, t] as const));
  const held = new Set<Id>();
  for (const link of links) {
    if (link.type !== 'FF') continue;
    const from = byId.get(link.predecessorId);
    const to = byId.get(link.successorId);
    if (from && to && to.earlyFinish === from.earlyFinish + (link.lag ?? 0)) held.add(to.id);
  }
  return held;
}

/** The working days a task takes: from its actual start to its actual finish when it is done. */
function durationOf(task: ProjectTask<TaskId>, days: WorkingDayIndex): number {
  if (!task.actualStart || !task.actualFinish) return task.duration;
  const start = offsetOfDate(days, task.actualStart);
  return Math.max(0, offsetOfDate(days, task.actualFinish) + 1 - start);
}

function toEngineTask<Id extends TaskId>(task: ProjectTask<Id>, days: WorkingDayIndex): ScheduleTask<Id> {
  const engineTask: ScheduleTask<Id> = { id: task.id, duration: durationOf(task, days) };
  if (task.actualStart) {
    engineTask.actualStart = offsetOfDate(days, task.actualStart);
    return engineTask;
  }
  if (task.startNoEarlierThan) engineTask.startNoEarlierThan = offsetOfDate(days, task.startNoEarlierThan);
  // A task finishing on date D finishes at the end of D: offset of D plus that day.
  if (task.finishNoLaterThan) engineTask.finishNoLaterThan = offsetOfDate(days, task.finishNoLaterThan) + 1;
  return engineTask;
}

function weatherDaysOf<Id extends TaskId>(
  tasks: readonly ProjectTask<Id>[],
  scheduled: readonly ScheduledTask<Id>[],
  days: WorkingDayIndex,
  state: string,
): number[] {
  return tasks.map((task, i) => {
    const earlyStart = scheduled[i]?.earlyStart ?? 0;
    // Work already under way is not given an allowance: its dates are facts.
    if (task.actualStart) return 0;
    if (!task.trade || task.duration <= 0 || weatherSensitiveTrade(task.trade) === null) return 0;
    const month = partsOfSerial(serialOfIsoDate(startDateAt(days, earlyStart))).month;
    return weatherAllowanceDays(task.trade, state, month, task.duration);
  });
}

function datedSchedule<Id extends TaskId>(
  computed: { finish: number; tasks: ScheduledTask<Id>[]; criticalPath: Id[] },
  tasks: readonly ProjectTask<Id>[],
  weatherDays: readonly number[],
  days: WorkingDayIndex,
): ProjectSchedule<Id> {
  // Built field by field: spreading the engine's objects is several times slower at 10,000 tasks.
  const dated = computed.tasks.map((task, i): ProjectTaskSchedule<Id> => {
    const input = tasks[i];
    const duration = task.earlyFinish - task.earlyStart;
    let startDate = duration > 0 ? startDateAt(days, task.earlyStart) : finishDateAt(days, task.earlyStart);
    let endDate = duration > 0 ? finishDateAt(days, task.earlyFinish) : startDate;
    // Started work keeps the days it happened on (a start on a day off stays that day).
    if (input?.actualStart) {
      startDate = input.actualStart;
      // Its end may lie before the project's start (work begun before a start moved later).
      if (input.actualFinish) endDate = input.actualFinish;
      else endDate = duration > 0 ? workingDateAt(days, task.earlyFinish - 1) : startDate;
      if (endDate < startDate) endDate = startDate;
    }
    return {
      id: task.id,
      earlyStart: task.earlyStart,
      earlyFinish: task.earlyFinish,
      lateStart: task.lateStart,
      lateFinish: task.lateFinish,
      totalFloat: task.totalFloat,
      freeFloat: task.freeFloat,
      isCritical: task.isCritical,
      duration,
      weatherDays: weatherDays[i] ?? 0,
      startDate,
      endDate,
    };
  });
  return {
    startDate: startDateAt(days, 0),
    finishDate: finishDateAt(days, computed.finish),
    durationDays: computed.finish,
    criticalPath: computed.criticalPath,
    tasks: dated,
  };
}
