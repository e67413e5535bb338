import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, contacts, documents, projects, updates, users } from '../../db/schema/index.js';

/** Every company query is scoped by company id, always the second argument. */
export const accountRepo = {
  /** Locks the company's row until the caller's transaction ends; answers whether it exists. */
  async lockCompany(tx: Db, companyId: number) {
    const rows = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    return rows.length > 0;
  },

  /** The company's members other than `userId`, oldest first. */
  otherMembers(db: Db, companyId: number, userId: string) {
    return db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.companyId, companyId), ne(users.id, userId)))
      .orderBy(asc(users.createdAt), asc(users.id));
  },

  /** How many projects, documents and contacts the company holds. */
  async recordCounts(db: Db, companyId: number) {
    const [[p], [d], [c]] = await Promise.all([
      db.select({ n: count() }).from(projects).where(eq(projects.companyId, companyId)),
      db.select({ n: count() }).from(documents).where(eq(documents.companyId, companyId)),
      db.select({ n: count() }).from(contacts).where(eq(contacts.companyId, companyId)),
    ]);
    return { projects: p?.n ?? 0, documents: d?.n ?? 0, contacts: c?.n ?? 0 };
  },

  async documentFiles(db: Db, companyId: number) {
    const rows = await db
      .select({ filePath: documents.filePath })
      .from(documents)
      .where(eq(documents.companyId, companyId));
    return rows.map((r) => r.filePath);
  },

  /**
   * Hands the user's documents and updates in the company to another member: both reference their
   * author with ON DELETE CASCADE, and the company's records must outlive a member's account.
   */
  async reassignAuthorship(tx: Db, companyId: number, fromUserId: string, toUserId: string) {
    await tx
      .update(documents)
      .set({ uploadedBy: toUserId })
      .where(and(eq(documents.companyId, companyId), eq(documents.uploadedBy, fromUserId)));
    await tx
      .update(updates)
      .set({ createdBy: toUserId })
      .where(and(eq(updates.companyId, companyId), eq(updates.createdBy, fromUserId)));
  },

  async setRole(tx: Db, companyId: number, userId: string, role: 'owner' | 'admin' | 'member') {
    await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  },

  /** Deletes the company; its members' rows and all its records go with it (foreign keys cascade). */
  async deleteCompany(tx: Db, companyId: number) {
    await tx.delete(companies).where(eq(companies.id, companyId));
  },

  async deleteUser(tx: Db, userId: string) {
    const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return rows.length > 0;
  },
};
