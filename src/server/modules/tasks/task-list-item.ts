import type { AssigneeKind, TaskListItemDto } from '../../../contracts/tasks.js';
import { memberName } from '../companies/companies.service.js';
import type { TaskListRow } from './tasks.repo.js';

/**
 * A listed task → its DTO. The assignee is named as they are called today (a renamed member or
 * contact shows the new name); a deleted one by the name the task kept when they were assigned.
 */
export function toTaskListItemDto(row: TaskListRow): TaskListItemDto {
  let assigneeName = row.assigneeName;
  let assigneeKind: AssigneeKind | null = assigneeName ? 'former' : null;
  if (row.assignedTo !== null && row.memberEmail !== null) {
    assigneeName = memberName({
      firstName: row.memberFirstName,
      lastName: row.memberLastName,
      email: row.memberEmail,
    });
    assigneeKind = 'member';
  } else if (row.assignedContactId !== null && row.contactName !== null) {
    assigneeName = row.contactName;
    assigneeKind = 'contact';
  }
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    name: row.name,
    phase: row.phase,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: row.status,
    progress: row.progress,
    isCritical: row.isCritical,
    assignedTo: row.assignedTo,
    assignedContactId: row.assignedContactId,
    assigneeName,
    assigneeKind,
  };
}
