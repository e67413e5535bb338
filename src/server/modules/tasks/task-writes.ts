/**
 * What the task writes (create, update, delete, undo) share: the app context, the services they
 * call, the re-schedule that follows a change to the project's network, and the project's end date
 * kept on the scheduled finish after every write that can move or remove a task's dates.
 */
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { documentsService } from '../documents/documents.service.js';
import { projectScheduleFacts } from '../projects/project-schedule-facts.js';
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

/**
 * The last step of every task write that can move, add or remove a task's dates, with the project's
 * schedule lock held: the project's end date becomes the latest task finish (the projects module
 * writes it; a re-schedule has already done the same, and then this changes nothing). A project left
 * without tasks keeps its end date.
 */
export function followFinish(tx: Db, tenant: Tenant, projectId: number): Promise<void> {
  return projectScheduleFacts.followScheduledFinish(tx, tenant.companyId, projectId);
}
