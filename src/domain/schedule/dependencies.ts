/**
 * A task's `dependencies` text, read the same way by the server and the web: JSON
 * `[{"taskId": 12, "type": "FS", "lagDays": 2}]` (an entry may also be a bare task id), or the older
 * comma-separated id list `"12, 15"`, read as finish-to-start links without lag.
 *
 * A task may have several links to the same predecessor (start-to-start and finish-to-finish from one
 * task, as MS Project and P6 allow): every one is kept. Only an exact repeat (same task, type and lag)
 * is dropped, since it says nothing more.
 */
import type { ScheduleLink } from './critical-path.js';
import { isLinkType, LINK_TYPES, type LinkType } from './link-types.js';

/** One predecessor link of a task. */
export interface Dependency {
  /** The predecessor task's id. */
  taskId: number;
  type: LinkType;
  /** Whole working days; negative is a lead. */
  lagDays: number;
  /** Why the link is there, in words a user reads ("Drywall waits for the rough-in inspection"). */
  reason?: string;
}

/** The longest reason kept; a longer one is refused (it is a sentence, not a note). */
export const DEPENDENCY_REASON_MAX = 300;

/** The links, or what is wrong with the text (a phrase to follow "Dependencies"). */
export type DependenciesResult = { ok: true; value: Dependency[] } | { ok: false; error: string };

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const refused = (error: string): DependenciesResult => ({ ok: false, error });

function readEntry(value: unknown, at: number): Dependency | string {
  const where = `link ${at + 1}`;
  if (isId(value)) return { taskId: value, type: 'FS', lagDays: 0 };
  if (!isObject(value)) return `${where} must be a task id or {taskId, type, lagDays}`;
  for (const key of Object.keys(value)) {
    if (key !== 'taskId' && key !== 'type' && key !== 'lagDays' && key !== 'reason') {
      return `${where} has an unknown field "${key}" (allowed: taskId, type, lagDays, reason)`;
    }
  }
  const { taskId, type = 'FS', lagDays = 0, reason } = value;
  if (!isId(taskId)) return `${where} needs a task id`;
  if (!isLinkType(type)) return `${where} type must be one of ${LINK_TYPES.join(', ')}`;
  if (typeof lagDays !== 'number' || !Number.isSafeInteger(lagDays)) {
    return `${where} lagDays must be a whole number of days`;
  }
  if (reason === undefined || reason === null) return { taskId, type, lagDays };
  if (typeof reason !== 'string') return `${where} reason must be text`;
  const text = reason.replace(/\s+/g, ' ').trim();
  if (text.length > DEPENDENCY_REASON_MAX) {
    return `${where} reason must be at most ${DEPENDENCY_REASON_MAX} characters`;
  }
  // A blank reason says nothing: the link is kept without one.
  return text ? { taskId, type, lagDays, reason: text } : { taskId, type, lagDays };
}

function readJson(text: string): DependenciesResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused('is not valid JSON');
  }
  if (!Array.isArray(value)) return refused('must be a list');
  const links: Dependency[] = [];
  for (const [i, raw] of value.entries()) {
    const link = readEntry(raw, i);
    if (typeof link === 'string') return refused(link);
    links.push(link);
  }
  return { ok: true, value: links };
}

function readIdList(text: string): DependenciesResult {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (!parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) > 0)) {
    return refused('must be JSON links or a comma-separated list of task ids');
  }
  return { ok: true, value: parts.map((p) => ({ taskId: Number(p), type: 'FS', lagDays: 0 })) };
}

const keyOf = (l: Dependency) => `${l.taskId}:${l.type}:${l.lagDays}`;

/** Reads the stored text; empty or null is no dependency. */
export function parseDependencies(text: string | null | undefined): DependenciesResult {
  const s = (text ?? '').trim();
  if (s === '') return { ok: true, value: [] };
  const read = s.startsWith('[') ? readJson(s) : readIdList(s);
  if (!read.ok) return read;
  const seen = new Set<string>();
  return { ok: true, value: read.value.filter((l) => !seen.has(keyOf(l)) && seen.add(keyOf(l))) };
}

/** The stored text: JSON links (each with its reason when it has one), or null when there are none. */
export function serializeDependencies(links: readonly Dependency[]): string | null {
  return links.length
    ? JSON.stringify(
        links.map(({ taskId, type, lagDays, reason }) => {
          const text = reason?.replace(/\s+/g, ' ').trim().slice(0, DEPENDENCY_REASON_MAX);
          return text ? { taskId, type, lagDays, reason: text } : { taskId, type, lagDays };
        }),
      )
    : null;
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

/** Reads every task's dependencies into engine links (lag in working days), each link kept. */
export function linksFromDependencies(tasks: readonly TaskWithDependencies[]): LinksResult {
  const links: ScheduleLink<number>[] = [];
  for (const task of tasks) {
    const parsed = parseDependencies(task.dependencies);
    if (!parsed.ok) return { ok: false, taskId: task.id, error: `Dependencies ${parsed.error}` };
    for (const dependency of parsed.value) {
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
