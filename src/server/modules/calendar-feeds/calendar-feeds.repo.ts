import { and, desc, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarFeeds, companies, projects, users } from '../../db/schema/index.js';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** Which feed a user manages: their personal feed (no project), or a project's shared feed. */
export interface FeedScope {
  userId: string;
  projectId: number | null;
}

const listed = {
  id: calendarFeeds.id,
  projectId: calendarFeeds.projectId,
  projectName: projects.name,
  createdAt: calendarFeeds.createdAt,
};
export type ListedFeedRow = {
  id: number;
  projectId: number | null;
  projectName: string | null;
  createdAt: Date;
};

/** The feeds of a scope still in use: a user's personal one, or any member's feed of the project. */
function activeIn(companyId: number, scope: FeedScope): SQL | undefined {
  return and(
    eq(calendarFeeds.companyId, companyId),
    isNull(calendarFeeds.revokedAt),
    scope.projectId === null
      ? and(eq(calendarFeeds.userId, scope.userId), isNull(calendarFeeds.projectId))
      : eq(calendarFeeds.projectId, scope.projectId),
  );
}

/** Company-scoped like every repository, except `companyIdByTokenHash`: there the token names the company. */
export const calendarFeedsRepo = {
  /**
   * The feeds in use that `userId` may see: their personal feed and the company's project feeds
   * (all of them, or one project's), newest first.
   */
  listActive(db: Db, companyId: number, userId: string, projectId?: number): Promise<ListedFeedRow[]> {
    const personal = and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.projectId));
    const visible =
      projectId === undefined
        ? or(personal, isNotNull(calendarFeeds.projectId))
        : eq(calendarFeeds.projectId, projectId);
    return db
      .select(listed)
      .from(calendarFeeds)
      .leftJoin(projects, eq(projects.id, calendarFeeds.projectId))
      .where(and(eq(calendarFeeds.companyId, companyId), isNull(calendarFeeds.revokedAt), visible))
      .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id));
  },

  async findListed(db: Db, companyId: number, id: number): Promise<ListedFeedRow | undefined> {
    const rows = await db
      .select(listed)
      .from(calendarFeeds)
      .leftJoin(projects, eq(projects.id, calendarFeeds.projectId))
      .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.id, id)))
      .limit(1);
    return rows[0];
  },

  /** Marks the scope's feed in use revoked; answers how many were. */
  async revokeScope(db: Db, companyId: number, scope: FeedScope, now: Date): Promise<number> {
    const rows = await db
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(activeIn(companyId, scope))
      .returning({ id: calendarFeeds.id });
    return rows.length;
  },

  async insert(
    db: Db,
    companyId: number,
    values: { userId: string; projectId: number | null; tokenHash: string; createdAt: Date },
  ): Promise<CalendarFeedRow> {
    const rows = await db
      .insert(calendarFeeds)
      .values({ ...values, companyId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /**
   * Revokes one feed in use that `userId` may turn off: their personal feed, or a project's feed.
   * Answers whether there was one.
   */
  async revoke(db: Db, companyId: number, id: number, userId: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(
        and(
          eq(calendarFeeds.companyId, companyId),
          eq(calendarFeeds.id, id),
          isNull(calendarFeeds.revokedAt),
          or(eq(calendarFeeds.userId, userId), isNotNull(calendarFeeds.projectId)),
        ),
      )
      .returning({ id: calendarFeeds.id });
    return rows.length > 0;
  },

  /** The company of the feed with this token hash (read by the token, before the company is known). */
  async companyIdByTokenHash(db: Db, tokenHash: string): Promise<number | undefined> {
    const rows = await db
      .select({ companyId: calendarFeeds.companyId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, tokenHash));
    return rows[0]?.companyId;
  },

  /**
   * The company's feed in use with this token hash, with what serving it needs: the user who turned
   * it on, only while they still belong to the feed's company, the company (for its subscription)
   * and the project's name. Undefined for an unknown or revoked token.
   */
  async findByTokenHash(db: Db, companyId: number, tokenHash: string) {
    const rows = await db
      .select({
        feed: calendarFeeds,
        role: users.role,
        company: companies,
        projectName: projects.name,
      })
      .from(calendarFeeds)
      .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.companyId, calendarFeeds.companyId)))
      .innerJoin(companies, eq(companies.id, calendarFeeds.companyId))
      .leftJoin(projects, eq(projects.id, calendarFeeds.projectId))
      .where(
        and(
          eq(calendarFeeds.companyId, companyId),
          eq(calendarFeeds.tokenHash, tokenHash),
          isNull(calendarFeeds.revokedAt),
        ),
      )
      .limit(1);
    return rows[0];
  },
};
