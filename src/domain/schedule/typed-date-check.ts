/**
 * Whether dates typed for a task can be kept as typed, and when not, why and the nearest date that
 * can. One definition for the server (which refuses a date it cannot keep, naming the field) and for
 * the task form (which says so before saving and offers the nearest allowed date).
 *
 * A typed start is kept as a start-no-earlier-than day: it must be a working day, the task must not
 * have started (a started task starts on its actual start), and neither a link nor the materials'
 * expected delivery may hold it later. A typed due date is kept as a duration in working days from the
 * start: it must be a working day on or after the start, and a finish-to-finish or start-to-finish
 * link may not hold the finish later.
 */
import type { WorkCalendar } from './calendar.js';
import type { Dependency } from './dependencies.js';
import type { IsoDate } from './iso-date.js';
import { LINK_TYPE_NAMES } from './link-types.js';
import {
  type PredecessorDates,
  type TypedDatesChange,
  whatHoldsStart,
  workingDaysInclusive,
} from './typed-task-dates.js';
import { createWorkingDayIndex, offsetOfDate, workingDateAt } from './working-days.js';

export type TypedDateField = 'startDate' | 'endDate';

/** A typed date that cannot be kept: the field, the reason in a sentence, the nearest allowed day. */
export interface TypedDateProblem {
  field: TypedDateField;
  reason: string;
  nearest: IsoDate;
}

/** The task as the check reads it (dates `YYYY-MM-DD`). */
export interface TypedDateTask {
  startDate: IsoDate;
  endDate: IsoDate;
  duration: number;
  dependencies: readonly Dependency[];
  materialsDate: IsoDate | null;
  actualStart: IsoDate | null;
}

export interface TypedDateCheck {
  /** What to save when nothing is wrong. */
  change: TypedDatesChange;
  problems: TypedDateProblem[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2027-02-26` as `Feb 26, 2027` (the way the product shows days). */
export function dayLabel(date: IsoDate): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** Whether `date` is worked on the calendar. */
export function isWorkingDay(calendar: WorkCalendar, date: IsoDate): boolean {
  return workingDateAt(createWorkingDayIndex(calendar, date, 1), 0) === date;
}

/** The working day nearest `date` (the earlier one on a tie), not before `notBefore`. */
function nearestWorkingDay(calendar: WorkCalendar, date: IsoDate, notBefore: IsoDate | null): IsoDate {
  const index = createWorkingDayIndex(calendar, date, 2);
  const after = workingDateAt(index, 0);
  const before = workingDateAt(index, -1);
  if (notBefore !== null && before < notBefore) return after;
  const gap = (a: IsoDate, b: IsoDate) => Math.abs(Date.parse(a) - Date.parse(b));
  return gap(before, date) <= gap(after, date) ? before : after;
}

const notWorked = (date: IsoDate) => `${dayLabel(date)} is not a working day on the project's calendar`;

function startProblem(
  calendar: WorkCalendar,
  task: TypedDateTask,
  duration: number,
  predecessors: ReadonlyMap<number, PredecessorDates>,
  typed: IsoDate,
): TypedDateProblem | null {
  if (task.actualStart) {
    return {
      field: 'startDate',
      reason: `The task started on ${dayLabel(task.actualStart)}: its start is its actual start. Change the actual start instead.`,
      nearest: task.actualStart,
    };
  }
  const hold = whatHoldsStart(
    calendar,
    { duration, dependencies: task.dependencies, materialsDate: task.materialsDate },
    predecessors,
    typed,
  );
  if (hold?.kind === 'link') {
    const finishes = hold.type === 'FS' || hold.type === 'FF';
    const edge = finishes ? hold.predecessor.endDate : hold.predecessor.startDate;
    const lag = hold.lagDays ? `, lag ${hold.lagDays} ${Math.abs(hold.lagDays) === 1 ? 'day' : 'days'}` : '';
    return {
      field: 'startDate',
      reason: `It follows “${hold.predecessor.name}” (${LINK_TYPE_NAMES[hold.type].toLowerCase()}${lag}), which ${finishes ? 'finishes' : 'starts'} on ${dayLabel(edge)}: the earliest start is ${dayLabel(hold.startDate)}.`,
      nearest: hold.startDate,
    };
  }
  if (hold?.kind === 'materials') {
    return {
      field: 'startDate',
      reason: `Its materials are expected on ${dayLabel(hold.date)} and are not delivered yet: the earliest start is ${dayLabel(hold.startDate)}.`,
      nearest: hold.startDate,
    };
  }
  if (!isWorkingDay(calendar, typed)) {
    const nearest = workingDateAt(createWorkingDayIndex(calendar, typed, 1), 0);
    return {
      field: 'startDate',
      reason: `${notWorked(typed)}; the next working day is ${dayLabel(nearest)}.`,
      nearest,
    };
  }
  return null;
}

/** The latest finish a finish-to-finish or start-to-finish link asks of the task, with its reason. */
function finishHold(
  calendar: WorkCalendar,
  task: TypedDateTask,
  predecessors: ReadonlyMap<number, PredecessorDates>,
  start: IsoDate,
): { date: IsoDate; reason: string } | null {
  const index = createWorkingDayIndex(calendar, start);
  let best: { offset: number; reason: string } | null = null;
  for (const link of task.dependencies) {
    if (link.type !== 'FF' && link.type !== 'SF') continue;
    const pred = predecessors.get(link.taskId);
    if (!pred) continue;
    const from =
      link.type === 'FF' ? offsetOfDate(index, pred.endDate) + 1 : offsetOfDate(index, pred.startDate);
    const offset = from + link.lagDays - 1;
    if (!best || offset > best.offset) {
      const edge =
        link.type === 'FF'
          ? `finishes on ${dayLabel(pred.endDate)}`
          : `starts on ${dayLabel(pred.startDate)}`;
      best = {
        offset,
        reason: `It must finish after “${pred.name}” (${LINK_TYPE_NAMES[link.type].toLowerCase()}), which ${edge}`,
      };
    }
  }
  return best ? { date: workingDateAt(index, best.offset), reason: best.reason } : null;
}

function endProblem(
  calendar: WorkCalendar,
  task: TypedDateTask,
  predecessors: ReadonlyMap<number, PredecessorDates>,
  start: IsoDate,
  typed: IsoDate,
): TypedDateProblem | null {
  if (typed < start) {
    return {
      field: 'endDate',
      reason: `Due date must be on or after the start date (${dayLabel(start)}).`,
      nearest: start,
    };
  }
  if (!isWorkingDay(calendar, typed)) {
    const nearest = nearestWorkingDay(calendar, typed, start);
    return {
      field: 'endDate',
      reason: `${notWorked(typed)}; the nearest working day is ${dayLabel(nearest)}.`,
      nearest,
    };
  }
  const hold = finishHold(calendar, task, predecessors, start);
  if (hold && hold.date > typed) {
    return {
      field: 'endDate',
      reason: `${hold.reason}: the earliest due date is ${dayLabel(hold.date)}.`,
      nearest: hold.date,
    };
  }
  return null;
}

/**
 * A typed start checked: its problem is noted and the nearest allowed day is the start from then on
 * (the due date is checked against it), or it is kept as the start-no-earlier-than day.
 */
function checkStart(
  calendar: WorkCalendar,
  task: TypedDateTask,
  duration: number,
  predecessors: ReadonlyMap<number, PredecessorDates>,
  typed: IsoDate,
  into: TypedDateCheck,
): IsoDate {
  const problem = startProblem(calendar, task, duration, predecessors, typed);
  if (problem) {
    into.problems.push(problem);
    return problem.nearest;
  }
  into.change.startNoEarlierThan = typed;
  return typed;
}

/**
 * Checks typed dates (either may be left out) against the task's calendar, links, materials and
 * actual start. With no problem, `change` is what to save: a moved start as its start-no-earlier-than
 * day, a due date as the working days from the start (typed, or kept) to it.
 */
export function checkTypedDates(
  calendar: WorkCalendar,
  task: TypedDateTask,
  predecessors: ReadonlyMap<number, PredecessorDates>,
  typed: { startDate?: IsoDate | undefined; endDate?: IsoDate | undefined },
): TypedDateCheck {
  const problems: TypedDateProblem[] = [];
  const change: TypedDatesChange = {};
  const startMoves = typed.startDate !== undefined && typed.startDate !== task.startDate;
  const milestone =
    task.duration === 0 && (typed.endDate ?? task.endDate) === (typed.startDate ?? task.startDate);
  let duration = task.duration;
  let start = task.startDate;
  if (typed.startDate !== undefined) start = typed.startDate;
  if (typed.endDate !== undefined && typed.endDate >= start && !milestone) {
    duration = workingDaysInclusive(calendar, start, typed.endDate);
  }
  if (startMoves && typed.startDate !== undefined) {
    start = checkStart(calendar, task, duration, predecessors, typed.startDate, { problems, change });
  }
  if (typed.endDate !== undefined && (startMoves || typed.endDate !== task.endDate) && !milestone) {
    const problem = endProblem(calendar, task, predecessors, start, typed.endDate);
    if (problem) problems.push(problem);
    else if (duration !== task.duration) change.duration = duration;
  }
  return { change, problems };
}

/**
 * Checks the dates typed for a new task. Every typed date is new, so each is checked: a start (unless
 * the task is created already started, when the typed start is its actual start, a fact the schedule
 * keeps) against the calendar, the links and the materials; a due date against the start (typed, or
 * the default `task.startDate`), the calendar and the finish links. With no problem, `change` is what
 * to save: the typed start as its start-no-earlier-than day, the due date as the working days to it.
 */
export function checkNewTaskDates(
  calendar: WorkCalendar,
  task: TypedDateTask,
  predecessors: ReadonlyMap<number, PredecessorDates>,
  typed: { startDate?: IsoDate | undefined; endDate?: IsoDate | undefined },
): TypedDateCheck {
  const problems: TypedDateProblem[] = [];
  const change: TypedDatesChange = {};
  let start = typed.startDate ?? task.startDate;
  const duration =
    typed.endDate !== undefined && typed.endDate >= start
      ? workingDaysInclusive(calendar, start, typed.endDate)
      : task.duration;
  if (typed.startDate !== undefined && !task.actualStart) {
    start = checkStart(calendar, task, duration, predecessors, typed.startDate, { problems, change });
  }
  if (typed.endDate !== undefined) {
    const problem = endProblem(calendar, task, predecessors, start, typed.endDate);
    if (problem) problems.push(problem);
    else change.duration = duration;
  }
  return { change, problems };
}

/**
 * The predecessors an actual start on `date` puts the task ahead of: a finish-to-start predecessor
 * planned to finish on or after that day, or a start-to-start one planned to start after it. The
 * schedule keeps an actual start whatever the links say, so a prompt names them before it is saved.
 */
export function actualStartAheadOf(
  dependencies: readonly Dependency[],
  predecessors: ReadonlyMap<number, PredecessorDates>,
  date: IsoDate,
): { predecessor: PredecessorDates; planned: IsoDate; type: 'FS' | 'SS' }[] {
  const ahead: { predecessor: PredecessorDates; planned: IsoDate; type: 'FS' | 'SS' }[] = [];
  for (const link of dependencies) {
    const pred = predecessors.get(link.taskId);
    if (!pred) continue;
    if (link.type === 'FS' && pred.endDate >= date)
      ahead.push({ predecessor: pred, planned: pred.endDate, type: 'FS' });
    if (link.type === 'SS' && pred.startDate > date)
      ahead.push({ predecessor: pred, planned: pred.startDate, type: 'SS' });
  }
  return ahead;
}
