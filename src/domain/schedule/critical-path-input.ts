/**
 * The engine's input checks: every task and link read into positions and typed arrays, or the
 * first reason the network cannot be scheduled (a bad number, a task listed twice, a link to a
 * missing task, a cycle). Internal to the critical-path engine.
 */

import type { ScheduleError, ScheduleLink, ScheduleTask, TaskId } from './critical-path-types.js';
import { type LinkArrays, linkArrays, linkCode } from './precedence-graph.js';

export type Failure<Id extends TaskId> = { ok: false; error: ScheduleError<Id> };

/** Finds a task's position from its id; `undefined` when there is no such task. */
type PositionOf<Id> = (id: Id) => number | undefined;

/** Each task's position and duration, after checking its numbers and that no id is listed twice. */
export function indexTasks<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
): { ok: true; positionOf: PositionOf<Id>; durations: Float64Array } | Failure<Id> {
  const durations = new Float64Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i] as ScheduleTask<Id>;
    const bad = invalidTaskNumber(task);
    if (bad) return fail({ code: 'invalid_number', message: `Task ${task.id}: ${bad}`, taskId: task.id });
    durations[i] = task.duration;
  }
  const positions = denseIntegerPositions(tasks) ?? mapPositions(tasks);
  if (!positions.ok) {
    const { taskId } = positions;
    return fail({ code: 'duplicate_task', message: `Task ${taskId} is listed twice.`, taskId });
  }
  return { ok: true, positionOf: positions.positionOf, durations };
}

type Positions<Id> = { ok: true; positionOf: PositionOf<Id> } | { ok: false; taskId: Id };

/** Ids in a Map: works for any ids. */
function mapPositions<Id extends TaskId>(tasks: readonly ScheduleTask<Id>[]): Positions<Id> {
  const byId = new Map<Id, number>();
  for (let i = 0; i < tasks.length; i++) {
    const { id } = tasks[i] as ScheduleTask<Id>;
    if (byId.has(id)) return { ok: false, taskId: id };
    byId.set(id, i);
  }
  return { ok: true, positionOf: (id) => byId.get(id) };
}

/**
 * Integer ids in a narrow range (database ids of one project) in a typed array, several times
 * faster to look up than a Map; `null` when the ids are not like that.
 */
function denseIntegerPositions<Id extends TaskId>(tasks: readonly ScheduleTask<Id>[]): Positions<Id> | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { id } of tasks) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
    if (id < min) min = id;
    if (id > max) max = id;
  }
  if (tasks.length === 0 || max - min > 4 * tasks.length + 1024) return null;
  const table = new Int32Array(max - min + 1).fill(-1);
  for (let i = 0; i < tasks.length; i++) {
    const { id } = tasks[i] as ScheduleTask<Id>;
    const slot = (id as number) - min;
    if (table[slot] !== -1) return { ok: false, taskId: id };
    table[slot] = i;
  }
  const positionOf = (id: Id): number | undefined => {
    const position = typeof id === 'number' ? table[id - min] : undefined;
    return position === undefined || position < 0 ? undefined : position;
  };
  return { ok: true, positionOf };
}

/** Whether an optional number is given but not finite. */
const notFinite = (value: number | undefined) => value !== undefined && !Number.isFinite(value);

function invalidTaskNumber(task: ScheduleTask<TaskId>): string | null {
  const duration = task.duration;
  if (!(Number.isFinite(duration) && duration >= 0)) {
    return `duration must be a finite number ≥ 0 (got ${duration}).`;
  }
  // Read one by one (no destructuring, no closure per task): this runs for every task.
  if (
    notFinite(task.startNoEarlierThan) ||
    notFinite(task.finishNoEarlierThan) ||
    notFinite(task.startNoLaterThan) ||
    notFinite(task.finishNoLaterThan) ||
    notFinite(task.actualStart)
  ) {
    return 'date constraints must be finite numbers.';
  }
  return null;
}

/** The links as typed arrays of positions, after checking they name listed tasks, a type and a finite lag. */
export function indexLinks<Id extends TaskId>(
  links: readonly ScheduleLink<Id>[],
  positionOf: PositionOf<Id>,
): { ok: true; links: LinkArrays } | Failure<Id> {
  const arrays = linkArrays(links.length);
  for (let e = 0; e < links.length; e++) {
    const link = links[e] as ScheduleLink<Id>;
    const from = positionOf(link.predecessorId);
    const to = positionOf(link.successorId);
    if (from === undefined || to === undefined) {
      const taskId = from === undefined ? link.predecessorId : link.successorId;
      return fail({
        code: 'unknown_task',
        message: `A link refers to task ${taskId}, which is not in the schedule.`,
        taskId,
      });
    }
    const lag = link.lag ?? 0;
    const kind = linkCode(link.type);
    if (kind < 0 || !Number.isFinite(lag)) {
      const message = `The link ${link.predecessorId} → ${link.successorId} needs a type FS, SS, FF or SF and a finite lag.`;
      return fail({ code: 'invalid_number', message, taskId: link.successorId });
    }
    arrays.from[e] = from;
    arrays.to[e] = to;
    arrays.kind[e] = kind;
    arrays.lag[e] = lag;
  }
  return { ok: true, links: arrays };
}

export function cycleError<Id extends TaskId>(
  tasks: readonly ScheduleTask<Id>[],
  cycle: readonly number[],
): Failure<Id> {
  const ids = cycle.map((position) => (tasks[position] as ScheduleTask<Id>).id);
  const loop = [...ids, ids[0]].join(' → ');
  return fail({ code: 'cycle', message: `The dependencies form a cycle: ${loop}.`, cycle: ids });
}

function fail<Id extends TaskId>(error: ScheduleError<Id>): Failure<Id> {
  return { ok: false, error };
}
