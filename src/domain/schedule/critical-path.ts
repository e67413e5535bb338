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
import {
  backwardPass,
  type EarlyDates,
  forwardPass,
  freeFloats,
  type LateDates,
} from './critical-path-passes.js';
import type {
  CriticalPathSchedule,
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
 * successors are start-to-start. Pure and linear in tasks + links.
 */
export function schedule<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
  links: readonly ScheduleLink<Id>[],
  options: ScheduleOptions = {},
): ScheduleResult<Id> {
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
  return { ok: true, schedule: assemble(tasks, early, late, freeFloat, finish) };
}

/** The answer: each task's dates and floats in input order, and the critical tasks in path order. */
function assemble<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
  early: EarlyDates,
  late: LateDates,
  freeFloat: Float64Array,
  finish: number,
): CriticalPathSchedule<Id> {
  const scheduled: ScheduledTask<Id>[] = new Array(tasks.length);
  const critical: number[] = [];
  for (let i = 0; i < tasks.length; i++) {
    const totalFloat = (late.start[i] as number) - (early.start[i] as number);
    const isCritical = totalFloat <= FLOAT_TOLERANCE;
    if (isCritical) critical.push(i);
    scheduled[i] = {
      id: (tasks[i] as ScheduleTask<Id>).id,
      earlyStart: early.start[i] as number,
      earlyFinish: early.finish[i] as number,
      lateStart: late.start[i] as number,
      lateFinish: late.finish[i] as number,
      totalFloat,
      freeFloat: freeFloat[i] as number,
      isCritical,
    };
  }
  critical.sort(
    (a, b) =>
      (early.start[a] as number) - (early.start[b] as number) ||
      (early.finish[a] as number) - (early.finish[b] as number) ||
      a - b,
  );
  return {
    finish,
    tasks: scheduled,
    criticalPath: critical.map((i) => (scheduled[i] as ScheduledTask<Id>).id),
  };
}

function maxOf(values: Float64Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > max) max = values[i] as number;
  return max;
}
