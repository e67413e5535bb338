import { and, asc, eq, isNotNull, max, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tasks, users } from '../../db/schema/index.js';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTask = Omit<typeof tasks.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** Timeline order: start date, then position, then creation. */
const timeline = [asc(tasks.startDate), asc(tasks.position), asc(tasks.id)];

/** Every query is scoped by company id, always the second argument. */
export const tasksRepo = {
  list(db: Db, companyId: number) {
    return db
      .select()
      .from(tasks)
      .where(eq(tasks.companyId, companyId))
      .orderBy(...timeline);
  },

  listByProject(db: Db, companyId: number, projectId: number) {
    return db
      .select()
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)))
      .orderBy(...timeline);
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

  async isCompanyUser(db: Db, companyId: number, userId: string) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return rows.length > 0;
  },
};
