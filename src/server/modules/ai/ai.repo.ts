import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { planGenerations, projects, tasks } from '../../db/schema/index.js';

export type PlanGenerationRow = typeof planGenerations.$inferSelect;

/**
 * One run of a generation: the row's id and the moment this run claimed it (its `created_at`). A
 * run whose row was taken over by a later run no longer matches, so its writes change nothing.
 */
export interface GenerationRun {
  id: number;
  startedAt: Date;
}

/** The row of `run`, as long as no later run has taken it over. */
const ofRun = (companyId: number, run: GenerationRun) =>
  and(
    eq(planGenerations.companyId, companyId),
    eq(planGenerations.id, run.id),
    eq(planGenerations.createdAt, run.startedAt),
  );

/**
 * A row taken by a new run (a takeover or a resumed one): running from the first step, nothing of the
 * earlier run kept. The row now stands for this run: the overlay's elapsed time counts from `now`.
 */
const restartedRun = (createdBy: string, now: Date) => ({
  status: 'running',
  step: 'initializing',
  percent: 10,
  error: null,
  result: null,
  createdBy,
  createdAt: now,
  updatedAt: now,
});

/** Every query is scoped by company id, always the second argument. */
export const aiRepo = {
  /**
   * Claims the (project, estimate) pair: inserts a running generation unless one exists. Answers the
   * new row's id, or undefined when another request got there first (the unique index decides).
   */
  async claim(
    db: Db,
    companyId: number,
    values: {
      projectId: number;
      contentHash: string;
      fileName: string | null;
      createdBy: string;
      now: Date;
      documentId?: number | null;
      input?: unknown;
    },
  ): Promise<number | undefined> {
    const rows = await db
      .insert(planGenerations)
      .values({
        companyId,
        projectId: values.projectId,
        contentHash: values.contentHash,
        fileName: values.fileName,
        documentId: values.documentId ?? null,
        input: values.input ?? null,
        status: 'running',
        step: 'initializing',
        percent: 10,
        createdBy: values.createdBy,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing({ target: [planGenerations.projectId, planGenerations.contentHash] })
      .returning({ id: planGenerations.id });
    return rows[0]?.id;
  },

  async findById(db: Db, companyId: number, id: number) {
    const rows = await db
      .select()
      .from(planGenerations)
      .where(and(eq(planGenerations.companyId, companyId), eq(planGenerations.id, id)))
      .limit(1);
    return rows[0];
  },

  async find(db: Db, companyId: number, projectId: number, contentHash: string) {
    const rows = await db
      .select()
      .from(planGenerations)
      .where(
        and(
          eq(planGenerations.companyId, companyId),
          eq(planGenerations.projectId, projectId),
          eq(planGenerations.contentHash, contentHash),
        ),
      )
      .limit(1);
    return rows[0];
  },

  /**
   * Takes over a failed generation (or a running one not heard from since `staleBefore`: its server
   * stopped) in one statement, so that of two requests only one runs it again. Answers whether it did.
   * The new run's `created_at` is `now`, which tells its writes from those of the run it replaces.
   */
  async reclaim(
    db: Db,
    companyId: number,
    id: number,
    values: { fileName: string | null; createdBy: string; now: Date; staleBefore: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(planGenerations)
      .set({
        ...restartedRun(values.createdBy, values.now),
        analyzer: null,
        fileName: values.fileName,
      })
      .where(
        and(
          eq(planGenerations.companyId, companyId),
          eq(planGenerations.id, id),
          or(
            eq(planGenerations.status, 'failed'),
            and(eq(planGenerations.status, 'running'), lt(planGenerations.updatedAt, values.staleBefore)),
          ),
        ),
      )
      .returning({ id: planGenerations.id });
    return rows.length > 0;
  },

  /** Moves a running generation to a step (its own statement, committed at once when outside a transaction). */
  async setProgress(db: Db, companyId: number, run: GenerationRun, step: string, percent: number, now: Date) {
    await db
      .update(planGenerations)
      .set({ step, percent, updatedAt: now })
      .where(and(ofRun(companyId, run), eq(planGenerations.status, 'running')));
  },

  /** Says the run is still alive: its lease is renewed from `now`. */
  async heartbeat(db: Db, companyId: number, run: GenerationRun, now: Date) {
    await db
      .update(planGenerations)
      .set({ updatedAt: now })
      .where(and(ofRun(companyId, run), eq(planGenerations.status, 'running')));
  },

  /** The run stops to ask the user (its questions kept as its result); nothing of the plan is written. */
  /** The answers a running generation reads with (its user's, with any remembered rules beneath). */
  async setInput(db: Db, companyId: number, run: GenerationRun, input: unknown, now: Date) {
    await db
      .update(planGenerations)
      .set({ input, updatedAt: now })
      .where(and(ofRun(companyId, run), eq(planGenerations.status, 'running')));
  },

  async markNeedsInput(db: Db, companyId: number, run: GenerationRun, questions: unknown, now: Date) {
    await db
      .update(planGenerations)
      .set({ status: 'needs-input', step: 'ai-analysis', percent: 50, result: { questions }, updatedAt: now })
      .where(and(ofRun(companyId, run), eq(planGenerations.status, 'running')));
  },

  /**
   * Runs a generation waiting for answers again with them, in one statement so that of two answers
   * only one starts it. Answers whether it did; the new run's `created_at` is `now`.
   */
  async resume(
    db: Db,
    companyId: number,
    id: number,
    values: { input: unknown; createdBy: string; now: Date },
  ) {
    const rows = await db
      .update(planGenerations)
      .set({
        ...restartedRun(values.createdBy, values.now),
        input: values.input,
      })
      .where(
        and(
          eq(planGenerations.companyId, companyId),
          eq(planGenerations.id, id),
          eq(planGenerations.status, 'needs-input'),
        ),
      )
      .returning({ id: planGenerations.id });
    return rows.length > 0;
  },

  async markFailed(db: Db, companyId: number, run: GenerationRun, error: string, now: Date) {
    await db
      .update(planGenerations)
      .set({ status: 'failed', error, updatedAt: now })
      .where(ofRun(companyId, run));
  },

  /**
   * Stores the run's answer. Answers false when a later run has taken the row over (this run was
   * given up for dead): the caller must then roll its plan back.
   */
  async markSucceeded(
    db: Db,
    companyId: number,
    run: GenerationRun,
    values: { analyzer: string; result: unknown; now: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(planGenerations)
      .set({
        status: 'succeeded',
        step: 'finalizing',
        percent: 100,
        analyzer: values.analyzer,
        result: values.result,
        error: null,
        updatedAt: values.now,
      })
      .where(ofRun(companyId, run))
      .returning({ id: planGenerations.id });
    return rows.length > 0;
  },

  /**
   * Marks a running generation failed when it has not been heard from since `silentBefore`, in one
   * statement, so a heartbeat landing first keeps it running. The row keeps its step, percent and
   * the time it was last heard from. Answers the failed row, or undefined when it was not silent.
   */
  async failSilent(db: Db, companyId: number, id: number, silentBefore: Date, error: string) {
    const rows = await db
      .update(planGenerations)
      .set({ status: 'failed', error })
      .where(
        and(
          eq(planGenerations.companyId, companyId),
          eq(planGenerations.id, id),
          eq(planGenerations.status, 'running'),
          lt(planGenerations.updatedAt, silentBefore),
        ),
      )
      .returning();
    return rows[0];
  },

  /** The project's generations, most recently active first (at most `limit`). */
  async listForProject(db: Db, companyId: number, projectId: number, limit: number) {
    return db
      .select()
      .from(planGenerations)
      .where(and(eq(planGenerations.companyId, companyId), eq(planGenerations.projectId, projectId)))
      .orderBy(desc(planGenerations.updatedAt), desc(planGenerations.id))
      .limit(limit);
  },

  /** The project's most recently active generation (started, progressed or finished last). */
  async latestForProject(db: Db, companyId: number, projectId: number) {
    const rows = await db
      .select()
      .from(planGenerations)
      .where(and(eq(planGenerations.companyId, companyId), eq(planGenerations.projectId, projectId)))
      .orderBy(desc(planGenerations.updatedAt), desc(planGenerations.id))
      .limit(1);
    return rows[0];
  },

  /** The stored results of the project's succeeded generations other than `exceptId`, oldest first. */
  async succeededResults(db: Db, companyId: number, projectId: number, exceptId: number) {
    const rows = await db
      .select({ id: planGenerations.id, result: planGenerations.result })
      .from(planGenerations)
      .where(
        and(
          eq(planGenerations.companyId, companyId),
          eq(planGenerations.projectId, projectId),
          eq(planGenerations.status, 'succeeded'),
          sql`${planGenerations.id} <> ${exceptId}`,
        ),
      )
      .orderBy(planGenerations.id);
    return rows;
  },

  /** What generation needs of the project. */
  async project(db: Db, companyId: number, projectId: number) {
    const rows = await db
      .select({
        id: projects.id,
        name: projects.name,
        type: projects.type,
        budget: projects.budget,
        startDate: projects.startDate,
        endDate: projects.endDate,
        deadline: projects.deadline,
        currency: projects.currency,
      })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
      .limit(1);
    return rows[0];
  },

  /** The project's tasks among `ids` (ids of other projects or companies are not answered). */
  tasksByIds(db: Db, companyId: number, projectId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId), inArray(tasks.id, [...ids])),
      );
  },
};
