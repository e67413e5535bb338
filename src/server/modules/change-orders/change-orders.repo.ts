import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { changeOrderEvents, changeOrderLines, changeOrders, users } from '../../db/schema/index.js';

export type ChangeOrderRow = typeof changeOrders.$inferSelect;
export type NewChangeOrder = typeof changeOrders.$inferInsert;
export type ChangeOrderLineRow = typeof changeOrderLines.$inferSelect;
export type ChangeOrderEventRow = typeof changeOrderEvents.$inferSelect;
export type NewLine = Omit<typeof changeOrderLines.$inferInsert, 'companyId' | 'changeOrderId'>;
export type NewEvent = Omit<typeof changeOrderEvents.$inferInsert, 'companyId' | 'changeOrderId'>;

const submitter = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Change orders, their lines and their audit trail; tenant id first in every query. */
export const changeOrdersRepo = {
  async listByProject(db: Db, companyId: number, projectId: number) {
    return db
      .select({ row: changeOrders, submitter })
      .from(changeOrders)
      .leftJoin(users, eq(users.id, changeOrders.submittedBy))
      .where(and(eq(changeOrders.companyId, companyId), eq(changeOrders.projectId, projectId)))
      .orderBy(desc(changeOrders.id));
  },

  async numbers(db: Db, companyId: number, projectId: number): Promise<string[]> {
    const rows = await db
      .select({ number: changeOrders.number })
      .from(changeOrders)
      .where(and(eq(changeOrders.companyId, companyId), eq(changeOrders.projectId, projectId)));
    return rows.map((r) => r.number);
  },

  async findById(db: Db, companyId: number, id: number, lock?: 'update') {
    const q = db
      .select()
      .from(changeOrders)
      .where(and(eq(changeOrders.companyId, companyId), eq(changeOrders.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insert(db: Db, companyId: number, values: Omit<NewChangeOrder, 'companyId'>) {
    const [row] = await db
      .insert(changeOrders)
      .values({ ...values, companyId })
      .returning();
    if (!row) throw new Error('change order not inserted');
    return row;
  },

  async update(db: Db, companyId: number, id: number, values: Partial<NewChangeOrder>) {
    const [row] = await db
      .update(changeOrders)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(changeOrders.companyId, companyId), eq(changeOrders.id, id)))
      .returning();
    return row;
  },

  async lines(db: Db, companyId: number, changeOrderId: number) {
    return db
      .select()
      .from(changeOrderLines)
      .where(
        and(eq(changeOrderLines.companyId, companyId), eq(changeOrderLines.changeOrderId, changeOrderId)),
      )
      .orderBy(asc(changeOrderLines.position), asc(changeOrderLines.id));
  },

  async replaceLines(db: Db, companyId: number, changeOrderId: number, lines: readonly NewLine[]) {
    await db
      .delete(changeOrderLines)
      .where(
        and(eq(changeOrderLines.companyId, companyId), eq(changeOrderLines.changeOrderId, changeOrderId)),
      );
    if (lines.length === 0) return;
    await db
      .insert(changeOrderLines)
      .values(lines.map((l, position) => ({ ...l, position, companyId, changeOrderId })));
  },

  async events(db: Db, companyId: number, changeOrderId: number) {
    return db
      .select()
      .from(changeOrderEvents)
      .where(
        and(eq(changeOrderEvents.companyId, companyId), eq(changeOrderEvents.changeOrderId, changeOrderId)),
      )
      .orderBy(asc(changeOrderEvents.at), asc(changeOrderEvents.id));
  },

  async addEvent(db: Db, companyId: number, changeOrderId: number, event: NewEvent) {
    await db.insert(changeOrderEvents).values({ ...event, companyId, changeOrderId });
  },

  async userName(db: Db, userId: string): Promise<string | null> {
    const [u] = await db.select(submitter).from(users).where(eq(users.id, userId));
    return u ? nameOf(u) : null;
  },
};

export function nameOf(u: { firstName: string | null; lastName: string | null; email: string } | null) {
  if (!u) return null;
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || u.email;
}
