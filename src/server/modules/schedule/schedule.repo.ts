import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, projects, tasks } from '../../db/schema/index.js';

export type ScheduleProjectRow = Pick<
  typeof projects.$inferSelect,
  'id' | 'name' | 'startDate' | 'endDate' | 'calendar' | 'dataDate'
>;
export type NewImportedProject = Omit<typeof projects.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** One task's computed dates, as written back (calendar dates at UTC midnight). */
export interface TaskDates {
  id: number;
  startDate: string;
  endDate: string;
  isCritical: boolean;
}

const projectColumns = {
  id: projects.id,
  name: projects.name,
  startDate: projects.startDate,
  endDate: projects.endDate,
  calendar: projects.calendar,
  dataDate: projects.dataDate,
};

/** Every query is scoped by company id, always the second argument. */
export const scheduleRepo = {
  /**
   * The project, or undefined. `lock` holds the row (`no key update`) until the transaction ends, so
   * two reschedules of one project run one after the other; adding tasks (a key-share lock) is not
   * blocked by it.
   */
  async findProject(db: Db, companyId: number, projectId: number, lock?: 'no key update') {
    const query = db
      .select(projectColumns)
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
      .limit(1);
    const rows = await (lock ? query.for(lock) : query);
    return rows[0];
  },

  async companyState(db: Db, companyId: number): Promise<string | null> {
    const rows = await db
      .select({ state: companies.state })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return rows[0]?.state ?? null;
  },

  /** What scheduling needs of each task of the project. */
  tasksToSchedule(db: Db, companyId: number, projectId: number) {
    return db
      .select({
        id: tasks.id,
        name: tasks.name,
        phase: tasks.phase,
        duration: tasks.duration,
        dependencies: tasks.dependencies,
        startNoEarlierThan: tasks.startNoEarlierThan,
        materialsExpectedDate: tasks.materialsExpectedDate,
        materialsStatus: tasks.materialsStatus,
        actualStart: tasks.actualStart,
        actualFinish: tasks.actualFinish,
        progress: tasks.progress,
        status: tasks.status,
        remainingDuration: tasks.remainingDuration,
      })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)))
      .orderBy(asc(tasks.id));
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

  /** The project's tasks as the exports show them: by start date, then position, then id. */
  tasksToExport(db: Db, companyId: number, projectId: number) {
    return db
      .select({
        id: tasks.id,
        name: tasks.name,
        description: tasks.description,
        phase: tasks.phase,
        duration: tasks.duration,
        startDate: tasks.startDate,
        endDate: tasks.endDate,
        isCritical: tasks.isCritical,
        progress: tasks.progress,
        dependencies: tasks.dependencies,
        estimatedCost: tasks.estimatedCost,
        startNoEarlierThan: tasks.startNoEarlierThan,
      })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)))
      .orderBy(asc(tasks.startDate), asc(tasks.position), asc(tasks.id));
  },

  async insertProject(db: Db, companyId: number, values: NewImportedProject) {
    const rows = await db
      .insert(projects)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};

/** Rows changed by an UPDATE, from either driver's result (node-postgres or PGlite). */
function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
