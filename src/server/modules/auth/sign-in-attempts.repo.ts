import { and, eq, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signInAttempts } from '../../db/schema/index.js';
import { signInPolicy } from './sign-in-policy.js';

/** The `client` of the row that counts an email's attempts from every client together. */
export const EVERY_CLIENT = '*';

const t = signInAttempts;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const before = (d: Date, ms: number) => new Date(d.getTime() - ms);
const row = (email: string, client: string) => and(eq(t.email, email), eq(t.client, client));

/**
 * Every statement that counts is one `insert … on conflict do update`: the row is locked while it is
 * updated, so attempts arriving together on several servers are each counted once and each see the
 * count the previous one left.
 */
export const signInAttemptsRepo = {
  /** When this email last signed in from this client, if it ever did. */
  async signedInAt(db: Db, email: string, client: string): Promise<Date | null> {
    const rows = await db.select({ signedInAt: t.signedInAt }).from(t).where(row(email, client));
    return rows[0]?.signedInAt ?? null;
  },

  /**
   * Counts an attempt against the email's ceiling and answers the start of the window it was counted
   * in; undefined (nothing counted) when the ceiling is reached and `pastCeiling` is false.
   */
  async countForEmail(db: Db, email: string, now: Date, pastCeiling: boolean): Promise<Date | undefined> {
    const windowOver = sql`${t.firstFailureAt} <= ${at(before(now, signInPolicy.accountWindowMs))}`;
    const rows = await db
      .insert(t)
      .values({ email, client: EVERY_CLIENT, failures: 1, firstFailureAt: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [t.email, t.client],
        set: {
          failures: sql`case when ${windowOver} then 1 else ${t.failures} + 1 end`,
          firstFailureAt: sql`case when ${windowOver} then ${at(now)} else ${t.firstFailureAt} end`,
          lastFailureAt: now,
        },
        ...(pastCeiling
          ? {}
          : { setWhere: or(windowOver, sql`${t.failures} < ${signInPolicy.accountCeiling}`) }),
      })
      .returning({ windowStart: t.firstFailureAt });
    return rows[0]?.windowStart;
  },

  /** Takes back an attempt counted against the email's ceiling (if its window is still the current one). */
  async uncountForEmail(db: Db, email: string, windowStart: Date): Promise<void> {
    await db
      .update(t)
      .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
      .where(and(row(email, EVERY_CLIENT), eq(t.firstFailureAt, windowStart)));
  },

  /** When the email's current window ends, if its ceiling is reached. */
  async ceilingLiftsAt(db: Db, email: string): Promise<Date | undefined> {
    const rows = await db
      .select({ windowStart: t.firstFailureAt })
      .from(t)
      .where(and(row(email, EVERY_CLIENT), sql`${t.failures} >= ${signInPolicy.accountCeiling}`));
    const windowStart = rows[0]?.windowStart;
    return windowStart && new Date(windowStart.getTime() + signInPolicy.accountWindowMs);
  },

  /**
   * Counts an attempt from one client and starts the wait it earns; answers false (nothing counted)
   * while the client still has to wait.
   */
  async countForClient(db: Db, email: string, client: string, now: Date): Promise<boolean> {
    const streakOver = sql`${t.lastFailureAt} <= ${at(before(now, signInPolicy.streakForgottenAfterMs))}`;
    const failures = sql`(case when ${streakOver} then 1 else ${t.failures} + 1 end)`;
    const rows = await db
      .insert(t)
      .values({ email, client, failures: 1, firstFailureAt: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [t.email, t.client],
        set: {
          failures,
          firstFailureAt: sql`case when ${streakOver} then ${at(now)} else ${t.firstFailureAt} end`,
          lastFailureAt: now,
          blockedUntil: waitAfter(failures, now),
        },
        setWhere: or(isNull(t.blockedUntil), lte(t.blockedUntil, now)),
      })
      .returning({ failures: t.failures });
    return rows.length > 0;
  },

  /** Until when the client has to wait before trying this email again. */
  async clientBlockedUntil(db: Db, email: string, client: string): Promise<Date | undefined> {
    const rows = await db.select({ blockedUntil: t.blockedUntil }).from(t).where(row(email, client));
    return rows[0]?.blockedUntil ?? undefined;
  },

  /** A correct password: the client's count starts over and the client becomes a known one. */
  async signedIn(db: Db, email: string, client: string, now: Date): Promise<void> {
    await db
      .insert(t)
      .values({ email, client, failures: 0, firstFailureAt: now, lastFailureAt: now, signedInAt: now })
      .onConflictDoUpdate({
        target: [t.email, t.client],
        set: { failures: 0, blockedUntil: null, signedInAt: now },
      });
  },

  /** Deletes the rows that no longer limit anyone nor mark a known client. */
  async purge(db: Db, now: Date): Promise<number> {
    const rows = await db
      .delete(t)
      .where(
        and(
          lt(t.lastFailureAt, before(now, signInPolicy.streakForgottenAfterMs)),
          or(isNull(t.blockedUntil), lt(t.blockedUntil, now)),
          or(isNull(t.signedInAt), lt(t.signedInAt, before(now, signInPolicy.knownForMs))),
        ),
      )
      .returning({ email: t.email });
    return rows.length;
  },

  /** The rows of one email (tests and diagnostics). */
  async forEmail(db: Db, email: string) {
    return db.select().from(t).where(eq(t.email, email));
  },
};

/**
 * The end of the wait after a client's `failures`-th failure in a row: none while they are free, then
 * the first wait, doubling with each failure up to the longest. (The exponent is capped so the power
 * never overflows, whatever the count.)
 */
function waitAfter(failures: SQL, now: Date): SQL {
  const { freeFailures, firstWaitMs, longestWaitMs } = signInPolicy;
  const doublings = sql`least(${failures} - ${freeFailures + 1}, 30)`;
  const waitMs = sql`least(${firstWaitMs} * power(2, ${doublings}), ${longestWaitMs})`;
  return sql`case when ${failures} > ${freeFailures} then ${at(now)} + ${waitMs} * interval '1 millisecond' else null end`;
}
