import { type Dependency, parseDependencies, serializeDependencies } from '../schedule/dependencies.js';

export { LINK_TYPES, type LinkType } from '../schedule/link-types.js';
/**
 * A task's dependencies are read and written by the scheduling domain's one parser; the task rules
 * below (copying, deleting, loops) work on what it reads.
 */
export { type Dependency, parseDependencies, serializeDependencies };

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
