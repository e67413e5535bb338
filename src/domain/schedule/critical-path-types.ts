/** The engine's input and result shapes (critical-path.ts), shared by its parts. */
import type { LinkType } from './precedence-graph.js';

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
  /**
   * Work began at this offset (may be before 0): the early start is this, whatever the links and
   * constraints say, since progress is a fact; the task still pushes its successors.
   */
  actualStart?: number;
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

/**
 * A computed schedule in columns: entry `i` of each array belongs to the `i`-th task given. The
 * engine's own answer, with no object per task: for callers that read the figures of many tasks
 * once (the project schedule, a benchmark). `schedule()` makes the object per task from it.
 */
export interface ScheduleColumns<Id extends TaskId = TaskId> {
  /** The early finish of the project: the latest early finish of any task (0 with no tasks). */
  finish: number;
  earlyStart: Float64Array;
  earlyFinish: Float64Array;
  lateStart: Float64Array;
  lateFinish: Float64Array;
  totalFloat: Float64Array;
  freeFloat: Float64Array;
  /** 1 for a critical task (total float ≤ 0), else 0. */
  isCritical: Uint8Array;
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

/** The engine's answer in columns: a schedule or the reason there is none. */
export type ScheduleColumnsResult<Id extends TaskId = TaskId> =
  | { ok: true; schedule: ScheduleColumns<Id> }
  | { ok: false; error: ScheduleError<Id> };

/** The engine's answer: a schedule or the reason there is none. */
export type ScheduleResult<Id extends TaskId = TaskId> =
  | { ok: true; schedule: CriticalPathSchedule<Id> }
  | { ok: false; error: ScheduleError<Id> };
