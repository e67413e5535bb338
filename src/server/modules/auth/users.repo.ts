import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, passwordResetTokens, users } from '../../db/schema/index.js';

export type NewUser = typeof users.$inferInsert;

export const usersRepo = {
  async findByEmail(db: Db, email: string) {
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return rows[0];
  },

  async findByGoogleSubject(db: Db, subject: string) {
    const rows = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
    return rows[0];
  },

  async findWithCompany(db: Db, id: string) {
    const rows = await db
      .select({ user: users, company: companies })
      .from(users)
      .leftJoin(companies, eq(users.companyId, companies.id))
      .where(eq(users.id, id))
      .limit(1);
    return rows[0];
  },

  /** Locks the user's row until the transaction ends and answers its company id. */
  async lockCompanyId(tx: Db, id: string) {
    const rows = await tx
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    return rows[0]?.companyId ?? null;
  },

  async insert(db: Db, values: NewUser) {
    const rows = await db.insert(users).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: Db, id: string, values: Partial<NewUser>) {
    const rows = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  },

  async insertResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },

  /** Marks a valid token used and answers its user id; undefined when unknown, used or expired. */
  async consumeResetToken(db: Db, tokenHash: string, now: Date) {
    const rows = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return rows[0]?.userId;
  },

  /** Marks every unused reset token of the user used (after a reset, older links stop working). */
  async retireResetTokens(db: Db, userId: string, now: Date) {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};
