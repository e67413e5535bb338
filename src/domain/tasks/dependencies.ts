import { isPlainObject, type Parsed, parsed, refused } from './result.js';

/**
 * A task's dependencies as stored in `tasks.dependencies`: JSON `[{taskId, type, lagDays}]`, or
 * the older comma-separated id list ("12, 14"), read as finish-to-start links without lag.
 */
export const LINK_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export interface Dependency {
  taskId: number;
  type: LinkType;
  lagDays: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function readDependency(value: unknown, at: number): Parsed<Dependency> {
  const where = `link ${at + 1}`;
  if (isId(value)) return parsed({ taskId: value, type: 'FS', lagDays: 0 });
  if (!isPlainObject(value)) return refused(`${where} must be a task id or {taskId, type, lagDays}`);
  for (const key of Object.keys(value)) {
    if (key !== 'taskId' && key !== 'type' && key !== 'lagDays') {
      return refused(`${where} has an unknown field "${key}" (allowed: taskId, type, lagDays)`);
    }
  }
  const { taskId, type = 'FS', lagDays = 0 } = value;
  if (!isId(taskId)) return refused(`${where} needs a task id`);
  if (typeof type !== 'string' || !(LINK_TYPES as readonly string[]).includes(type)) {
    return refused(`${where} type must be one of ${LINK_TYPES.join(', ')}`);
  }
  if (typeof lagDays !== 'number' || !Number.isFinite(lagDays) || Math.abs(lagDays) > 3650) {
    return refused(`${where} lagDays must be a number of days`);
  }
  return parsed({ taskId, type: type as LinkType, lagDays });
}

/** Reads the stored text; empty or null is no dependency. A task listed twice is kept once. */
export function parseDependencies(text: string | null | undefined): Parsed<Dependency[]> {
  const s = (text ?? '').trim();
  if (s === '') return parsed([]);
  let links: Dependency[];
  if (s.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(s);
    } catch {
      return refused('is not valid JSON');
    }
    if (!Array.isArray(value)) return refused('must be a list');
    links = [];
    for (const [i, raw] of value.entries()) {
      const link = readDependency(raw, i);
      if (!link.ok) return link;
      links.push(link.value);
    }
  } else {
    const parts = s.split(',').map((p) => p.trim());
    if (!parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) > 0)) {
      return refused('must be JSON links or a comma-separated list of task ids');
    }
    links = parts.map((p) => ({ taskId: Number(p), type: 'FS', lagDays: 0 }));
  }
  const seen = new Set<number>();
  return parsed(links.filter((l) => !seen.has(l.taskId) && seen.add(l.taskId)));
}

/** The stored text: JSON links, or null when there are none. */
export function serializeDependencies(links: readonly Dependency[]): string | null {
  return links.length ? JSON.stringify(links) : null;
}

/**
 * The dependencies of a copied task: each link pointing at a task that was copied too now points
 * at the copy; links to tasks that were not copied are dropped, as is unreadable text.
 */
export function remapDependencies(text: string | null, idMap: ReadonlyMap<number, number>): string | null {
  const links = parseDependencies(text);
  if (!links.ok) return null;
  const mapped: Dependency[] = [];
  for (const link of links.value) {
    const to = idMap.get(link.taskId);
    if (to !== undefined) mapped.push({ ...link, taskId: to });
  }
  return serializeDependencies(mapped);
}

/** The text without links to `taskId` (a deleted task); null when nothing is left. */
export function withoutDependencyOn(text: string | null, taskId: number): string | null {
  const links = parseDependencies(text);
  if (!links.ok) return text;
  return serializeDependencies(links.value.filter((l) => l.taskId !== taskId));
}

/**
 * A cycle in a dependency graph (task id → the ids it depends on), as the ids along it with the first
 * repeated at the end, or null when there is none.
 */
export function findDependencyCycle(graph: ReadonlyMap<number, readonly number[]>): number[] | null {
  const state = new Map<number, 'open' | 'done'>();
  const path: number[] = [];
  const visit = (id: number): number[] | null => {
    const s = state.get(id);
    if (s === 'done') return null;
    if (s === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    path.push(id);
    for (const next of graph.get(id) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of graph.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return null;
}
