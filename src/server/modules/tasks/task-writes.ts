/**
 * What the task writes (create, update, delete) share: the app context, the services they call,
 * and the re-schedule that follows a change to the project's network.
 */
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { documentsService } from '../documents/documents.service.js';
import type { scheduleService } from '../schedule/schedule.service.js';
import { type TaskRow, tasksRepo } from './tasks.repo.js';

export interface TaskWrites {
  ctx: AppContext;
  documents: ReturnType<typeof documentsService>;
  schedule: ReturnType<typeof scheduleService>;
}

/** Re-schedules the task's project (lock already held) and reads the task back as scheduled. */
export async function rescheduled(
  { schedule }: TaskWrites,
  tx: Db,
  tenant: Tenant,
  row: TaskRow,
): Promise<TaskRow> {
  await schedule.reschedule(tx, tenant, row.projectId);
  const task = await tasksRepo.findById(tx, tenant.companyId, row.id);
  if (!task) throw notFound('task');
  return task;
}
