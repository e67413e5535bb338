import type { Db } from '../../db/client.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { dayOf } from './task-progress.js';
import { tasksRepo } from './tasks.repo.js';

/**
 * Moves the dates of the project's work not yet begun (no actual start) with `move`: start, due
 * date and start-no-earlier-than constraint. Started and finished tasks keep theirs. Inside the
 * caller's transaction, which holds the project's schedule lock and re-schedules afterwards.
 */
export async function shiftNotStarted(
  tx: Db,
  tenant: Tenant,
  projectId: number,
  move: (day: string) => string,
): Promise<void> {
  const { companyId } = tenant;
  const rows = await tasksRepo.listByProject(tx, companyId, projectId);
  const moveDate = (date: Date) => new Date(`${move(dayOf(date))}T00:00:00Z`);
  for (const row of rows) {
    if (row.actualStart !== null) continue;
    await tasksRepo.update(tx, companyId, row.id, {
      startDate: moveDate(row.startDate),
      endDate: moveDate(row.endDate),
      startNoEarlierThan: row.startNoEarlierThan === null ? null : move(row.startNoEarlierThan),
    });
  }
}
