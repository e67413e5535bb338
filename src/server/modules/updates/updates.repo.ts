import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { updates } from '../../db/schema/index.js';

export type UpdateRow = typeof updates.$inferSelect;
export type NewUpdate = Omit<typeof updates.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

const newestFirst = [desc(updates.createdAt), desc(updates.id)];

/** Every query is scoped by company id, always the second argument. */
export const updatesRepo = {
  listByProject(db: Db, companyId: number, projectId: number) {
    return db
      .select()
      .from(updates)
      .where(and(eq(updates.companyId, companyId), eq(updates.projectId, projectId)))
      .orderBy(...newestFirst);
  },

  listByTask(db: Db, companyId: number, taskId: number) {
    return db
      .select()
      .from(updates)
      .where(and(eq(updates.companyId, companyId), eq(updates.taskId, taskId)))
      .orderBy(...newestFirst);
  },

  async insert(db: Db, companyId: number, values: NewUpdate) {
    const rows = await db
      .insert(updates)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};
