/**
 * The project's recorded delays as the schedule reads them: an input of every re-schedule (the
 * schedule service calls this inside its transaction), so a delay keeps its effect through later
 * edits until it is removed.
 */
import type { ScheduleDelay } from '../../../domain/schedule/index.js';
import type { Db } from '../../db/client.js';
import { delaysRepo } from './delays.repo.js';

export async function scheduleDelaysOf(
  db: Db,
  companyId: number,
  projectId: number,
): Promise<ScheduleDelay[]> {
  const rows = await delaysRepo.scheduleInputs(db, companyId, projectId);
  return rows.flatMap((row) =>
    row.taskId === null
      ? []
      : [{ taskId: row.taskId, days: row.days, date: row.date, weather: row.cause === 'weather' }],
  );
}
