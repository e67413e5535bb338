import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { baselineTasks, projectBaselines, projects, tasks } from '../../db/schema/index.js';

export type BaselineRow = typeof projectBaselines.$inferSelect;
export type ListedBaselineRow = Pick<BaselineRow, 'id' | 'projectId' | 'name' | 'createdAt'> & {
  taskCount: number;
};

/** One task's dates in a baseline. */
export interface BaselineTaskValues {
  taskId: number;
  /** `YYYY-MM-DD`. */
  startDate: string;
  finishDate: string;
  /** Working days. */
  duration: number;
}

/** A baseline with the calendar of its project (what the variance is counted on). */
export interface BaselineWithCalendar {
  id: number;
  projectCalendar: unknown;
}

/** The calendar day of a stored task timestamp (dates are kept at UTC midnight). */
const utcDay = (column: typeof tasks.startDate | typeof tasks.endDate) =>
  sql<string>`(${column} at time zone 'UTC')::date`;

/** Oldest first: the first is the project's default baseline. */
const oldestFirst = [asc(projectBaselines.createdAt), asc(projectBaselines.id)];

/** Company-scoped like every repository: the company id is always the second argument. */
export const baselinesRepo = {
  /** The project's baselines, oldest first, with the number of tasks each still holds. */
  list(db: Db, companyId: number, projectId: number): Promise<ListedBaselineRow[]> {
    return db
      .select({
        id: projectBaselines.id,
        projectId: projectBaselines.projectId,
        name: projectBaselines.name,
        createdAt: projectBaselines.createdAt,
        taskCount: count(baselineTasks.taskId),
      })
      .from(projectBaselines)
      .leftJoin(baselineTasks, eq(baselineTasks.baselineId, projectBaselines.id))
      .where(and(eq(projectBaselines.companyId, companyId), eq(projectBaselines.projectId, projectId)))
      .groupBy(projectBaselines.id)
      .orderBy(...oldestFirst);
  },

  /** A baseline of the project (`default`: its oldest), with the project's calendar; undefined when none. */
  async find(
    db: Db,
    companyId: number,
    projectId: number,
    ref: number | 'default',
  ): Promise<BaselineWithCalendar | undefined> {
    const rows = await db
      .select({ id: projectBaselines.id, projectCalendar: projects.calendar })
      .from(projectBaselines)
      .innerJoin(projects, eq(projects.id, projectBaselines.projectId))
      .where(
        and(
          eq(projectBaselines.companyId, companyId),
          eq(projectBaselines.projectId, projectId),
          ref === 'default' ? undefined : eq(projectBaselines.id, ref),
        ),
      )
      .orderBy(...oldestFirst)
      .limit(1);
    return rows[0];
  },

  /** Whether the project has a baseline of this name, ignoring case. */
  async nameTaken(db: Db, companyId: number, projectId: number, name: string): Promise<boolean> {
    const rows = await db
      .select({ id: projectBaselines.id })
      .from(projectBaselines)
      .where(
        and(
          eq(projectBaselines.companyId, companyId),
          eq(projectBaselines.projectId, projectId),
          sql`lower(${projectBaselines.name}) = lower(${name})`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async countForProject(db: Db, companyId: number, projectId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(projectBaselines)
      .where(and(eq(projectBaselines.companyId, companyId), eq(projectBaselines.projectId, projectId)));
    return row?.n ?? 0;
  },

  async insert(
    db: Db,
    companyId: number,
    values: { projectId: number; name: string; createdBy: string | null; createdAt: Date },
  ): Promise<BaselineRow> {
    const [row] = await db
      .insert(projectBaselines)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Copies every task of the project's current dates into the baseline, in one statement. */
  async snapshotTasks(db: Db, companyId: number, projectId: number, baselineId: number): Promise<number> {
    const rows = await db
      .insert(baselineTasks)
      .select(
        db
          .select({
            baselineId: sql<number>`${baselineId}::integer`.as('baseline_id'),
            taskId: sql<number>`${tasks.id}`.as('task_id'),
            companyId: sql<number>`${tasks.companyId}`.as('company_id'),
            startDate: utcDay(tasks.startDate).as('start_date'),
            finishDate: utcDay(tasks.endDate).as('finish_date'),
            duration: sql<number>`${tasks.duration}`.as('duration'),
          })
          .from(tasks)
          .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId))),
      )
      .returning({ taskId: baselineTasks.taskId });
    return rows.length;
  },

  /** Stores given dates as the baseline's (an imported file's baseline). */
  async insertTasks(
    db: Db,
    companyId: number,
    baselineId: number,
    values: readonly BaselineTaskValues[],
  ): Promise<void> {
    const CHUNK = 1_000;
    for (let i = 0; i < values.length; i += CHUNK) {
      await db
        .insert(baselineTasks)
        .values(values.slice(i, i + CHUNK).map((v) => ({ ...v, baselineId, companyId })));
    }
  },

  /** The dates each task has in the baseline. */
  tasksOf(db: Db, companyId: number, baselineId: number): Promise<BaselineTaskValues[]> {
    return db
      .select({
        taskId: baselineTasks.taskId,
        startDate: baselineTasks.startDate,
        finishDate: baselineTasks.finishDate,
        duration: baselineTasks.duration,
      })
      .from(baselineTasks)
      .where(and(eq(baselineTasks.companyId, companyId), eq(baselineTasks.baselineId, baselineId)));
  },

  /** Deletes a baseline of the project (its task dates go with it); false when there is none. */
  async delete(db: Db, companyId: number, projectId: number, baselineId: number): Promise<boolean> {
    const rows = await db
      .delete(projectBaselines)
      .where(
        and(
          eq(projectBaselines.companyId, companyId),
          eq(projectBaselines.projectId, projectId),
          eq(projectBaselines.id, baselineId),
        ),
      )
      .returning({ id: projectBaselines.id });
    return rows.length > 0;
  },
};
