/** Creating a task: defaults for what the body leaves out, and joining the project's network. */
import type { CreateTaskBody } from '../../../contracts/tasks.js';
import { statusForProgress } from '../../../domain/tasks/index.js';
import type { Db } from '../../db/client.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { assigneeChange, UNASSIGNED } from './task-assignee.js';
import { checkedDependencies, checkedMaterials, checkedPunchlist, endBeforeStart } from './task-input.js';
import { actualsOf, checkMaterialsBeforeStart } from './task-progress.js';
import { materialsConstraint, overriddenFields, type TaskChange } from './task-scheduling.js';
import { followFinish, rescheduled, type TaskWrites } from './task-writes.js';
import { type NewTask, tasksRepo } from './tasks.repo.js';
import { newTaskDateValues, requireTypedDatesKept, typedDays } from './typed-dates.js';

const DAY = 24 * 60 * 60 * 1000;
/** A new task is due this long after it starts. */
export const NEW_TASK_DAYS = 7;
export const DEFAULT_PHASE = 'Planning';

/** The dates a create body asked for (the ones it named), to tell which the schedule replaced. */
function asked(body: CreateTaskBody, values: NewTask): Partial<NewTask> {
  return {
    ...(body.startDate ? { startDate: values.startDate } : {}),
    ...(body.endDate ? { endDate: values.endDate } : {}),
    ...(body.isCritical !== undefined ? { isCritical: values.isCritical } : {}),
  };
}

/**
 * The new task's checked values, with the defaults for what the body leaves out, its actual dates
 * when it is created started, and the materials check of a task created started.
 */
async function newTaskValues(
  tx: Db,
  { ctx }: TaskWrites,
  tenant: Tenant,
  body: CreateTaskBody,
): Promise<NewTask> {
  const { companyId } = tenant;
  const startDate = body.startDate ? new Date(body.startDate) : ctx.now();
  const endDate = body.endDate ? new Date(body.endDate) : new Date(startDate.getTime() + NEW_TASK_DAYS * DAY);
  if (endDate < startDate) throw endBeforeStart();
  const progress = body.progress ?? 0;
  const values: NewTask = {
    projectId: body.projectId,
    name: body.name,
    description: body.description ?? null,
    phase: body.phase || DEFAULT_PHASE,
    status: body.status ?? statusForProgress(progress),
    progress,
    isCritical: body.isCritical ?? false,
    startDate,
    endDate,
    duration: body.duration ?? Math.max(0, Math.round((endDate.getTime() - startDate.getTime()) / DAY)),
    punchlist: checkedPunchlist(body.punchlist ?? '[]'),
    materialsStatus: checkedMaterials(body.materialsStatus ?? null),
    materialsNotes: body.materialsNotes ?? '',
    dependencies: await checkedDependencies(tx, companyId, body.projectId, null, body.dependencies ?? null),
    ...((await assigneeChange(tx, companyId, body)) ?? UNASSIGNED),
    position: body.position ?? (await tasksRepo.nextPosition(tx, companyId, body.projectId)),
    startNoEarlierThan: body.startNoEarlierThan ?? null,
    materialsExpectedDate: body.materialsExpectedDate ?? null,
    createdBy: tenant.userId,
  };
  checkMaterialsBeforeStart({
    status: values.status ?? 'not-started',
    progress,
    materialsStatus: values.materialsStatus ?? null,
    materialsExpectedDate: values.materialsExpectedDate ?? null,
  });
  Object.assign(
    values,
    actualsOf(
      { status: values.status ?? 'not-started', progress, startDate, endDate },
      body,
      { actualStart: null, actualFinish: null },
      ctx.now(),
    ),
  );
  return values;
}

/**
 * The typed dates of a task that joins the network are kept as typed or refused (422
 * `date_not_allowed`, as an edit's are), never replaced by the schedule's: a typed start becomes the
 * task's start-no-earlier-than day, a typed due date its duration in working days. Fields the body
 * sets itself (`startNoEarlierThan`, `duration`) win.
 */
async function keepTypedDates(
  tx: Db,
  companyId: number,
  values: NewTask,
  calendar: unknown,
  typed: { startDate?: string; endDate?: string },
  body: CreateTaskBody,
): Promise<void> {
  const kept = await newTaskDateValues(tx, companyId, values, calendar, typed);
  if (body.startNoEarlierThan === undefined && kept.startNoEarlierThan !== undefined) {
    values.startNoEarlierThan = kept.startNoEarlierThan;
  }
  if (body.duration === undefined && kept.duration !== undefined) values.duration = kept.duration;
}

/**
 * A new task with defaults for whatever the body leaves out: phase Planning, progress 0 and the
 * status it gives (not-started), not critical, start now, due 7 days later, duration from the
 * dates, an empty checklist. The project's schedule lock is taken first. A task created with
 * dependencies or a start constraint (its own, or its materials' expected delivery) joins the
 * project's network: the project is re-scheduled in the same transaction and the task is answered
 * with the dates the schedule gave it, which are the typed ones (typed dates it would not keep refuse
 * the whole write). A task that does not join keeps its dates as sent. Either way the project's end
 * date ends on the latest task finish.
 */
export function createTask(writes: TaskWrites, tenant: Tenant, body: CreateTaskBody): Promise<TaskChange> {
  const { db } = writes.ctx;
  const { companyId } = tenant;
  return db.transaction(async (tx) => {
    // The project's schedule lock first: the new task may move the project's finish (its end date).
    const { calendar } = await writes.schedule.lockProject(tx, companyId, body.projectId);
    const values = await newTaskValues(tx, writes, tenant, body);
    const joins =
      values.dependencies !== null ||
      values.startNoEarlierThan !== null ||
      materialsConstraint(values) !== null;
    const typed = joins ? typedDays(body) : null;
    if (typed) await keepTypedDates(tx, companyId, values, calendar, typed, body);
    const row = await tasksRepo.insert(tx, companyId, values);
    if (!joins) {
      await followFinish(tx, tenant, body.projectId);
      return { task: row, rescheduled: false, overridden: [] };
    }
    const task = await rescheduled(writes, tx, tenant, row);
    if (typed) requireTypedDatesKept(task, typed);
    await followFinish(tx, tenant, body.projectId);
    return { task, rescheduled: true, overridden: overriddenFields(asked(body, values), task) };
  });
}
