/**
 * The checks a task body's text fields pass before they are stored (a 400 naming the field when
 * one fails), each giving the value in its stored form.
 */
import {
  parseDependencies,
  parseMaterialsStatus,
  parsePunchlist,
  serializeDependencies,
  serializeMaterialsStatus,
  serializePunchlist,
} from '../../../domain/tasks/index.js';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { tasksRepo } from './tasks.repo.js';

export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

export const endBeforeStart = () => fieldError('endDate', 'Due date must be on or after the start date');

/** The checklist text, checked against the item shapes and rules, stored in its normal form. */
export function checkedPunchlist(text: string): string {
  const list = parsePunchlist(text);
  if (!list.ok) throw fieldError('punchlist', `Punchlist ${list.error}`);
  return serializePunchlist(list.value);
}

/** The materials flags, checked against the chain rules; empty text or null clears them. */
export function checkedMaterials(text: string | null): string | null {
  if (text === null || text.trim() === '') return null;
  const state = parseMaterialsStatus(text);
  if (!state.ok) throw fieldError('materialsStatus', `Materials status ${state.error}`);
  return serializeMaterialsStatus(state.value);
}

/**
 * The dependency text, checked: readable, naming other tasks of the same project, not the task
 * itself. Stored as JSON links; null when empty. A loop is the reschedule's to find (422
 * `dependency_cycle` with the task ids on it), which rolls the whole edit back.
 */
export async function checkedDependencies(
  tx: Db,
  companyId: number,
  projectId: number,
  taskId: number | null,
  text: string | null,
): Promise<string | null> {
  const links = parseDependencies(text);
  if (!links.ok) throw fieldError('dependencies', `Dependencies ${links.error}`);
  if (links.value.length === 0) return null;
  if (taskId !== null && links.value.some((l) => l.taskId === taskId)) {
    throw fieldError('dependencies', 'A task cannot depend on itself');
  }
  const others = await tasksRepo.links(tx, companyId, projectId, taskId ?? 0);
  const known = new Set(others.map((o) => o.id));
  const unknown = links.value.filter((l) => !known.has(l.taskId)).map((l) => l.taskId);
  if (unknown.length) {
    throw fieldError(
      'dependencies',
      `Dependencies must be tasks of the same project (not found: ${unknown.join(', ')})`,
    );
  }
  return serializeDependencies(links.value);
}
