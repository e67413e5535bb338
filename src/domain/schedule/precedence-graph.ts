/**
 * The precedence network in compact form (compressed sparse rows of typed arrays), its
 * topological order and, when there is none, one cycle. Internal to the critical-path engine.
 */

import { isLinkType, LINK_TYPES, type LinkType } from './link-types.js';

export { isLinkType, LINK_TYPES, type LinkType };

/** Numeric codes of the link types inside the graph. */
export const LINK_CODES = { FS: 0, SS: 1, FF: 2, SF: 3 } as const satisfies Record<LinkType, number>;
const { FS, SS, FF, SF } = LINK_CODES;

/** The links as given, by task position, in parallel arrays (one entry per link). */
export interface LinkArrays {
  from: Int32Array;
  to: Int32Array;
  kind: Uint8Array;
  lag: Float64Array;
}

/** Empty link arrays for `count` links, to be filled in. */
export function linkArrays(count: number): LinkArrays {
  return {
    from: new Int32Array(count),
    to: new Int32Array(count),
    kind: new Uint8Array(count),
    lag: new Float64Array(count),
  };
}

/**
 * The numeric code of a link type inside the graph, or -1 for anything else (the engine's input
 * check). Compares with the four names rather than looking them up: it runs once per link.
 */
export function linkCode(type: unknown): number {
  if (type === 'FS') return FS;
  if (type === 'SS') return SS;
  if (type === 'FF') return FF;
  if (type === 'SF') return SF;
  return -1;
}

/** Successor lists of every task: the links out of task `i` are `first[i] … first[i+1]-1`. */
export interface PrecedenceGraph {
  readonly size: number;
  readonly first: Int32Array;
  readonly target: Int32Array;
  readonly kind: Uint8Array;
  readonly lag: Float64Array;
}

/** Builds the successor lists with a counting sort (linear time). */
export function buildGraph(size: number, links: LinkArrays): PrecedenceGraph {
  const count = links.from.length;
  const first = new Int32Array(size + 1);
  for (let e = 0; e < count; e++) {
    const slot = (links.from[e] as number) + 1;
    first[slot] = (first[slot] as number) + 1;
  }
  for (let i = 0; i < size; i++) first[i + 1] = (first[i + 1] as number) + (first[i] as number);
  const next = first.slice(0, size);
  const target = new Int32Array(count);
  const kind = new Uint8Array(count);
  const lag = new Float64Array(count);
  for (let e = 0; e < count; e++) {
    const from = links.from[e] as number;
    const slot = next[from] as number;
    next[from] = slot + 1;
    target[slot] = links.to[e] as number;
    kind[slot] = links.kind[e] as number;
    lag[slot] = links.lag[e] as number;
  }
  return { size, first, target, kind, lag };
}

/** Task positions in topological order, or `null` order plus the positions left on cycles. */
export type TopologicalOrder =
  | { order: Int32Array; remaining: null }
  | { order: null; remaining: Int32Array };

/** Kahn's algorithm over the successor lists. */
export function topologicalOrder(graph: PrecedenceGraph): TopologicalOrder {
  const { size, first, target } = graph;
  const inDegree = new Int32Array(size);
  for (let e = 0; e < target.length; e++) {
    const to = target[e] ?? 0;
    inDegree[to] = (inDegree[to] ?? 0) + 1;
  }
  const order = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) if (inDegree[i] === 0) order[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const node = order[head] ?? 0;
    const end = first[node + 1] ?? 0;
    for (let e = first[node] ?? 0; e < end; e++) {
      const to = target[e] ?? 0;
      const left = (inDegree[to] ?? 0) - 1;
      inDegree[to] = left;
      if (left === 0) order[tail++] = to;
    }
  }
  return tail === size ? { order, remaining: null } : { order: null, remaining: inDegree };
}

/**
 * One cycle among the tasks Kahn's algorithm could not order (`remaining[i] > 0`), as positions in
 * link direction: `[a, b, c]` means a → b → c → a. Every such task has a predecessor that is also
 * left, so walking back through those must come round to a task already seen.
 */
export function findCycle(graph: PrecedenceGraph, remaining: Int32Array): number[] {
  const { size, first, target } = graph;
  const leftPredecessor = new Int32Array(size).fill(-1);
  for (let from = 0; from < size; from++) {
    if ((remaining[from] ?? 0) === 0) continue;
    const end = first[from + 1] ?? 0;
    for (let e = first[from] ?? 0; e < end; e++) {
      const to = target[e] ?? 0;
      if ((remaining[to] ?? 0) > 0 && leftPredecessor[to] === -1) leftPredecessor[to] = from;
    }
  }
  const seenAt = new Int32Array(size).fill(-1);
  const walk: number[] = [];
  let node = remaining.findIndex((degree) => degree > 0);
  while (node >= 0 && seenAt[node] === -1) {
    seenAt[node] = walk.length;
    walk.push(node);
    node = leftPredecessor[node] ?? -1;
  }
  if (node < 0) return [];
  return walk.slice(seenAt[node]).reverse();
}
