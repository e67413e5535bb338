import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../contracts/enums.js';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { companies, projects, tasks } from '../../db/schema/index.js';
import { withCalendars } from './project-dto.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = Omit<typeof projects.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** A project's columns but its list JSON, which only the portfolio list reads. */
const { dtoJson: _dtoJson, ...projectColumns } = getTableColumns(projects);

/** The portfolio's order: newest first, and of projects created at the same moment the later one. */
const newestFirst = [desc(projects.createdAt), desc(projects.id)];

const listQuery = preparedPerDb((db) =>
  db
    .select(projectColumns)
    .from(projects)
    .where(eq(projects.companyId, sql.placeholder('companyId')))
    .orderBy(...newestFirst)
    .prepare('projects_list'),
);

/** Whether an estimate of the project waits for the user's answers (a generation in `needs-input`). */
// Spelled with the tables named: drizzle leaves a single-table select's columns unqualified, which
// inside this sub-query would name the generation's own columns.
const awaitingAnswersOf = sql<boolean>`exists (select 1 from plan_generations g where g.company_id = "projects"."company_id" and g.project_id = "projects"."id" and g.status = 'needs-input')`;

/**
 * The portfolio's list as the API answers it, in one row: every project's JSON (kept by the database,
 * `dto_json`) joined newest first, and the stored calendars of the few projects that have one.
 */
const listJsonQuery = preparedPerDb((db) =>
  db
    .select({
      json: sql<
        string | null
      >`string_agg(${projects.dtoJson}, ',' order by ${sql.join(newestFirst, sql`, `)})`,
      missing: sql<number>`count(*) filter (where ${projects.dtoJson} is null)::int`,
      calendars: sql<
        { id: number; calendar: unknown }[] | null
      >`json_agg(json_build_object('id', ${projects.id}, 'calendar', ${projects.calendar})) filter (where ${projects.calendar} is not null)`,
      awaiting: sql<number[] | null>`array_agg(${projects.id}) filter (where ${awaitingAnswersOf})`,
    })
    .from(projects)
    .where(eq(projects.companyId, sql.placeholder('companyId')))
    .prepare('projects_list_json'),
);

/** Every query is scoped by company id, always the second argument. */
export const projectsRepo = {
  /** Newest first. The portfolio's query, prepared (`preparedPerDb`). */
  list(db: Db, companyId: number) {
    return listQuery(db).execute({ companyId });
  },

  /** `list` as the API's JSON array text, each project's written by the database (`dto_json`). */
  async listJson(db: Db, companyId: number): Promise<string> {
    const [row] = await listJsonQuery(db).execute({ companyId });
    if (!row?.json) return '[]';
    // Written by a trigger on every insert and update: missing only if that trigger was removed.
    if (row.missing > 0) throw new Error(`${row.missing} projects have no list JSON (trigger missing?)`);
    return withCalendars(`[${row.json}]`, row.calendars ?? [], row.awaiting ?? []);
  },

  async awaitingAnswers(db: Db, companyId: number, id: number): Promise<boolean> {
    const rows = await db
      .select({ awaiting: awaitingAnswersOf })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)));
    return rows[0]?.awaiting === true;
  },

  /** Sets the budget when it is 0 (none given); answers whether it did. */
  async fillZeroBudget(db: Db, companyId: number, id: number, budget: string): Promise<boolean> {
    const rows = await db
      .update(projects)
      .set({ budget })
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id), eq(projects.budget, '0')))
      .returning({ id: projects.id });
    return rows.length > 0;
  },

  /** Whether the project has tasks (then its end date is the scheduled finish). */
  async hasTasks(db: Db, companyId: number, id: number): Promise<boolean> {
    const rows = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, id)))
      .limit(1);
    return rows.length > 0;
  },

  /**
   * Sets the project's end date to its tasks' latest end (the scheduled finish) when it has tasks;
   * answers the row as written, or undefined when it has none (the typed end date stays).
   */
  async followScheduledFinish(db: Db, companyId: number, id: number) {
    const finish = sql`(select max(${tasks.endDate}) from ${tasks} where ${tasks.companyId} = ${companyId} and ${tasks.projectId} = ${id})`;
    const rows = await db
      .update(projects)
      .set({ endDate: sql`${finish}` })
      .where(
        and(
          eq(projects.companyId, companyId),
          eq(projects.id, id),
          sql`${finish} is not null`,
          sql`${projects.endDate} is distinct from ${finish}`,
        ),
      )
      .returning();
    return rows[0];
  },

  /**
   * The state or region the weather allowance reads for the project: its own location's when it
   * names one, else the company's state, unless the job is in another country than the company.
   */
  async weatherState(db: Db, companyId: number, id: number): Promise<string | null> {
    const rows = await db
      .select({
        country: projects.country,
        state: projects.state,
        companyCountry: companies.country,
        companyState: companies.state,
      })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    if (row.state) return row.state;
    return row.country === null || row.country === row.companyCountry ? row.companyState : null;
  },

  async findById(db: Db, companyId: number, id: number, lock?: 'update') {
    const query = db
      .select()
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
      .limit(1);
    const rows = await (lock ? query.for(lock) : query);
    return rows[0];
  },

  /**
   * The portfolio figures in one aggregate query: projects per status, budget total, mean progress,
   * and (as a sub-query) the company's tasks past their end date below 100%.
   */
  async stats(db: Db, companyId: number, now: Date) {
    const perStatus = Object.fromEntries(
      PROJECT_STATUSES.map((s) => [s, sql<number>`count(*) filter (where ${projects.status} = ${s})::int`]),
    ) as Record<ProjectStatus, SQL<number>>;
    const rows = await db
      .select({
        total: sql<number>`count(*)::int`,
        ...perStatus,
        totalBudget: sql<string>`coalesce(sum(${projects.budget}), 0)::numeric(16, 2)::text`,
        averageProgress: sql<number>`coalesce(round(avg(${projects.progress})), 0)::int`,
        overdueTasks: sql<number>`(select count(*)::int from ${tasks} where ${tasks.companyId} = ${companyId} and ${tasks.endDate} < ${now.toISOString()}::timestamptz and ${tasks.progress} < 100)`,
      })
      .from(projects)
      .where(eq(projects.companyId, companyId));
    const row = rows[0];
    if (!row) throw new Error('aggregate returned no row');
    return row;
  },

  async insert(db: Db, companyId: number, values: NewProject) {
    const rows = await db
      .insert(projects)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Db, companyId: number, id: number, values: Partial<NewProject>) {
    const rows = await db
      .update(projects)
      .set(values)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
      .returning();
    return rows[0];
  },

  async delete(db: Db, companyId: number, id: number) {
    const rows = await db
      .delete(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
      .returning({ id: projects.id });
    return rows.length > 0;
  },

  /** Deletes every project of the company; answers how many. */
  async deleteAllOfCompany(db: Db, companyId: number): Promise<number> {
    const rows = await db
      .delete(projects)
      .where(eq(projects.companyId, companyId))
      .returning({ id: projects.id });
    return rows.length;
  },
};
