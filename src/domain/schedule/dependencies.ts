/**
 * A task's `dependencies` text: JSON `[{"taskId": 12, "type": "FS", "lagDays": 2}]`,
 * or the older plain comma-separated id list `"12, 15"`, read as finish-to-start with no lag.
 */
import { isLinkType, type LinkType, type ScheduleLink } from './critical-path.js';

/** One predecessor of a task. */
export interface Dependency {
  /** The predecessor task's id. */
  taskId: number;
  type: LinkType;
  /** Whole working days; negative is a lead. */
  lagDays: number;
}

/** The predecessors, or a message saying what is wrong with the text. */
export type DependenciesResult = { ok: true; dependencies: Dependency[] } | { ok: false; error: string };

/**
 * Reads a `dependencies` text. Empty or missing text is no dependencies. In the JSON form `type`
 * defaults to FS and `lagDays` to 0; ids must be positive whole numbers, lags whole numbers.
 */
export function parseDependencies(text: string | null | undefined): DependenciesResult {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, dependencies: [] };
  return trimmed.startsWith('[') ? parseJsonDependencies(trimmed) : parseIdList(trimmed);
}

/** Writes dependencies in the JSON form (`'[]'` for none). */
export function serializeDependencies(dependencies: readonly Dependency[]): string {
  return JSON.stringify(dependencies.map(({ taskId, type, lagDays }) => ({ taskId, type, lagDays })));
}

/** A task with its id and `dependencies` text, as stored. */
export interface TaskWithDependencies {
  id: number;
  dependencies: string | null;
}

/** The links of a set of tasks, or the first task whose dependencies text is malformed. */
export type LinksResult =
  | { ok: true; links: ScheduleLink<number>[] }
  | { ok: false; taskId: number; error: string };

/** Reads every task's dependencies into engine links (lag in working days). */
export function linksFromDependencies(tasks: readonly TaskWithDependencies[]): LinksResult {
  const links: ScheduleLink<number>[] = [];
  for (const task of tasks) {
    const parsed = parseDependencies(task.dependencies);
    if (!parsed.ok) return { ok: false, taskId: task.id, error: parsed.error };
    for (const dependency of parsed.dependencies) {
      links.push({
        predecessorId: dependency.taskId,
        successorId: task.id,
        type: dependency.type,
        lag: dependency.lagDays,
      });
    }
  }
  return { ok: true, links };
}

function parseIdList(text: string): DependenciesResult {
  const dependencies: Dependency[] = [];
  for (const part of text.split(',')) {
    const token = part.trim();
    if (token === '') continue;
    if (!/^\d+$/.test(token) || Number(token) <= 0) {
      return {
        ok: false,
        error: `Dependencies: "${token}" is not a task id (expected ids like "12, 15" or a JSON list).`,
      };
    }
    dependencies.push({ taskId: Number(token), type: 'FS', lagDays: 0 });
  }
  return { ok: true, dependencies };
}

function parseJsonDependencies(text: string): DependenciesResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Dependencies: the text starts like a JSON list but is not valid JSON.' };
  }
  if (!Array.isArray(value)) return { ok: false, error: 'Dependencies: expected a JSON list.' };
  const dependencies: Dependency[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry = readEntry(value[i]);
    if (typeof entry === 'string') return { ok: false, error: `Dependencies, entry ${i + 1}: ${entry}` };
    dependencies.push(entry);
  }
  return { ok: true, dependencies };
}

/** One JSON entry, or what is wrong with it. */
function readEntry(entry: unknown): Dependency | string {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return 'expected an object like {"taskId": 12, "type": "FS", "lagDays": 0}.';
  }
  const { taskId, type = 'FS', lagDays = 0 } = entry as Record<string, unknown>;
  const id = typeof taskId === 'string' && /^\d+$/.test(taskId.trim()) ? Number(taskId) : taskId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    return 'taskId must be a positive whole number.';
  if (!isLinkType(type)) return `type must be FS, SS, FF or SF (got ${JSON.stringify(type)}).`;
  if (typeof lagDays !== 'number' || !Number.isSafeInteger(lagDays))
    return 'lagDays must be a whole number of days.';
  return { taskId: id, type, lagDays };
}
