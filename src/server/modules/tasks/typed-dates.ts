/**
 * A task created or edited with `startDate` or `endDate`: the dates are kept as typed or refused,
 * never replaced. The domain's `checkTypedDates` (an edit) and `checkNewTaskDates` (a new task)
 * decide, and the task form shows the same reasons before saving: a start is kept as its
 * start-no-earlier-than day, a due date as a duration. After the re-schedule the task must stand on
 * the dates asked; when it does not (the project's start, data date or other dates moved it), the
 * whole write is refused too.
 */
import { parseDependencies } from '../../../domain/schedule/dependencies.js';
import { projectWorkCalendar } from '../../../domain/schedule/project-calendar.js';
import {
  checkNewTaskDates,
  checkTypedDates,
  dayLabel,
  type TypedDateField,
  type TypedDateProblem,
  type TypedDateTask,
} from '../../../domain/schedule/typed-date-check.js';
import type { PredecessorDates } from '../../../domain/schedule/typed-task-dates.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { materialsConstraint } from './task-scheduling.js';
import { type NewTask, type TaskRow, tasksRepo } from './tasks.repo.js';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** 422 `date_not_allowed`: each field with its reason, and `nearest`, the nearest day allowed. */
export function dateNotAllowed(problems: readonly TypedDateProblem[]): AppError {
  const errors: Record<string, string> = {};
  const nearest: Record<string, string> = {};
  for (const p of problems) {
    errors[p.field] = p.reason;
    nearest[p.field] = p.nearest;
  }
  const first = problems[0];
  const label = first?.field === 'startDate' ? 'Start date' : 'Due date';
  return new AppError(422, 'date_not_allowed', `${label} cannot be kept: ${first?.reason ?? ''}`, errors, {
    nearest,
  });
}

/** The typed days of the body (`YYYY-MM-DD`), or null when it sends neither date. */
export function typedDays(body: {
  startDate?: string | undefined;
  endDate?: string | undefined;
}): { startDate?: string; endDate?: string } | null {
  if (body.startDate === undefined && body.endDate === undefined) return null;
  return {
    ...(body.startDate !== undefined ? { startDate: dayOf(new Date(body.startDate)) } : {}),
    ...(body.endDate !== undefined ? { endDate: dayOf(new Date(body.endDate)) } : {}),
  };
}

/** The project's tasks by id, as the date checks name and read them. */
async function projectTaskDates(
  tx: Db,
  companyId: number,
  projectId: number,
): Promise<Map<number, PredecessorDates>> {
  const tasks = await tasksRepo.listByProject(tx, companyId, projectId);
  return new Map(
    tasks.map((t) => [
      t.id,
      { id: t.id, name: t.name, startDate: dayOf(t.startDate), endDate: dayOf(t.endDate) },
    ]),
  );
}

/** A task row (stored or about to be inserted) as the date checks read it. */
function checkedTask(task: NewTask): TypedDateTask {
  const links = parseDependencies(task.dependencies ?? null);
  return {
    startDate: dayOf(task.startDate),
    endDate: dayOf(task.endDate),
    duration: task.duration ?? 0,
    dependencies: links.ok ? links.value : [],
    materialsDate: materialsConstraint(task),
    actualStart: task.actualStart ?? null,
  };
}

/**
 * The values that keep the typed dates (a start constraint and/or a duration), or a 422 naming each
 * date that cannot be kept and why. Fields the body sets itself (`startNoEarlierThan`, `duration`) win.
 */
export async function typedDateValues(
  tx: Db,
  companyId: number,
  current: TaskRow,
  storedCalendar: unknown,
  typed: { startDate?: string; endDate?: string },
): Promise<Partial<NewTask>> {
  const predecessors = await projectTaskDates(tx, companyId, current.projectId);
  const check = checkTypedDates(
    projectWorkCalendar(storedCalendar),
    checkedTask(current),
    predecessors,
    typed,
  );
  if (check.problems.length) throw dateNotAllowed(check.problems);
  return check.change;
}

/**
 * The same for a task about to be created (`values` hold its defaults and checked links): every
 * typed date is new, so each is checked.
 */
export async function newTaskDateValues(
  tx: Db,
  companyId: number,
  values: NewTask,
  storedCalendar: unknown,
  typed: { startDate?: string; endDate?: string },
): Promise<Partial<NewTask>> {
  const predecessors = await projectTaskDates(tx, companyId, values.projectId);
  const check = checkNewTaskDates(
    projectWorkCalendar(storedCalendar),
    checkedTask(values),
    predecessors,
    typed,
  );
  if (check.problems.length) throw dateNotAllowed(check.problems);
  return check.change;
}

/** Refuses (422, rolling the edit back) when the re-scheduled task does not stand on the typed dates. */
export function requireTypedDatesKept(task: TaskRow, typed: { startDate?: string; endDate?: string }): void {
  const problems: TypedDateProblem[] = [];
  const check = (field: TypedDateField, asked: string | undefined, got: Date) => {
    if (asked === undefined || asked === dayOf(got)) return;
    problems.push({
      field,
      reason: `the schedule dates the task from its links and the project's start and calendar, which give ${dayLabel(dayOf(got))}.`,
      nearest: dayOf(got),
    });
  };
  check('startDate', typed.startDate, task.startDate);
  check('endDate', typed.endDate, task.endDate);
  if (problems.length) throw dateNotAllowed(problems);
}
