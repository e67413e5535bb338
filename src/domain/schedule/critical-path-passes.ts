/**
 * The passes over the precedence graph in topological order: early dates forward, late dates
 * backward, and free float from the early dates. Internal to the critical-path engine.
 */
import { LINK_CODES, type PrecedenceGraph } from './precedence-graph.js';

// Constants of this module: the loops below compare every link with them, and where the engine is
// compiled to CommonJS (tsx does so when CommonJS code requires it) each read of an imported binding
// is a getter call.
const { FS, SS, FF, SF } = LINK_CODES;

export interface EarlyDates {
  start: Float64Array;
  finish: Float64Array;
}

export interface LateDates {
  start: Float64Array;
  finish: Float64Array;
}

/**
 * Early dates: each task, in topological order, pushes its bounds onto its successors (a started
 * successor keeps its actual start).
 */
export function forwardPass(
  graph: PrecedenceGraph,
  order: Int32Array,
  durations: Float64Array,
  earliest: Float64Array,
  started: Uint8Array,
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
      if (started[to] === 1) continue;
      const type = kind[e];
      const from = type === FS || type === FF ? nodeFinish : nodeStart;
      const bound = from + (lag[e] as number) - (type === FF || type === SF ? (durations[to] as number) : 0);
      if (bound > (start[to] as number)) start[to] = bound;
    }
  }
  return { start, finish };
}

/** Late dates: each task, in reverse topological order, takes the tightest bound its successors set. */
export function backwardPass(
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
export function freeFloats(graph: PrecedenceGraph, early: EarlyDates, projectFinish: number): Float64Array {
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
