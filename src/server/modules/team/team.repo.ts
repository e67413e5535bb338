import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companyInvites } from '../../db/schema/index.js';

export type InviteRow = typeof companyInvites.$inferSelect;
export type NewInvite = Omit<typeof companyInvites.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

const open = (now: Date) =>
  and(isNull(companyInvites.acceptedAt), isNull(companyInvites.revokedAt), gt(companyInvites.expiresAt, now));

/** Invitations; every query but the token lookup is scoped by company id, the second argument. */
export const teamRepo = {
  /** The company's invitations still usable at `now`, newest first. */
  openInvites(db: Db, companyId: number, now: Date) {
    return db
      .select()
      .from(companyInvites)
      .where(and(eq(companyInvites.companyId, companyId), open(now)))
      .orderBy(desc(companyInvites.createdAt), desc(companyInvites.id));
  },

  async insert(db: Db, companyId: number, values: NewInvite) {
    const rows = await db
      .insert(companyInvites)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Withdraws the company's open invitations to `email` (a new one replaces them). */
  async revokeOpenFor(db: Db, companyId: number, email: string, now: Date) {
    await db
      .update(companyInvites)
      .set({ revokedAt: now })
      .where(
        and(
          eq(companyInvites.companyId, companyId),
          sql`lower(${companyInvites.email}) = ${email.toLowerCase()}`,
          open(now),
        ),
      );
  },

  /** Withdraws one open invitation; undefined when the company has no such open invitation. */
  async revoke(db: Db, companyId: number, id: number, now: Date) {
    const rows = await db
      .update(companyInvites)
      .set({ revokedAt: now })
      .where(and(eq(companyInvites.companyId, companyId), eq(companyInvites.id, id), open(now)))
      .returning({ id: companyInvites.id });
    return rows[0];
  },

  /**
   * The company of the invitation with this token hash. The token itself is the proof: it is looked
   * up before any company is known (the transaction may read the row with this hash only).
   */
  async companyIdByTokenHash(tx: Db, tokenHash: string): Promise<number | undefined> {
    const rows = await tx
      .select({ companyId: companyInvites.companyId })
      .from(companyInvites)
      .where(eq(companyInvites.tokenHash, tokenHash));
    return rows[0]?.companyId;
  },

  /**
   * The company's invitation a link's token names, locked until the transaction ends so that two
   * acceptances of one link cannot both succeed.
   */
  async lockByTokenHash(tx: Db, companyId: number, tokenHash: string) {
    const rows = await tx
      .select()
      .from(companyInvites)
      .where(and(eq(companyInvites.companyId, companyId), eq(companyInvites.tokenHash, tokenHash)))
      .for('update');
    return rows[0];
  },

  async markAccepted(tx: Db, companyId: number, id: number, userId: string, now: Date) {
    await tx
      .update(companyInvites)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(companyInvites.companyId, companyId), eq(companyInvites.id, id)));
  },
};
