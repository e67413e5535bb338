/**
 * A read schedule file → what the import stores and answers: the project, its tasks in whole
 * working days with their links as dependency JSON, and the file's own schedule (computed by the
 * domain in working minutes on the file's calendar) in the API's terms.
 *
 * Rounding: tasks store whole working days (`tasks.duration` is an integer). A duration in hours is
 * converted at the file calendar's hours per day and rounded to the nearest day, halves up; a task
 * with any work keeps at least one day, so only zero-hour tasks become milestones. Lags are rounded
 * the same way. The dates written are the file's own schedule (exact), not a re-run on the rounded days.
 */
import { MAX_MONEY_CENTS } from '../../../contracts/common.js';
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import {
  createWorkingTimeIndex,
  type Dependency,
  type ImportedSchedule,
  type ImportedTask,
  offsetOfInstant,
  projectCalendarOf,
  readProjectCalendar,
  type ScheduleError,
  type ScheduleImport,
  serializeDependencies,
} from '../../../domain/schedule/index.js';
import { unprocessable } from '../../errors.js';
import { MAX_SCHEDULE_SPAN_DAYS } from './compute-schedule.js';

/** Longest task or lag, in working days (as the tasks API allows). */
export const MAX_TASK_DAYS = 10_000;
/** Most tasks one file may bring. */
export const MAX_IMPORTED_TASKS = 50_000;
const NAME_LENGTH = 300;
const PHASE_LENGTH = 100;
const PROJECT_NAME_LENGTH = 200;

const FORMAT_LABEL = { 'primavera-xer': 'Primavera P6 (XER)', 'ms-project-xml': 'MS Project XML' } as const;

/** Whole working days of a span in hours (see the module comment). */
export function wholeDays(hours: number, hoursPerDay: number, isWork: boolean): number {
  const days = Math.round(hours / hoursPerDay) + 0; // + 0 turns -0 into 0
  return isWork ? Math.max(1, days) : days;
}

/** Refuses files whose sizes the product cannot hold, before anything is scheduled. */
export function checkImportLimits(imported: ScheduleImport): void {
  const { tasks, links, calendar } = imported;
  if (tasks.length === 0) throw unprocessable('invalid_schedule_file', 'The file has no tasks to import.');
  if (tasks.length > MAX_IMPORTED_TASKS) {
    throw unprocessable(
      'invalid_schedule_file',
      `The file has ${tasks.length} tasks; at most ${MAX_IMPORTED_TASKS} can be imported.`,
    );
  }
  let span = 0;
  for (const task of tasks) {
    const days = task.durationHours / calendar.hoursPerDay;
    if (days > MAX_TASK_DAYS) {
      throw unprocessable(
        'invalid_schedule_file',
        `Task "${task.name}" lasts ${Math.round(days)} working days; at most ${MAX_TASK_DAYS} are allowed.`,
      );
    }
    span += days;
  }
  for (const link of links) {
    const days = link.lagHours / calendar.hoursPerDay;
    if (Math.abs(days) > MAX_TASK_DAYS) {
      throw unprocessable(
        'invalid_schedule_file',
        `A link has a lag of ${Math.round(days)} working days; at most ${MAX_TASK_DAYS} are allowed.`,
      );
    }
    span += Math.max(0, days);
  }
  if (span > MAX_SCHEDULE_SPAN_DAYS) {
    throw unprocessable('invalid_schedule_file', 'The durations and lags are too long to schedule.');
  }
}

/** The file's refusal to schedule, for the user: a cycle named by the file's activity ids. */
export function importScheduleRefusal(
  error: ScheduleError<string> | { code: 'no_start'; message: string },
  imported: ScheduleImport,
) {
  if (error.code !== 'cycle') return unprocessable('invalid_schedule_file', error.message);
  const byId = new Map(imported.tasks.map((t) => [t.externalId, t]));
  const label = (id: string) => byId.get(id)?.code ?? id;
  const cycle = error.cycle.map(label);
  const loop = [...cycle, cycle[0]].join(' → ');
  return unprocessable(
    'dependency_cycle',
    `The file's links form a cycle: ${loop}. Nothing was imported; break the loop in the source schedule.`,
    { cycle },
  );
}

/** The project row of an import (dates from the file's schedule, budget from its costs). */
export function importedProjectValues(
  imported: ScheduleImport,
  scheduled: ImportedSchedule,
  fileName: string | null,
  budgetCents: number,
) {
  if (budgetCents > MAX_MONEY_CENTS) {
    throw unprocessable(
      'invalid_schedule_file',
      'The costs in the file add up to more than a budget can hold.',
    );
  }
  const { calendar } = imported;
  const source = fileName ? ` file "${fileName}"` : ' file';
  const description =
    `Imported from the ${FORMAT_LABEL[imported.format]}${source}; ` +
    `calendar "${calendar.name}", ${calendar.hoursPerDay} h/day.`;
  return {
    name: (imported.project.name.trim() || 'Imported schedule').slice(0, PROJECT_NAME_LENGTH),
    description: description.slice(0, 5000),
    client: 'Imported',
    type: 'Commercial' as const,
    budget: centsText(budgetCents),
    startDate: dateAtUtcMidnight(scheduled.start),
    endDate: dateAtUtcMidnight(scheduled.finish),
    calendar: storedCalendar(imported),
  };
}

/**
 * The file's calendar as the project keeps it (`projects.calendar`): later re-schedules of the
 * project (an edit, `POST …/schedule`) work on it, and the MSPDI export writes it. Whole days: the
 * worked weekdays, the hours per day, the dated exceptions.
 */
export function storedCalendar(imported: ScheduleImport) {
  const { calendar } = imported;
  const stored = projectCalendarOf(calendar, {
    hoursPerDay: calendar.hoursPerDay,
    name: calendar.name.slice(0, PHASE_LENGTH),
  });
  const read = readProjectCalendar(stored);
  if (!read.ok)
    throw unprocessable('invalid_schedule_file', `The file's calendar cannot be kept: ${read.error}`);
  return read.value;
}

/** The task rows of an import, in file order (`position` is the index in `imported.tasks`). */
export function importedTaskValues(
  imported: ScheduleImport,
  scheduled: ImportedSchedule,
  costCents: ReadonlyMap<string, number>,
  warnings: string[],
) {
  const { hoursPerDay } = imported.calendar;
  const byId = new Map(scheduled.tasks.map((t) => [t.externalId, t]));
  let tooCostly = 0;
  let otherConstraints = 0;
  const values = imported.tasks.map((task, position) => {
    const { startNoEarlierThan, ...others } = task.constraints;
    if (Object.values(others).some(Boolean)) otherConstraints++;
    const dated = byId.get(task.externalId);
    if (!dated) throw new Error(`task ${task.externalId} was not scheduled`);
    const cents = costCents.get(task.externalId);
    if (cents !== undefined && cents > MAX_MONEY_CENTS) tooCostly++;
    const { startDate, endDate } = taskDates(task, dated.earlyStart, dated.earlyFinish);
    return {
      name: (task.name.trim() || `Task ${task.externalId}`).slice(0, NAME_LENGTH),
      description: task.code ? `Activity ID ${task.code}` : null,
      phase: task.phase ? task.phase.slice(0, PHASE_LENGTH) : null,
      duration: wholeDays(task.durationHours, hoursPerDay, task.durationHours > 0),
      startDate,
      endDate,
      isCritical: dated.isCritical,
      estimatedCost: cents !== undefined && cents <= MAX_MONEY_CENTS ? centsText(cents) : null,
      position,
      // The day of a start-no-earlier-than instant: later whole-day re-schedules keep the constraint.
      startNoEarlierThan: startNoEarlierThan ? startNoEarlierThan.slice(0, 10) : null,
    };
  });
  if (tooCostly > 0) warnings.push(`${tooCostly} task costs were too large to keep and were left out.`);
  if (otherConstraints > 0) {
    warnings.push(
      `${otherConstraints} tasks have finish or no-later-than constraints: the imported dates honour them, ` +
        'later re-schedules keep only start-no-earlier-than constraints.',
    );
  }
  return values;
}

/**
 * A task's calendar dates from its scheduled instants: the start's and the finish's days; a task
 * without work (a milestone) is dated on one day, the day the work before it finishes.
 */
function taskDates(task: ImportedTask, earlyStart: string, earlyFinish: string) {
  if (task.durationHours === 0) {
    const day = dateAtUtcMidnight(earlyFinish);
    return { startDate: day, endDate: day };
  }
  return { startDate: dateAtUtcMidnight(earlyStart), endDate: dateAtUtcMidnight(earlyFinish) };
}

/** The name of the baseline an imported file brings. */
export const IMPORTED_BASELINE_NAME = 'Imported baseline';

/**
 * The file's baseline by the tasks' new ids: the days of its start and finish instants and its
 * duration in whole working days (rounded as task durations are). Empty when no task has one.
 */
export function importedBaseline(
  imported: ScheduleImport,
  idOfExternal: ReadonlyMap<string, number>,
): { taskId: number; startDate: string; finishDate: string; duration: number }[] {
  const { hoursPerDay } = imported.calendar;
  return imported.tasks.flatMap((task) => {
    const taskId = idOfExternal.get(task.externalId);
    const { baseline } = task;
    if (taskId === undefined || !baseline) return [];
    const days = Math.min(
      MAX_TASK_DAYS,
      wholeDays(baseline.durationHours, hoursPerDay, baseline.durationHours > 0),
    );
    return [
      {
        taskId,
        startDate: baseline.start.slice(0, 10),
        finishDate: baseline.finish.slice(0, 10),
        duration: days,
      },
    ];
  });
}

/** Each task's dependencies JSON, by its new id (the links of the file, lags in whole days). */
export function importedDependencies(
  imported: ScheduleImport,
  idOfExternal: ReadonlyMap<string, number>,
): { id: number; dependencies: string | null }[] {
  const { hoursPerDay } = imported.calendar;
  const bySuccessor = new Map<number, Dependency[]>();
  for (const link of imported.links) {
    const successor = idOfExternal.get(link.successorId);
    const predecessor = idOfExternal.get(link.predecessorId);
    if (successor === undefined || predecessor === undefined) continue;
    const list = bySuccessor.get(successor) ?? [];
    list.push({
      taskId: predecessor,
      type: link.type,
      lagDays: wholeDays(link.lagHours, hoursPerDay, false),
    });
    bySuccessor.set(successor, list);
  }
  return [...bySuccessor].map(([id, list]) => ({ id, dependencies: serializeDependencies(list) }));
}

/**
 * The file's schedule in the API's terms: offsets in working days of the file's calendar from the
 * schedule start (fractional when the file works in part days), dates as calendar days.
 */
export function importedScheduleDto(
  projectId: number,
  imported: ScheduleImport,
  scheduled: ImportedSchedule,
  idOfExternal: ReadonlyMap<string, number>,
): ProjectScheduleDto {
  const origin = imported.project.dataDate ?? imported.project.start ?? scheduled.start;
  const clock = createWorkingTimeIndex(imported.calendar, origin, { throughInstant: scheduled.finish });
  const minutesPerDay = imported.calendar.hoursPerDay * 60;
  const days = (instant: string) => round6(offsetOfInstant(clock, instant) / minutesPerDay);
  const taskOf = new Map(imported.tasks.map((t) => [t.externalId, t]));
  const idOf = (externalId: string) => {
    const id = idOfExternal.get(externalId);
    if (id === undefined) throw new Error(`task ${externalId} has no id`);
    return id;
  };
  return {
    projectId,
    startDate: scheduled.start.slice(0, 10),
    finishDate: scheduled.finish.slice(0, 10),
    durationDays: scheduled.durationDays,
    criticalPath: scheduled.criticalPath.map(idOf),
    tasks: scheduled.tasks.map((t) => {
      const task = taskOf.get(t.externalId);
      const dates = task
        ? taskDates(task, t.earlyStart, t.earlyFinish)
        : { startDate: dateAtUtcMidnight(t.earlyStart), endDate: dateAtUtcMidnight(t.earlyFinish) };
      return {
        id: idOf(t.externalId),
        earlyStart: days(t.earlyStart),
        earlyFinish: days(t.earlyFinish),
        lateStart: days(t.lateStart),
        lateFinish: days(t.lateFinish),
        totalFloat: round6(t.totalFloatHours / imported.calendar.hoursPerDay),
        freeFloat: round6(t.freeFloatHours / imported.calendar.hoursPerDay),
        isCritical: t.isCritical,
        startDate: dates.startDate.toISOString().slice(0, 10),
        endDate: dates.endDate.toISOString().slice(0, 10),
      };
    }),
  };
}

/** The day of a local instant, stored as that date at UTC midnight (the product's date convention). */
function dateAtUtcMidnight(instant: string): Date {
  return new Date(`${instant.slice(0, 10)}T00:00:00Z`);
}

function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}
