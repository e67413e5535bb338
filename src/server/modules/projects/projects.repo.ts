import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = Omit<typeof projects.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** Every query is scoped by company id, always the second argument. */
export const projectsRepo = {
  list(db: Db, companyId: number) {
    return db
      .select()
      .from(projects)
      .where(eq(projects.companyId, companyId))
      .orderBy(desc(projects.createdAt), desc(projects.id));
  },

  async findById(db: Db, companyId: number, id: number) {
    const rows = await db
      .select()
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
      .limit(1);
    return rows[0];
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
};
