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
import {
  buildGraph,
  FF,
  FS,
  findCycle,
  isLinkType,
  type LinkArrays,
  type LinkType,
  linkArrays,
  linkCode,
  type PrecedenceGraph,
  SF,
  SS,
  topologicalOrder,
} from './precedence-graph.js';

export { isLinkType, LINK_TYPES, type LinkType } from './precedence-graph.js';

/** A task's id as the caller knows it (a database id, a file's activity id). */
export type TaskId = string | number;

/** A task to schedule. All times are in the schedule's unit, as offsets from the project start. */
export interface ScheduleTask<Id extends TaskId = TaskId> {
  id: Id;
  /** Working time the task takes; 0 makes it a milestone. */
  duration: number;
  /** Start no earlier than this offset (e.g. the working day its materials are delivered). */
  startNoEarlierThan?: number;
  /** Finish no earlier than this offset. */
  finishNoEarlierThan?: number;
  /** Start no later than this offset: limits the late dates only (may give negative float). */
  startNoLaterThan?: number;
  /** Finish no later than this offset: limits the late dates only (may give negative float). */
  finishNoLaterThan?: number;
}

/**
 * A precedence link. With lag `L`: FS — the successor starts ≥ L after the predecessor finishes;
 * SS — starts ≥ L after it starts; FF — finishes ≥ L after it finishes; SF — finishes ≥ L after it
 * starts. A negative lag is a lead.
 */
export interface ScheduleLink<Id extends TaskId = TaskId> {
  predecessorId: Id;
  successorId: Id;
  type: LinkType;
  /** Default 0. */
  lag?: number;
}

/** Options of {@link schedule}. */
export interface ScheduleOptions {
  /**
   * A deadline for the whole project: the late pass starts from it instead of the early finish,
   * so float is measured against it (negative when the network cannot meet it).
   */
  mustFinishBy?: number;
}

/** The computed times of one task. Floats are late minus early (total) and the slip that delays no successor (free). */
export interface ScheduledTask<Id extends TaskId = TaskId> {
  id: Id;
  earlyStart: number;
  earlyFinish: number;
  lateStart: number;
  lateFinish: number;
  totalFloat: number;
  freeFloat: number;
  /** Total float ≤ 0. */
  isCritical: boolean;
}

/** A computed schedule. */
export interface CriticalPathSchedule<Id extends TaskId = TaskId> {
  /** The early finish of the project: the latest early finish of any task (0 with no tasks). */
  finish: number;
  /** Every task, in the order given. */
  tasks: ScheduledTask<Id>[];
  /** Ids of the critical tasks, ordered by early start, then early finish, then input order. */
  criticalPath: Id[];
}

/** Why a network could not be scheduled: the links loop back on themselves. */
export interface CycleError<Id extends TaskId = TaskId> {
  code: 'cycle';
  message: string;
  /** The tasks on one cycle, in link order (the last one links back to the first). */
  cycle: Id[];
}

/** Why a network could not be scheduled: a task listed twice, a link to a missing task, or a bad number. */
export interface TaskError<Id extends TaskId = TaskId> {
  code: 'duplicate_task' | 'unknown_task' | 'invalid_number';
  message: string;
  taskId: Id;
}

/** Why a network could not be scheduled. */
export type ScheduleError<Id extends TaskId = TaskId> = CycleError<Id> | TaskError<Id>;

/** The engine's answer: a schedule or the reason there is none. */
export type ScheduleResult<Id extends TaskId = TaskId> =
  | { ok: true; schedule: CriticalPathSchedule<Id> }
  | { ok: false; error: ScheduleError<Id> };

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
  const early = forwardPass(graph, sorted.order, durations, earliestStarts(tasks));
  const finish = maxOf(early.finish);
  const projectLateFinish = options.mustFinishBy ?? finish;
  const late = backwardPass(graph, sorted.order, durations, latestFinishes(tasks, projectLateFinish));
  const freeFloat = freeFloats(graph, early, finish);
  return { ok: true, schedule: assemble(tasks, early, late, freeFloat, finish) };
}

interface EarlyDates {
  start: Float64Array;
  finish: Float64Array;
}

interface LateDates {
  start: Float64Array;
  finish: Float64Array;
}

type Failure<Id extends TaskId> = { ok: false; error: ScheduleError<Id> };

/** Finds a task's position from its id; `undefined` when there is no such task. */
type PositionOf<Id> = (id: Id) => number | undefined;

function indexTasks<Id extends TaskId>(
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

function invalidTaskNumber(task: ScheduleTask<TaskId>): string | null {
  if (!(Number.isFinite(task.duration) && task.duration >= 0)) {
    return `duration must be a finite number ≥ 0 (got ${task.duration}).`;
  }
  const { startNoEarlierThan, finishNoEarlierThan, startNoLaterThan, finishNoLaterThan } = task;
  const finite = (value: number | undefined) => value === undefined || Number.isFinite(value);
  if (
    !(
      finite(startNoEarlierThan) &&
      finite(finishNoEarlierThan) &&
      finite(startNoLaterThan) &&
      finite(finishNoLaterThan)
    )
  ) {
    return 'date constraints must be finite numbers.';
  }
  return null;
}

function indexLinks<Id extends TaskId>(
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
    if (!isLinkType(link.type) || !Number.isFinite(lag)) {
      const message = `The link ${link.predecessorId} → ${link.successorId} needs a type FS, SS, FF or SF and a finite lag.`;
      return fail({ code: 'invalid_number', message, taskId: link.successorId });
    }
    arrays.from[e] = from;
    arrays.to[e] = to;
    arrays.kind[e] = linkCode(link.type);
    arrays.lag[e] = lag;
  }
  return { ok: true, links: arrays };
}

function cycleError<Id extends TaskId>(
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

/** The earliest start each task's own constraints and the project start allow. */
function earliestStarts(tasks: readonly ScheduleTask<TaskId>[]): Float64Array {
  const earliest = new Float64Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i] as ScheduleTask<TaskId>;
    let start = 0;
    if (task.startNoEarlierThan !== undefined && task.startNoEarlierThan > start)
      start = task.startNoEarlierThan;
    if (task.finishNoEarlierThan !== undefined && task.finishNoEarlierThan - task.duration > start) {
      start = task.finishNoEarlierThan - task.duration;
    }
    earliest[i] = start;
  }
  return earliest;
}

/** The latest finish each task's own constraints and the project finish allow. */
function latestFinishes(tasks: readonly ScheduleTask<TaskId>[], projectFinish: number): Float64Array {
  const latest = new Float64Array(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[i] as ScheduleTask<TaskId>;
    let finish = projectFinish;
    if (task.finishNoLaterThan !== undefined && task.finishNoLaterThan < finish)
      finish = task.finishNoLaterThan;
    if (task.startNoLaterThan !== undefined && task.startNoLaterThan + task.duration < finish) {
      finish = task.startNoLaterThan + task.duration;
    }
    latest[i] = finish;
  }
  return latest;
}

/** Early dates: each task, in topological order, pushes its bounds onto its successors. */
function forwardPass(
  graph: PrecedenceGraph,
  order: Int32Array,
  durations: Float64Array,
  earliest: Float64Array,
): EarlyDates {
  const { first, target, kind, lag } = graph;
  const start = earliest;
  const finish = new Float64Array(graph.size);
  for (let k = 0; k < order.length; k++) {
    const node = order[k] as number;
    const nodeStart = start[node] as number;
    const nodeFinish = nodeStart + (durations[node] as number);
    finish[node] = nodeFinish;
    const end = first[node + 1] as number;
    for (let e = first[node] as number; e < end; e++) {
      const to = target[e] as number;
      const type = kind[e];
      const from = type === FS || type === FF ? nodeFinish : nodeStart;
      const bound = from + (lag[e] as number) - (type === FF || type === SF ? (durations[to] as number) : 0);
      if (bound > (start[to] as number)) start[to] = bound;
    }
  }
  return { start, finish };
}

/** Late dates: each task, in reverse topological order, takes the tightest bound its successors set. */
function backwardPass(
  graph: PrecedenceGraph,
  order: Int32Array,
  durations: Float64Array,
  latest: Float64Array,
): LateDates {
  const { first, target, kind, lag } = graph;
  const finish = latest;
  const start = new Float64Array(graph.size);
  for (let k = order.length - 1; k >= 0; k--) {
    const node = order[k] as number;
    const duration = durations[node] as number;
    let nodeFinish = finish[node] as number;
    const end = first[node + 1] as number;
    for (let e = first[node] as number; e < end; e++) {
      const to = target[e] as number;
      const type = kind[e];
      const successorTime = type === FS || type === SS ? (start[to] as number) : (finish[to] as number);
      const bound = successorTime - (lag[e] as number) + (type === SS || type === SF ? duration : 0);
      if (bound < nodeFinish) nodeFinish = bound;
    }
    finish[node] = nodeFinish;
    start[node] = nodeFinish - duration;
  }
  return { start, finish };
}

/** Free float: how far a task can slip without moving any successor's early dates or the project finish. */
function freeFloats(graph: PrecedenceGraph, early: EarlyDates, projectFinish: number): Float64Array {
  const { first, target, kind, lag } = graph;
  const free = new Float64Array(graph.size);
  for (let node = 0; node < graph.size; node++) {
    const nodeStart = early.start[node] as number;
    const nodeFinish = early.finish[node] as number;
    let slack = projectFinish - nodeFinish;
    const end = first[node + 1] as number;
    for (let e = first[node] as number; e < end; e++) {
      const to = target[e] as number;
      const type = kind[e];
      const successorTime =
        type === FS || type === SS ? (early.start[to] as number) : (early.finish[to] as number);
      const ownTime = type === FS || type === FF ? nodeFinish : nodeStart;
      const linkSlack = successorTime - (lag[e] as number) - ownTime;
      if (linkSlack < slack) slack = linkSlack;
    }
    free[node] = slack;
  }
  return free;
}

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
