import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  commitmentLines,
  commitments,
  contacts,
  costCodes,
  costEntries,
  costEntryLines,
  documents,
  tasks,
} from '../../db/schema/index.js';

export type CommitmentRow = typeof commitments.$inferSelect;
export type CostEntryRow = typeof costEntries.$inferSelect;
export type NewCommitmentLine = Omit<
  typeof commitmentLines.$inferInsert,
  'id' | 'companyId' | 'commitmentId'
>;
export type NewCostEntryLine = Omit<typeof costEntryLines.$inferInsert, 'id' | 'companyId' | 'entryId'>;
export type NewCostEntry = Omit<typeof costEntries.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

const lineCode = {
  costCode: costCodes.code,
  costCodeName: costCodes.name,
  taskName: tasks.name,
};

/** Every query is scoped by company id, always the second argument. */
export const costsRepo = {
  /** The project's commitments (or one), each with its vendor's name. */
  commitments(db: Db, companyId: number, where: { projectId?: number; id?: number }, lock = false) {
    const query = db
      .select({ commitment: commitments, vendorName: contacts.name })
      .from(commitments)
      .leftJoin(
        contacts,
        and(eq(contacts.companyId, commitments.companyId), eq(contacts.id, commitments.vendorContactId)),
      )
      .where(
        and(
          eq(commitments.companyId, companyId),
          where.projectId !== undefined ? eq(commitments.projectId, where.projectId) : undefined,
          where.id !== undefined ? eq(commitments.id, where.id) : undefined,
        ),
      )
      .orderBy(asc(commitments.id));
    return lock ? query.for('update', { of: commitments }) : query;
  },

  commitmentLinesOf(db: Db, companyId: number, commitmentIds: readonly number[]) {
    if (commitmentIds.length === 0) return Promise.resolve([]);
    return db
      .select({ line: commitmentLines, ...lineCode })
      .from(commitmentLines)
      .leftJoin(
        costCodes,
        and(eq(costCodes.companyId, commitmentLines.companyId), eq(costCodes.id, commitmentLines.costCodeId)),
      )
      .leftJoin(
        tasks,
        and(eq(tasks.companyId, commitmentLines.companyId), eq(tasks.id, commitmentLines.taskId)),
      )
      .where(
        and(
          eq(commitmentLines.companyId, companyId),
          inArray(commitmentLines.commitmentId, [...commitmentIds]),
        ),
      )
      .orderBy(asc(commitmentLines.position), asc(commitmentLines.id));
  },

  /** What entries against each commitment come to, leaving out one entry (the one being edited). */
  async billedAgainst(db: Db, companyId: number, commitmentIds: readonly number[], exceptEntryId?: number) {
    if (commitmentIds.length === 0) return new Map<number, number>();
    const rows = await db
      .select({
        commitmentId: costEntries.commitmentId,
        cents: sql<string>`coalesce(sum(${costEntryLines.amountCents}), 0)`,
      })
      .from(costEntries)
      .innerJoin(
        costEntryLines,
        and(eq(costEntryLines.companyId, costEntries.companyId), eq(costEntryLines.entryId, costEntries.id)),
      )
      .where(
        and(
          eq(costEntries.companyId, companyId),
          inArray(costEntries.commitmentId, [...commitmentIds]),
          exceptEntryId !== undefined ? sql`${costEntries.id} <> ${exceptEntryId}` : undefined,
        ),
      )
      .groupBy(costEntries.commitmentId);
    return new Map(rows.map((r) => [r.commitmentId ?? 0, Number(r.cents)]));
  },

  /** The highest number of this prefix the project has used (`PO-007` → 7). */
  async highestNumber(db: Db, companyId: number, projectId: number, prefix: string): Promise<number> {
    const rows = await db
      .select({ n: sql<number | null>`max(substring(${commitments.number} from '[0-9]+$')::integer)` })
      .from(commitments)
      .where(
        and(
          eq(commitments.companyId, companyId),
          eq(commitments.projectId, projectId),
          sql`${commitments.number} like ${`${prefix}-%`}`,
        ),
      );
    return Number(rows[0]?.n ?? 0);
  },

  async insertCommitment(db: Db, companyId: number, row: Omit<typeof commitments.$inferInsert, 'companyId'>) {
    const [inserted] = await db
      .insert(commitments)
      .values({ ...row, companyId })
      .returning();
    if (!inserted) throw new Error('commitment not inserted');
    return inserted;
  },

  async updateCommitment(
    db: Db,
    companyId: number,
    id: number,
    set: Partial<typeof commitments.$inferInsert>,
  ) {
    await db
      .update(commitments)
      .set(set)
      .where(and(eq(commitments.companyId, companyId), eq(commitments.id, id)));
  },

  async replaceCommitmentLines(db: Db, companyId: number, commitmentId: number, lines: NewCommitmentLine[]) {
    await db
      .delete(commitmentLines)
      .where(and(eq(commitmentLines.companyId, companyId), eq(commitmentLines.commitmentId, commitmentId)));
    if (lines.length > 0)
      await db
        .insert(commitmentLines)
        .values(lines.map((l, position) => ({ ...l, position, companyId, commitmentId })));
  },

  /** Cost entries of a project (or one), with vendor, commitment number and attached document. */
  entries(db: Db, companyId: number, where: { projectId?: number; id?: number }) {
    return db
      .select({
        entry: costEntries,
        vendorName: contacts.name,
        commitmentNumber: commitments.number,
        documentName: documents.originalName,
      })
      .from(costEntries)
      .leftJoin(
        contacts,
        and(eq(contacts.companyId, costEntries.companyId), eq(contacts.id, costEntries.vendorContactId)),
      )
      .leftJoin(
        commitments,
        and(eq(commitments.companyId, costEntries.companyId), eq(commitments.id, costEntries.commitmentId)),
      )
      .leftJoin(
        documents,
        and(eq(documents.companyId, costEntries.companyId), eq(documents.id, costEntries.documentId)),
      )
      .where(
        and(
          eq(costEntries.companyId, companyId),
          where.projectId !== undefined ? eq(costEntries.projectId, where.projectId) : undefined,
          where.id !== undefined ? eq(costEntries.id, where.id) : undefined,
        ),
      )
      .orderBy(asc(costEntries.entryDate), asc(costEntries.id));
  },

  entryLinesOf(db: Db, companyId: number, entryIds: readonly number[]) {
    if (entryIds.length === 0) return Promise.resolve([]);
    return db
      .select({ line: costEntryLines, ...lineCode })
      .from(costEntryLines)
      .leftJoin(
        costCodes,
        and(eq(costCodes.companyId, costEntryLines.companyId), eq(costCodes.id, costEntryLines.costCodeId)),
      )
      .leftJoin(
        tasks,
        and(eq(tasks.companyId, costEntryLines.companyId), eq(tasks.id, costEntryLines.taskId)),
      )
      .where(and(eq(costEntryLines.companyId, companyId), inArray(costEntryLines.entryId, [...entryIds])))
      .orderBy(asc(costEntryLines.position), asc(costEntryLines.id));
  },

  /** The company's bills from this vendor with their totals (for the duplicate check). */
  async vendorBills(db: Db, companyId: number, vendorContactId: number) {
    const rows = await db
      .select({
        id: costEntries.id,
        projectId: costEntries.projectId,
        number: costEntries.number,
        entryDate: costEntries.entryDate,
        cents: sql<string>`coalesce(sum(${costEntryLines.amountCents}), 0)`,
      })
      .from(costEntries)
      .leftJoin(
        costEntryLines,
        and(eq(costEntryLines.companyId, costEntries.companyId), eq(costEntryLines.entryId, costEntries.id)),
      )
      .where(
        and(
          eq(costEntries.companyId, companyId),
          eq(costEntries.vendorContactId, vendorContactId),
          eq(costEntries.kind, 'bill'),
        ),
      )
      .groupBy(costEntries.id);
    return rows.map((r) => ({ ...r, totalCents: Number(r.cents) }));
  },

  async insertEntry(db: Db, companyId: number, row: NewCostEntry) {
    const [inserted] = await db
      .insert(costEntries)
      .values({ ...row, companyId })
      .returning();
    if (!inserted) throw new Error('cost entry not inserted');
    return inserted;
  },

  async updateEntry(db: Db, companyId: number, id: number, set: Partial<NewCostEntry>) {
    await db
      .update(costEntries)
      .set(set)
      .where(and(eq(costEntries.companyId, companyId), eq(costEntries.id, id)));
  },

  async deleteEntry(db: Db, companyId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(costEntries)
      .where(and(eq(costEntries.companyId, companyId), eq(costEntries.id, id)))
      .returning({ id: costEntries.id });
    return rows.length > 0;
  },

  async replaceEntryLines(db: Db, companyId: number, entryId: number, lines: NewCostEntryLine[]) {
    await db
      .delete(costEntryLines)
      .where(and(eq(costEntryLines.companyId, companyId), eq(costEntryLines.entryId, entryId)));
    if (lines.length > 0)
      await db
        .insert(costEntryLines)
        .values(lines.map((l, position) => ({ ...l, position, companyId, entryId })));
  },

  /** Which of these ids are the project's tasks. */
  async projectTaskIds(db: Db, companyId: number, projectId: number, ids: readonly number[]) {
    if (ids.length === 0) return new Set<number>();
    const rows = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId), inArray(tasks.id, [...ids])),
      );
    return new Set(rows.map((r) => r.id));
  },

  /** The project's document with this id, if any. */
  async projectDocument(db: Db, companyId: number, projectId: number, id: number) {
    const rows = await db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(eq(documents.companyId, companyId), eq(documents.projectId, projectId), eq(documents.id, id)),
      );
    return rows[0];
  },
};
