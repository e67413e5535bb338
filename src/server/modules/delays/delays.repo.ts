import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projectDelays, users } from '../../db/schema/index.js';

export type NewDelay = Omit<typeof projectDelays.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** The stored finish movement, written once the project has been re-scheduled with the delay. */
export interface DelayOutcome {
  finishBefore: string;
  finishAfter: string;
  finishMovedDays: number;
}

const delayColumns = {
  id: projectDelays.id,
  projectId: projectDelays.projectId,
  taskId: projectDelays.taskId,
  taskName: projectDelays.taskName,
  cause: projectDelays.cause,
  days: projectDelays.days,
  date: projectDelays.date,
  note: projectDelays.note,
  wasCritical: projectDelays.wasCritical,
  finishBefore: projectDelays.finishBefore,
  finishAfter: projectDelays.finishAfter,
  finishMovedDays: projectDelays.finishMovedDays,
  createdAt: projectDelays.createdAt,
  recorderFirstName: users.firstName,
  recorderLastName: users.lastName,
  recorderEmail: users.email,
};

export type DelayRow = Awaited<ReturnType<typeof delaysRepo.list>>[number];

const ofProject = (companyId: number, projectId: number) =>
  and(eq(projectDelays.companyId, companyId), eq(projectDelays.projectId, projectId));

/** Every query is scoped by company id, always the second argument. */
export const delaysRepo = {
  /** The project's delays in the order they happened (then as recorded), with who recorded them. */
  list(db: Db, companyId: number, projectId: number) {
    return db
      .select(delayColumns)
      .from(projectDelays)
      .leftJoin(users, eq(users.id, projectDelays.createdBy))
      .where(ofProject(companyId, projectId))
      .orderBy(asc(projectDelays.date), asc(projectDelays.id));
  },

  async findById(db: Db, companyId: number, projectId: number, id: number) {
    const rows = await db
      .select(delayColumns)
      .from(projectDelays)
      .leftJoin(users, eq(users.id, projectDelays.createdBy))
      .where(and(ofProject(companyId, projectId), eq(projectDelays.id, id)))
      .limit(1);
    return rows[0];
  },

  /** What the schedule reads: the delays of the project's tasks still there. */
  scheduleInputs(db: Db, companyId: number, projectId: number) {
    return db
      .select({
        taskId: projectDelays.taskId,
        cause: projectDelays.cause,
        days: projectDelays.days,
        date: projectDelays.date,
      })
      .from(projectDelays)
      .where(and(ofProject(companyId, projectId), isNotNull(projectDelays.taskId)))
      .orderBy(asc(projectDelays.id));
  },

  async insert(db: Db, companyId: number, values: NewDelay) {
    const rows = await db
      .insert(projectDelays)
      .values({ ...values, companyId })
      .returning({ id: projectDelays.id });
    const row = rows[0];
    if (!row) throw new Error('The delay was not inserted');
    return row.id;
  },

  async setOutcome(db: Db, companyId: number, id: number, outcome: DelayOutcome) {
    await db
      .update(projectDelays)
      .set(outcome)
      .where(and(eq(projectDelays.companyId, companyId), eq(projectDelays.id, id)));
  },

  /** Deletes one delay of the project; whether there was one. */
  async delete(db: Db, companyId: number, projectId: number, id: number) {
    const rows = await db
      .delete(projectDelays)
      .where(and(ofProject(companyId, projectId), eq(projectDelays.id, id)))
      .returning({ id: projectDelays.id });
    return rows.length > 0;
  },
};
