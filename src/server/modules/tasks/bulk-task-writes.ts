/**
 * The tasks module's writes for work that makes many tasks at once inside the caller's transaction
 * (a generated plan, an imported schedule, a schedule's dates written back, the demo seed, a
 * company's data deleted): the one
 * place besides the tasks service that writes the `tasks` table. Every statement is scoped by company (and project where it edits).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';

/** One task's computed dates, as written back (calendar dates at UTC midnight). */
export interface TaskDates {
  id: number;
  startDate: string;
  endDate: string;
  isCritical: boolean;
}

/** Rows changed by an UPDATE, from either driver's result (node-postgres or PGlite). */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** A task to insert: everything but its id, company and creation time. */
export type NewTaskRow = Omit<typeof tasks.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** Rows per INSERT statement: about 20 columns each stays well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;

export const bulkTaskWrites = {
  /** The next free task position in the project (new tasks go after the existing ones). */
  async nextPosition(db: Db, companyId: number, projectId: number): Promise<number> {
    const rows = await db
      .select({ max: sql<number | null>`max(${tasks.position})` })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)));
    const max = rows[0]?.max;
    return max === null || max === undefined ? 0 : Number(max) + 1;
  },

  /** Inserts the tasks in chunks; answers each new id with the position it was given. */
  async insertMany(db: Db, companyId: number, values: readonly NewTaskRow[]) {
    const inserted: { id: number; position: number }[] = [];
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      const chunk = values.slice(i, i + INSERT_CHUNK).map((v) => ({ ...v, companyId }));
      inserted.push(
        ...(await db.insert(tasks).values(chunk).returning({ id: tasks.id, position: tasks.position })),
      );
    }
    return inserted;
  },

  /**
   * Sets the dependencies text of many tasks of one project in one statement, and their cost where
   * an entry carries one (`estimatedCost` present, null clears it).
   */
  async setDependencies(
    db: Db,
    companyId: number,
    projectId: number,
    values: readonly { id: number; dependencies: string | null; estimatedCost?: string | null }[],
  ) {
    if (values.length === 0) return;
    const json = JSON.stringify(
      values.map((v) => ({
        id: v.id,
        d: v.dependencies,
        c: v.estimatedCost ?? null,
        sc: 'estimatedCost' in v,
      })),
    );
    await db.execute(sql`
      update tasks as t
         set dependencies = v.d,
             estimated_cost = case when v.sc then v.c::numeric else t.estimated_cost end
        from json_to_recordset(${json}::json) as v(id integer, d text, c text, sc boolean)
       where t.id = v.id and t.company_id = ${companyId} and t.project_id = ${projectId}`);
  },

  /**
   * Writes every task's dates and critical flag in one statement (the values travel as one JSON
   * parameter); rows whose values are unchanged are left alone. Returns how many rows changed.
   */
  async writeDates(db: Db, companyId: number, projectId: number, dates: readonly TaskDates[]) {
    if (dates.length === 0) return 0;
    const values = JSON.stringify(
      dates.map((d) => ({
        id: d.id,
        s: `${d.startDate}T00:00:00Z`,
        e: `${d.endDate}T00:00:00Z`,
        c: d.isCritical,
      })),
    );
    const result = await db.execute(sql`
      update tasks as t
         set start_date = v.s, end_date = v.e, is_critical = v.c
        from json_to_recordset(${values}::json) as v(id integer, s timestamptz, e timestamptz, c boolean)
       where t.id = v.id
         and t.company_id = ${companyId}
         and t.project_id = ${projectId}
         and (t.start_date, t.end_date, t.is_critical) is distinct from (v.s, v.e, v.c)`);
    return affectedRows(result);
  },

  /** Sets one task's duration in working days (e.g. a span measured on the dated schedule). */
  async setDuration(db: Db, companyId: number, projectId: number, id: number, duration: number) {
    await db
      .update(tasks)
      .set({ duration })
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId), eq(tasks.id, id)));
  },

  /** Deletes every task of the company (its data deleted with the subscription); answers how many. */
  async deleteCompanyTasks(db: Db, companyId: number): Promise<number> {
    const rows = await db.delete(tasks).where(eq(tasks.companyId, companyId)).returning({ id: tasks.id });
    return rows.length;
  },
};
