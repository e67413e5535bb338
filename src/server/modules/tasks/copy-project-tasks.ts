import {
  EMPTY_MATERIALS,
  parseMaterialsStatus,
  parsePunchlist,
  remapDependencies,
  resetPunchlist,
  serializeMaterialsStatus,
  serializePunchlist,
} from '../../../domain/tasks/index.js';
import type { Db } from '../../db/client.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { tasksRepo } from './tasks.repo.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A constraint date `YYYY-MM-DD` moved as far as a project's start moved: by the calendar days
 * between the two start dates (their UTC days, the product's date convention), or null.
 */
function shiftedDate(date: string | null, from: Date, to: Date): string | null {
  if (date === null) return null;
  const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY);
  const days = dayNumber(to) - dayNumber(from);
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * Copies a project's tasks into another project of the same company (inside the caller's
 * transaction): checklists reset, materials steps and expected delivery cleared (Not Applicable
 * kept), progress 0, not-started, dates and start constraints moved, sub-task and dependency
 * links pointed at the copies. `shift` is the source's start and the copy's: dates
 * move by the time between them, start constraints by the calendar days. The caller re-schedules
 * the copy.
 */
export async function copyProjectTasks(
  tx: Db,
  tenant: Tenant,
  fromProjectId: number,
  toProjectId: number,
  shift: { from: Date; to: Date },
): Promise<number> {
  const shiftMs = shift.to.getTime() - shift.from.getTime();
  const { companyId } = tenant;
  const source = await tasksRepo.listByProject(tx, companyId, fromProjectId);
  const copies = new Map<number, number>();
  for (const t of source) {
    const punchlist = parsePunchlist(t.punchlist);
    const materials = parseMaterialsStatus(t.materialsStatus);
    const row = await tasksRepo.insert(tx, companyId, {
      projectId: toProjectId,
      parentTaskId: null,
      name: t.name,
      description: t.description,
      duration: t.duration,
      startDate: new Date(t.startDate.getTime() + shiftMs),
      endDate: new Date(t.endDate.getTime() + shiftMs),
      isCritical: t.isCritical,
      progress: 0,
      status: 'not-started',
      dependencies: null,
      assignedTo: t.assignedTo,
      assignedContactId: t.assignedContactId,
      assigneeName: t.assigneeName,
      materials: t.materials,
      specifications: t.specifications,
      estimatedCost: t.estimatedCost,
      phase: t.phase,
      punchlist: punchlist.ok ? serializePunchlist(resetPunchlist(punchlist.value)) : '[]',
      materialsStatus:
        materials.ok && materials.value.notApplicable
          ? serializeMaterialsStatus({ ...EMPTY_MATERIALS, notApplicable: true })
          : null,
      materialsNotes: t.materialsNotes,
      position: t.position,
      // A set start moves with the project; the materials start over, without a delivery date.
      startNoEarlierThan: shiftedDate(t.startNoEarlierThan, shift.from, shift.to),
      materialsExpectedDate: null,
      createdBy: tenant.userId,
    });
    copies.set(t.id, row.id);
  }
  for (const t of source) {
    const copyId = copies.get(t.id);
    const dependencies = remapDependencies(t.dependencies, copies);
    const parentTaskId = t.parentTaskId === null ? null : (copies.get(t.parentTaskId) ?? null);
    if (copyId !== undefined && (dependencies !== null || parentTaskId !== null)) {
      await tasksRepo.update(tx, companyId, copyId, { dependencies, parentTaskId });
    }
  }
  return copies.size;
}
