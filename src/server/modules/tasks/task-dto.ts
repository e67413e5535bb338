import type { TaskDto } from '../../../contracts/tasks.js';
import { remainingDurationOf } from '../../../domain/tasks/index.js';
import type { TaskRow } from './tasks.repo.js';

/** A stored task as the API answers it (dates as ISO strings; nothing the contract does not name). */
export function toTaskDto(row: TaskRow): TaskDto {
  return {
    id: row.id,
    projectId: row.projectId,
    parentTaskId: row.parentTaskId,
    name: row.name,
    description: row.description,
    duration: row.duration,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    isCritical: row.isCritical,
    progress: row.progress,
    status: row.status,
    dependencies: row.dependencies,
    assignedTo: row.assignedTo,
    assignedContactId: row.assignedContactId,
    assigneeName: row.assigneeName,
    materials: row.materials,
    specifications: row.specifications,
    estimatedCost: row.estimatedCost,
    phase: row.phase,
    punchlist: row.punchlist,
    materialsStatus: row.materialsStatus,
    materialsNotes: row.materialsNotes,
    position: row.position,
    startNoEarlierThan: row.startNoEarlierThan,
    materialsExpectedDate: row.materialsExpectedDate,
    actualStart: row.actualStart,
    actualFinish: row.actualFinish,
    remainingDuration: remainingDurationOf(row),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
