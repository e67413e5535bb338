import { and, asc, eq, gte, isNotNull, lt, max, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { contacts, projects, tasks, users } from '../../db/schema/index.js';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTask = Omit<typeof tasks.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** Timeline order: start date, then position, then creation. */
const timeline = [asc(tasks.startDate), asc(tasks.position), asc(tasks.id)];

const listByProjectQuery = preparedPerDb((db) =>
  db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.companyId, sql.placeholder('companyId')),
        eq(tasks.projectId, sql.placeholder('projectId')),
      ),
    )
    .orderBy(...timeline)
    .prepare('tasks_by_project'),
);

const DAY = 24 * 60 * 60 * 1000;

/** Midnight (UTC) starting a calendar day `YYYY-MM-DD`, `days` later when given. */
const midnight = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY);

/** A task's row as lists show it, with its project's name and its assignee's names. */
export interface TaskListRow {
  id: number;
  projectId: number;
  projectName: string;
  name: string;
  phase: string | null;
  startDate: Date;
  endDate: Date;
  status: TaskRow['status'];
  progress: number;
  isCritical: boolean;
  assignedTo: string | null;
  assignedContactId: number | null;
  assigneeName: string | null;
  memberFirstName: string | null;
  memberLastName: string | null;
  memberEmail: string | null;
  contactName: string | null;
}

/** Every query is scoped by company id, always the second argument. */
export const tasksRepo = {
  /**
   * The company's tasks with what a list shows, optionally of one project and of the calendar days
   * `from`…`to` (both included): a task is in them when it ends on or after `from` and starts before
   * the day after `to`. Dates are calendar days at midnight UTC, so the edges are whole days.
   */
  listItems(
    db: Db,
    companyId: number,
    filter: { from?: string | undefined; to?: string | undefined; projectId?: number | undefined },
  ): Promise<TaskListRow[]> {
    const where: SQL[] = [eq(tasks.companyId, companyId), eq(projects.companyId, companyId)];
    if (filter.projectId !== undefined) where.push(eq(tasks.projectId, filter.projectId));
    if (filter.from !== undefined) where.push(gte(tasks.endDate, midnight(filter.from)));
    if (filter.to !== undefined) where.push(lt(tasks.startDate, midnight(filter.to, 1)));
    return db
      .select({
        id: tasks.id,
        projectId: tasks.projectId,
        projectName: projects.name,
        name: tasks.name,
        phase: tasks.phase,
        startDate: tasks.startDate,
        endDate: tasks.endDate,
        status: tasks.status,
        progress: tasks.progress,
        isCritical: tasks.isCritical,
        assignedTo: tasks.assignedTo,
        assignedContactId: tasks.assignedContactId,
        assigneeName: tasks.assigneeName,
        memberFirstName: users.firstName,
        memberLastName: users.lastName,
        memberEmail: users.email,
        contactName: contacts.name,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(users, eq(users.id, tasks.assignedTo))
      .leftJoin(contacts, eq(contacts.id, tasks.assignedContactId))
      .where(and(...where))
      .orderBy(...timeline);
  },

  /** In timeline order. A project's task list is read on every visit: prepared (`preparedPerDb`). */
  listByProject(db: Db, companyId: number, projectId: number) {
    return listByProjectQuery(db).execute({ companyId, projectId });
  },

  async findById(db: Db, companyId: number, id: number, lock?: 'update') {
    const query = db
      .select()
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
      .limit(1);
    const rows = await (lock ? query.for(lock) : query);
    return rows[0];
  },

  async insert(db: Db, companyId: number, values: NewTask) {
    const rows = await db
      .insert(tasks)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Db, companyId: number, id: number, values: Partial<NewTask>) {
    const rows = await db
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
      .returning();
    return rows[0];
  },

  async delete(db: Db, companyId: number, id: number) {
    const rows = await db
      .delete(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
      .returning({ id: tasks.id });
    return rows.length > 0;
  },

  async nextPosition(db: Db, companyId: number, projectId: number) {
    const rows = await db
      .select({ last: max(tasks.position) })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)));
    const last = rows[0]?.last;
    return last === null || last === undefined ? 0 : last + 1;
  },

  /** Ids and dependency text of the project's tasks (other than `exceptId`), for link checks. */
  links(db: Db, companyId: number, projectId: number, exceptId = 0) {
    return db
      .select({ id: tasks.id, dependencies: tasks.dependencies })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId), ne(tasks.id, exceptId)));
  },

  /** Tasks of the project that have dependencies (to drop links to a deleted task). */
  withDependencies(db: Db, companyId: number, projectId: number) {
    return db
      .select({ id: tasks.id, dependencies: tasks.dependencies })
      .from(tasks)
      .where(
        and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId), isNotNull(tasks.dependencies)),
      );
  },
};
