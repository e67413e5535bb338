import type { DelayDto } from '../../../contracts/delays.js';
import { memberName } from '../companies/companies.service.js';
import type { DelayRow } from './delays.repo.js';

/** A stored delay → its DTO; who recorded it is named as they are called today. */
export function toDelayDto(row: DelayRow): DelayDto {
  return {
    id: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    taskName: row.taskName,
    cause: row.cause,
    days: row.days,
    date: row.date,
    note: row.note,
    wasCritical: row.wasCritical,
    finishBefore: row.finishBefore,
    finishAfter: row.finishAfter,
    finishMovedDays: row.finishMovedDays,
    recordedBy:
      row.recorderEmail === null
        ? null
        : memberName({
            firstName: row.recorderFirstName,
            lastName: row.recorderLastName,
            email: row.recorderEmail,
          }),
    createdAt: row.createdAt.toISOString(),
  };
}
