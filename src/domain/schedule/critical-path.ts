/**
 * The critical-path engine: a precedence diagram with finish-to-start, start-to-start,
 * finish-to-finish and start-to-finish links and positive or negative lags, scheduled by a
 * forward and a backward pass in topological order.
 *
 * Time is a plain number of *working-time units* from the project start (offset 0). The unit is
 * the caller's: the app schedules in working days, imported Primavera and MS Project files in
 * working minutes. Converting offsets to dates is the calendars' job (`working-days.ts`,
 * `working-time.ts`), so one engine serves both.
 */
import { earliestStarts, latestFinishes, startedMask } from './critical-path-constraints.js';
import { cycleError, indexLinks, indexTasks } from './critical-path-input.js';
import { backwardPass, forwardPass, freeFloats } from './critical-path-passes.js';
import type {
  ScheduleColumns,
  ScheduleColumnsResult,
  ScheduledTask,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
  TaskId,
} from './critical-path-types.js';
import { buildGraph, findCycle, topologicalOrder } from './precedence-graph.js';

export type {
  CriticalPathSchedule,
  CycleError,
  ScheduleColumns,
  ScheduleColumnsResult,
  ScheduledTask,
  ScheduleError,
  ScheduleLink,
  ScheduleOptions,
  ScheduleResult,
  ScheduleTask,
  TaskError,
  TaskId,
} from './critical-path-types.js';
export { isLinkType, LINK_TYPES, type LinkType } from './precedence-graph.js';

/** Floats at or below this count as zero, absorbing rounding in fractional durations. */
const FLOAT_TOLERANCE = 1e-9;

/**
 * Schedules a precedence network: early dates by a forward pass from offset 0 (no task starts
 * before 0), late dates by a backward pass from the project finish (or `mustFinishBy`), then total
 * and free float. Tasks may form several chains with several starts and ends. A task's late
 * finish never exceeds the project finish, so a task finishing last is critical even when its only
 * successors are start-to-start. Pure and linear in tasks + links. The answer has one object per
 * task; `scheduleColumns` gives the same figures in typed arrays, without them.
 */
export function schedule<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
  links: readonly ScheduleLink<Id>[],
  options: ScheduleOptions = {},
): ScheduleResult<Id> {
  const result = scheduleColumns(tasks, links, options);
  if (!result.ok) return result;
  const { finish, criticalPath } = result.schedule;
  return { ok: true, schedule: { finish, tasks: scheduledTasks(tasks, result.schedule), criticalPath } };
}

/**
 * `schedule` in columns: every figure in a typed array indexed like `tasks`, the dates kept in the
 * arrays the passes filled. At 100,000 tasks making an object per task (and collecting the garbage
 * they become) costs more than all the passes together: a caller that reads the figures once goes
 * faster from here.
 */
export function scheduleColumns<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
  links: readonly ScheduleLink<Id>[],
  options: ScheduleOptions = {},
): ScheduleColumnsResult<Id> {
  const positions = indexTasks(tasks);
  if (!positions.ok) return positions;
  const indexedLinks = indexLinks(links, positions.positionOf);
  if (!indexedLinks.ok) return indexedLinks;
  const graph = buildGraph(tasks.length, indexedLinks.links);
  const sorted = topologicalOrder(graph);
  if (sorted.order === null) return cycleError(tasks, findCycle(graph, sorted.remaining));

  const { durations } = positions;
  const early = forwardPass(graph, sorted.order, durations, earliestStarts(tasks), startedMask(tasks));
  const finish = maxOf(early.finish);
  const projectLateFinish = options.mustFinishBy ?? finish;
  const late = backwardPass(graph, sorted.order, durations, latestFinishes(tasks, projectLateFinish));
  const freeFloat = freeFloats(graph, early, finish);
  const size = tasks.length;
  const totalFloat = new Float64Array(size);
  const isCritical = new Uint8Array(size);
  const critical: number[] = [];
  for (let i = 0; i < size; i++) {
    const float = (late.start[i] as number) - (early.start[i] as number);
    totalFloat[i] = float;
    if (float <= FLOAT_TOLERANCE) {
      isCritical[i] = 1;
      critical.push(i);
    }
  }
  critical.sort(
    (a, b) =>
      (early.start[a] as number) - (early.start[b] as number) ||
      (early.finish[a] as number) - (early.finish[b] as number) ||
      a - b,
  );
  const columns: ScheduleColumns<Id> = {
    finish,
    earlyStart: early.start,
    earlyFinish: early.finish,
    lateStart: late.start,
    lateFinish: late.finish,
    totalFloat,
    freeFloat,
    isCritical,
    criticalPath: critical.map((i) => (tasks[i] as ScheduleTask<Id>).id),
  };
  return { ok: true, schedule: columns };
}

/** Each task's dates and floats as an object, in input order. */
export function scheduledTasks<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
  columns: ScheduleColumns<Id>,
): ScheduledTask<Id>[] {
  const { earlyStart, earlyFinish, lateStart, lateFinish, totalFloat, freeFloat, isCritical } = columns;
  const scheduled: ScheduledTask<Id>[] = new Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    scheduled[i] = {
      id: (tasks[i] as ScheduleTask<Id>).id,
      earlyStart: earlyStart[i] as number,
      earlyFinish: earlyFinish[i] as number,
      lateStart: lateStart[i] as number,
      lateFinish: lateFinish[i] as number,
      totalFloat: totalFloat[i] as number,
      freeFloat: freeFloat[i] as number,
      isCritical: isCritical[i] === 1,
    };
  }
  return scheduled;
}

function maxOf(values: Float64Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > max) max = values[i] as number;
  return max;
}
