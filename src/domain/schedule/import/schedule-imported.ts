/**
 * Schedules an imported file at its own granularity: the critical-path engine runs in working
 * minutes on the file's calendar (work periods, lunch breaks, exceptions) from the file's data
 * date, and offsets become local instants the way P6 and MS Project show them — a start at the
 * beginning of a working period, a finish at the end of one.
 */
import { type CompiledCalendar, compileCalendar } from '../calendar.js';
import {
  type ScheduledTask,
  type ScheduleError,
  type ScheduleLink,
  type ScheduleTask,
  schedule,
} from '../critical-path.js';
import type { IsoDateTime } from '../iso-date.js';
import {
  createWorkingTimeIndex,
  type InstantEdge,
  instantAtOffset,
  offsetOfInstant,
  type WorkingTimeIndex,
} from '../working-time.js';
import { type ImportedConstraints, roundConversion, type ScheduleImport } from './schedule-import.js';

/** One imported task, scheduled. */
export interface ImportedTaskSchedule {
  externalId: string;
  earlyStart: IsoDateTime;
  earlyFinish: IsoDateTime;
  lateStart: IsoDateTime;
  lateFinish: IsoDateTime;
  totalFloatHours: number;
  freeFloatHours: number;
  isCritical: boolean;
}

/** An imported file, scheduled. */
export interface ImportedSchedule {
  /** The first working instant at or after the data date. */
  start: IsoDateTime;
  /** The end of the last working period of the latest task. */
  finish: IsoDateTime;
  durationHours: number;
  /** At the calendar's hours per day. */
  durationDays: number;
  /** External ids of the critical tasks, in early-start order. */
  criticalPath: string[];
  tasks: ImportedTaskSchedule[];
}

/** The schedule, or why there is none. */
export type ImportedScheduleResult =
  | { ok: true; schedule: ImportedSchedule }
  | { ok: false; error: ScheduleError<string> | { code: 'no_start'; message: string } };

const MINUTES_PER_HOUR = 60;

/** Runs the critical-path engine on an import in working minutes (see the module comment). */
export function scheduleImported(imported: ScheduleImport): ImportedScheduleResult {
  const origin = imported.project.dataDate ?? imported.project.start;
  if (!origin)
    return { ok: false, error: { code: 'no_start', message: 'The file gives no start or data date.' } };
  const calendar = compileCalendar(imported.calendar);
  const constraintIndex = createWorkingTimeIndex(calendar, origin, {
    throughInstant: latestConstraint(imported, origin),
  });
  const tasks = imported.tasks.map(
    (task): ScheduleTask<string> => ({
      id: task.externalId,
      duration: toMinutes(task.durationHours),
      ...constraintOffsets(task.constraints, constraintIndex),
    }),
  );
  const links = imported.links.map(
    (link): ScheduleLink<string> => ({
      predecessorId: link.predecessorId,
      successorId: link.successorId,
      type: link.type,
      lag: toMinutes(link.lagHours),
    }),
  );
  const result = schedule(tasks, links);
  if (!result.ok) return result;
  const { finish } = result.schedule;
  const index = timeIndexThrough(calendar, origin, finish);
  const milestones = new Set(imported.tasks.filter((t) => t.isMilestone).map((t) => t.externalId));
  return {
    ok: true,
    schedule: {
      start: instantAtOffset(index, 0, 'start'),
      finish: instantAtOffset(index, finish, 'finish'),
      durationHours: roundConversion(finish / MINUTES_PER_HOUR),
      durationDays: roundConversion(finish / MINUTES_PER_HOUR / imported.calendar.hoursPerDay),
      criticalPath: result.schedule.criticalPath,
      tasks: result.schedule.tasks.map((task) => datedTask(task, index, milestones.has(task.id))),
    },
  };
}

function toMinutes(hours: number): number {
  return roundConversion(hours * MINUTES_PER_HOUR);
}

function latestConstraint(imported: ScheduleImport, origin: IsoDateTime): IsoDateTime {
  let latest = origin;
  for (const task of imported.tasks) {
    for (const instant of Object.values(task.constraints)) if (instant && instant > latest) latest = instant;
  }
  return latest;
}

function constraintOffsets(
  constraints: ImportedConstraints,
  index: WorkingTimeIndex,
): Pick<
  ScheduleTask,
  'startNoEarlierThan' | 'finishNoEarlierThan' | 'startNoLaterThan' | 'finishNoLaterThan'
> {
  const offsets: Partial<Record<keyof ImportedConstraints, number>> = {};
  for (const key of Object.keys(constraints) as (keyof ImportedConstraints)[]) {
    const instant = constraints[key];
    if (instant) offsets[key] = offsetOfInstant(index, instant);
  }
  return offsets;
}

/** An index covering every offset a schedule finishing at `finish` can produce. */
function timeIndexThrough(calendar: CompiledCalendar, origin: IsoDateTime, finish: number): WorkingTimeIndex {
  return createWorkingTimeIndex(calendar, origin, { throughMinutes: finish });
}

/**
 * Offsets → instants. Work starts at the beginning of a period and finishes at the end of one;
 * a milestone marks the moment the work before it finishes (at the start when nothing precedes it).
 * Offsets below 0 (late dates that a not-later-than constraint cannot meet) are shown at the start.
 */
function datedTask(
  task: ScheduledTask<string>,
  index: WorkingTimeIndex,
  isMilestone: boolean,
): ImportedTaskSchedule {
  const at = (offset: number, edge: InstantEdge) => instantAtOffset(index, Math.max(0, offset), edge);
  const startEdge: InstantEdge = isMilestone ? 'finish' : 'start';
  return {
    externalId: task.id,
    earlyStart: at(task.earlyStart, startEdge),
    earlyFinish: at(task.earlyFinish, 'finish'),
    lateStart: at(task.lateStart, startEdge),
    lateFinish: at(task.lateFinish, 'finish'),
    totalFloatHours: roundConversion(task.totalFloat / MINUTES_PER_HOUR),
    freeFloatHours: roundConversion(task.freeFloat / MINUTES_PER_HOUR),
    isCritical: task.isCritical,
  };
}
