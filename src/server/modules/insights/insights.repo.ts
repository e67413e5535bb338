/**
 * The `ai_insights` table (this module is its only writer) and the company data the insight rules
 * read. Every query is scoped by company id, always the second argument.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { aiInsights, companies, contacts, projects, tasks } from '../../db/schema/index.js';

export type InsightRow = typeof aiInsights.$inferSelect;
export type NewInsightRow = Omit<typeof aiInsights.$inferInsert, 'id' | 'companyId'>;

/** The first key of the two-key advisory lock on a company's insights ("INSI" in ASCII). */
const INSIGHTS_LOCK_SPACE = 0x494e5349;

const severityRank = sql`case ${aiInsights.severity} when 'high' then 0 when 'medium' then 1 else 2 end`;

export const insightsRepo = {
  /**
   * Holds the company's insights lock until the transaction ends: refreshes of one company (a
   * schedule change, Refresh Analysis) run one after the other, so they never both add a set.
   */
  async lock(db: Db, companyId: number) {
    await db.execute(sql`select pg_advisory_xact_lock(${INSIGHTS_LOCK_SPACE}::int, ${companyId}::int)`);
  },

  /**
   * The id of the transaction `db` is in, when it has written anything (null otherwise): a background
   * refresh asked for by this transaction waits until it has ended (see {@link transactionsInProgress}).
   */
  async writingTransactionId(db: Db): Promise<string | null> {
    const result = await db.execute(sql`select pg_current_xact_id_if_assigned()::text as xid`);
    return rowsOf<{ xid: string | null }>(result)[0]?.xid ?? null;
  },

  /** Which of these transactions are still open (neither committed nor rolled back). */
  async transactionsInProgress(db: Db, xids: readonly string[]): Promise<string[]> {
    if (xids.length === 0) return [];
    const result = await db.execute(
      sql`select x as xid from unnest(${`{${xids.join(',')}}`}::text[]) as x
          where pg_xact_status(x::xid8) = 'in progress'`,
    );
    return rowsOf<{ xid: string }>(result).map((r) => r.xid);
  },

  /** The company's active insights (of one project when `projectId` is set): newest first, then most severe. */
  listActive(db: Db, companyId: number, projectId?: number) {
    return db
      .select()
      .from(aiInsights)
      .where(
        and(
          eq(aiInsights.companyId, companyId),
          eq(aiInsights.isActive, true),
          projectId === undefined ? undefined : eq(aiInsights.projectId, projectId),
        ),
      )
      .orderBy(desc(aiInsights.createdAt), severityRank, asc(aiInsights.id));
  },

  /** The active insights the rules wrote (a refresh replaces these). */
  activeFromEngine(db: Db, companyId: number) {
    return db
      .select()
      .from(aiInsights)
      .where(
        and(
          eq(aiInsights.companyId, companyId),
          eq(aiInsights.isActive, true),
          eq(aiInsights.source, 'engine'),
        ),
      );
  },

  /** The active insights a plan generator wrote (a refresh leaves these). */
  activeFromPlan(db: Db, companyId: number) {
    return db
      .select()
      .from(aiInsights)
      .where(
        and(
          eq(aiInsights.companyId, companyId),
          eq(aiInsights.isActive, true),
          eq(aiInsights.source, 'plan'),
        ),
      );
  },

  /** The ids and names of one project's tasks. */
  projectTaskNames(db: Db, companyId: number, projectId: number) {
    return db
      .select({ id: tasks.id, name: tasks.name })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)));
  },

  /** The fingerprints of the company's dismissed insights. */
  async dismissedKeys(db: Db, companyId: number): Promise<Set<string>> {
    const rows = await db
      .selectDistinct({ key: aiInsights.fingerprint })
      .from(aiInsights)
      .where(
        and(
          eq(aiInsights.companyId, companyId),
          isNotNull(aiInsights.dismissedAt),
          isNotNull(aiInsights.fingerprint),
        ),
      );
    return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
  },

  insert(db: Db, companyId: number, values: readonly NewInsightRow[]) {
    if (values.length === 0) return Promise.resolve([] as InsightRow[]);
    return db
      .insert(aiInsights)
      .values(values.map((v) => ({ ...v, companyId })))
      .returning();
  },

  /** Marks insights inactive (kept as history). */
  async deactivate(db: Db, companyId: number, ids: readonly number[]) {
    if (ids.length === 0) return;
    await db
      .update(aiInsights)
      .set({ isActive: false })
      .where(and(eq(aiInsights.companyId, companyId), inArray(aiInsights.id, [...ids])));
  },

  /** Dismisses one insight; undefined when the company has no such insight. */
  async dismiss(db: Db, companyId: number, id: number, userId: string, now: Date) {
    const rows = await db
      .update(aiInsights)
      .set({ isActive: false, dismissedAt: now, dismissedBy: userId })
      .where(and(eq(aiInsights.companyId, companyId), eq(aiInsights.id, id)))
      .returning();
    return rows[0];
  },

  async company(db: Db, companyId: number) {
    const rows = await db
      .select({ state: companies.state, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    return rows[0];
  },

  projects(db: Db, companyId: number) {
    return db
      .select({
        id: projects.id,
        name: projects.name,
        status: projects.status,
        budget: projects.budget,
        currency: projects.currency,
        progress: projects.progress,
        startDate: projects.startDate,
        endDate: projects.endDate,
        calendar: projects.calendar,
      })
      .from(projects)
      .where(eq(projects.companyId, companyId))
      .orderBy(asc(projects.id));
  },

  tasks(db: Db, companyId: number) {
    return db
      .select({
        id: tasks.id,
        projectId: tasks.projectId,
        name: tasks.name,
        description: tasks.description,
        phase: tasks.phase,
        status: tasks.status,
        progress: tasks.progress,
        duration: tasks.duration,
        startDate: tasks.startDate,
        endDate: tasks.endDate,
        isCritical: tasks.isCritical,
        dependencies: tasks.dependencies,
        estimatedCost: tasks.estimatedCost,
        materialsStatus: tasks.materialsStatus,
        materialsExpectedDate: tasks.materialsExpectedDate,
        materials: tasks.materials,
        startNoEarlierThan: tasks.startNoEarlierThan,
        assignedTo: tasks.assignedTo,
        assignedContactId: tasks.assignedContactId,
        assigneeName: tasks.assigneeName,
      })
      .from(tasks)
      .where(eq(tasks.companyId, companyId))
      .orderBy(asc(tasks.position), asc(tasks.id));
  },

  contacts(db: Db, companyId: number) {
    return db
      .select({
        id: contacts.id,
        name: contacts.name,
        type: contacts.type,
        licensed: contacts.licensed,
        specialty: contacts.specialty,
        specialties: contacts.specialties,
      })
      .from(contacts)
      .where(eq(contacts.companyId, companyId));
  },
};
