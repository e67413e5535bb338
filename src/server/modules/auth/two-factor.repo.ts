import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, twoFactorRecoveryCodes, users, userTwoFactor } from '../../db/schema/index.js';
import { twoFactorPolicy } from './two-factor-policy.js';

const t = userTwoFactor;
const codes = twoFactorRecoveryCodes;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A user's authenticator and recovery codes. Not a company's rows: keyed by the user, read at sign-in
 * before any company is known. The company's requirement takes the company id first.
 */
export const twoFactorRepo = {
  async find(db: Db, userId: string) {
    const rows = await db.select().from(t).where(eq(t.userId, userId)).limit(1);
    return rows[0];
  },

  /** A new secret for a setup in progress (replacing an unconfirmed one); its counts start over. */
  async saveSecret(db: Db, userId: string, secretEncrypted: string): Promise<void> {
    await db
      .insert(t)
      .values({ userId, secretEncrypted })
      .onConflictDoUpdate({
        target: t.userId,
        set: { secretEncrypted, lastUsedStep: null, failures: 0, windowStartedAt: null },
      });
  },

  async remove(db: Db, userId: string): Promise<void> {
    await db.delete(codes).where(eq(codes.userId, userId));
    await db.delete(t).where(eq(t.userId, userId));
  },

  async setEnabledAt(db: Db, userId: string, enabledAt: Date | null): Promise<void> {
    await db.update(users).set({ twoFactorEnabledAt: enabledAt }).where(eq(users.id, userId));
  },

  /**
   * Counts a code attempt before it is checked, in one atomic update (several servers agree):
   * answers false, counting nothing, while the user's failures in the current window are used up.
   */
  async countAttempt(db: Db, userId: string, now: Date): Promise<boolean> {
    const windowOver = sql`(${t.windowStartedAt} is null or ${t.windowStartedAt} <= ${at(
      new Date(now.getTime() - twoFactorPolicy.failureWindowMs),
    )})`;
    const rows = await db
      .update(t)
      .set({
        failures: sql`case when ${windowOver} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${at(now)} else ${t.windowStartedAt} end`,
      })
      .where(and(eq(t.userId, userId), or(windowOver, lt(t.failures, twoFactorPolicy.maxFailures))))
      .returning({ failures: t.failures });
    return rows.length > 0;
  },

  /** When the user may try a code again (the end of the window whose failures are used up). */
  async blockedUntil(db: Db, userId: string): Promise<Date | undefined> {
    const row = await twoFactorRepo.find(db, userId);
    return row?.windowStartedAt
      ? new Date(row.windowStartedAt.getTime() + twoFactorPolicy.failureWindowMs)
      : undefined;
  },

  /** A right code: the user's count starts over. */
  async clearFailures(db: Db, userId: string): Promise<void> {
    await db.update(t).set({ failures: 0, windowStartedAt: null }).where(eq(t.userId, userId));
  },

  /**
   * Records the time step of an accepted code, only if it is later than the last one accepted:
   * false when the code (or an earlier one) was already used, so a replayed code fails even when two
   * servers see it at once.
   */
  async acceptStep(db: Db, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(t)
      .set({ lastUsedStep: step })
      .where(and(eq(t.userId, userId), or(isNull(t.lastUsedStep), lt(t.lastUsedStep, step))))
      .returning({ userId: t.userId });
    return rows.length > 0;
  },

  /** Replaces every recovery code of the user with these hashes. */
  async replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
    await db.delete(codes).where(eq(codes.userId, userId));
    await db.insert(codes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Spends an unused recovery code of the user; false when there is none with that hash. */
  async spendRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(codes)
      .set({ usedAt: now })
      .where(and(eq(codes.userId, userId), eq(codes.codeHash, codeHash), isNull(codes.usedAt)))
      .returning({ id: codes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(db: Db, userId: string): Promise<number> {
    const rows = await db
      .select({ n: count() })
      .from(codes)
      .where(and(eq(codes.userId, userId), isNull(codes.usedAt)));
    return rows[0]?.n ?? 0;
  },

  async setCompanyRequirement(db: Db, companyId: number, required: boolean): Promise<void> {
    await db.update(companies).set({ twoFactorRequired: required }).where(eq(companies.id, companyId));
  },
};
