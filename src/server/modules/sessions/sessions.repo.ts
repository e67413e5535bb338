import { and, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/**
 * The `sessions` table as its users see it. Sessions belong to a user, not a company (they are read
 * before any company is known), so these queries go by user id.
 */
export const sessionsRepo = {
  /** The user's sessions still live at `now` under the lifetime in force, most recently used first. */
  live(db: Db, userId: string, now: Date, lifetime: { idleMs: number; maxMs: number }) {
    return db
      .select({
        sid: sessions.sid,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expire: sessions.expire,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          sql`${sessions.sess}->>'userId' = ${userId}`,
          gt(sessions.expire, now),
          gt(sessions.createdAt, new Date(now.getTime() - lifetime.maxMs)),
          gt(sessions.lastUsedAt, new Date(now.getTime() - lifetime.idleMs)),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  },
};
