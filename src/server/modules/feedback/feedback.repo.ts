import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedback } from '../../db/schema/index.js';
import type { AdminScope } from '../admin/operator-scope.js';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = Omit<typeof feedback.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Whose feedback a query sees: one company's (its owners and admins), or `all` for the product's
 * operators (ADMIN_EMAILS), which includes feedback sent while signed out.
 */
export type FeedbackScope = AdminScope;

function scoped(scope: FeedbackScope, where?: SQL): SQL | undefined {
  const tenant = scope === 'all' ? undefined : eq(feedback.companyId, scope.companyId);
  return tenant && where ? and(tenant, where) : (tenant ?? where);
}

/** Every query takes the scope second, right after the database. */
export const feedbackRepo = {
  list(db: Db, scope: FeedbackScope) {
    return db
      .select()
      .from(feedback)
      .where(scoped(scope))
      .orderBy(desc(feedback.createdAt), desc(feedback.id));
  },

  async insert(db: Db, values: NewFeedback) {
    const rows = await db.insert(feedback).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(
    db: Db,
    scope: FeedbackScope,
    id: number,
    values: Partial<Pick<FeedbackRow, 'status' | 'adminResponse' | 'adminUserId' | 'respondedAt'>>,
  ) {
    const rows = await db
      .update(feedback)
      .set({ ...values, updatedAt: new Date() })
      .where(scoped(scope, eq(feedback.id, id)))
      .returning();
    return rows[0];
  },
};
