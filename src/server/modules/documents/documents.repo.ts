import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents, tasks } from '../../db/schema/index.js';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'companyId' | 'uploadedAt'>;

const newestFirst = [desc(documents.uploadedAt), desc(documents.id)];

/** Every query is scoped by company id, always the second argument. */
export const documentsRepo = {
  listByProject(db: Db, companyId: number, projectId: number) {
    return db
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.projectId, projectId)))
      .orderBy(...newestFirst);
  },

  listByTask(db: Db, companyId: number, taskId: number) {
    return db
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.taskId, taskId)))
      .orderBy(...newestFirst);
  },

  async findById(db: Db, companyId: number, id: number) {
    const rows = await db
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.id, id)))
      .limit(1);
    return rows[0];
  },

  insertMany(db: Db, companyId: number, values: NewDocument[]) {
    return db
      .insert(documents)
      .values(values.map((v) => ({ ...v, companyId })))
      .returning();
  },

  /** Deletes the row and answers its storage key, or undefined when there was none. */
  async delete(db: Db, companyId: number, id: number) {
    const rows = await db
      .delete(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.id, id)))
      .returning({ filePath: documents.filePath });
    return rows[0]?.filePath;
  },

  async filePathsOfProject(db: Db, companyId: number, projectId: number) {
    const rows = await db
      .select({ filePath: documents.filePath })
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.projectId, projectId)));
    return rows.map((r) => r.filePath);
  },

  /** Every storage key of the company, or (with `uploadedBy`) of one user's uploads. */
  async filePathsOfCompany(db: Db, companyId: number, uploadedBy?: string) {
    const rows = await db
      .select({ filePath: documents.filePath })
      .from(documents)
      .where(
        and(
          eq(documents.companyId, companyId),
          uploadedBy === undefined ? undefined : eq(documents.uploadedBy, uploadedBy),
        ),
      );
    return rows.map((r) => r.filePath);
  },

  async filePathsOfTasks(db: Db, companyId: number, taskIds: number[]) {
    if (taskIds.length === 0) return [];
    const rows = await db
      .select({ filePath: documents.filePath })
      .from(documents)
      .where(and(eq(documents.companyId, companyId), inArray(documents.taskId, taskIds)));
    return rows.map((r) => r.filePath);
  },

  /** The task (id and project), optionally locked against deletion until the transaction ends. */
  async findTask(db: Db, companyId: number, taskId: number, lock?: 'key share') {
    const query = db
      .select({ id: tasks.id, projectId: tasks.projectId })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.id, taskId)))
      .limit(1);
    const rows = await (lock ? query.for(lock) : query);
    return rows[0];
  },
};
