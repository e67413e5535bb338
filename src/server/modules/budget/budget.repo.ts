import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { budgetAdjustments, budgetLines, costCodes, tasks } from '../../db/schema/index.js';

export type CostCodeRow = typeof costCodes.$inferSelect;
export type NewCostCode = Omit<typeof costCodes.$inferInsert, 'id' | 'companyId' | 'createdAt'>;
export type BudgetLineRow = typeof budgetLines.$inferSelect;
export type NewBudgetLine = Omit<typeof budgetLines.$inferInsert, 'id' | 'companyId' | 'createdAt'>;
export type BudgetAdjustmentRow = typeof budgetAdjustments.$inferSelect;
export type NewBudgetAdjustment = Omit<
  typeof budgetAdjustments.$inferInsert,
  'id' | 'companyId' | 'createdAt'
>;

/** Every query is scoped by company id, always the second argument. */
export const budgetRepo = {
  costCodes(db: Db, companyId: number): Promise<CostCodeRow[]> {
    return db
      .select()
      .from(costCodes)
      .where(eq(costCodes.companyId, companyId))
      .orderBy(asc(costCodes.position), asc(costCodes.code));
  },

  /** Adds the codes the company lacks (by code); two first uses at once add each code once. */
  async addCostCodes(db: Db, companyId: number, rows: readonly NewCostCode[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(costCodes)
      .values(rows.map((r) => ({ ...r, companyId })))
      .onConflictDoNothing({ target: [costCodes.companyId, costCodes.code] });
  },

  async updateCostCode(db: Db, companyId: number, id: number, set: { code?: string; name?: string }) {
    const rows = await db
      .update(costCodes)
      .set(set)
      .where(and(eq(costCodes.companyId, companyId), eq(costCodes.id, id)))
      .returning();
    return rows[0];
  },

  /** Writes the list in one statement: new codes added, kept ones renamed and reordered. */
  async upsertCostCodes(db: Db, companyId: number, rows: readonly NewCostCode[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(costCodes)
      .values(rows.map((row) => ({ ...row, companyId })))
      .onConflictDoUpdate({
        target: [costCodes.companyId, costCodes.code],
        set: { name: sql`excluded.name`, position: sql`excluded.position` },
      });
  },

  /** Removes the company's codes that are not in `keep` (their lines lose the code). */
  async removeCostCodesExcept(db: Db, companyId: number, keep: readonly string[]): Promise<number[]> {
    const removed = await db
      .delete(costCodes)
      .where(
        and(
          eq(costCodes.companyId, companyId),
          keep.length > 0 ? notInArray(costCodes.code, [...keep]) : undefined,
        ),
      )
      .returning({ id: costCodes.id });
    return removed.map((r) => r.id);
  },

  /** Lines on the given codes, before those codes go. */
  linesOnCodes(db: Db, companyId: number, codeIds: readonly number[]) {
    if (codeIds.length === 0) return Promise.resolve([] as BudgetLineRow[]);
    return db
      .select()
      .from(budgetLines)
      .where(and(eq(budgetLines.companyId, companyId), inArray(budgetLines.costCodeId, [...codeIds])));
  },

  async setLinesCode(db: Db, companyId: number, lineIds: readonly number[], costCodeId: number | null) {
    await db
      .update(budgetLines)
      .set({ costCodeId })
      .where(and(eq(budgetLines.companyId, companyId), inArray(budgetLines.id, [...lineIds])));
  },

  /** The project's lines in estimate order, each with its task's name (read here, written by tasks). */
  projectLines(db: Db, companyId: number, projectId: number) {
    return db
      .select({ line: budgetLines, taskName: tasks.name })
      .from(budgetLines)
      .leftJoin(tasks, and(eq(tasks.companyId, budgetLines.companyId), eq(tasks.id, budgetLines.taskId)))
      .where(and(eq(budgetLines.companyId, companyId), eq(budgetLines.projectId, projectId)))
      .orderBy(asc(budgetLines.generationId), asc(budgetLines.sourceLine), asc(budgetLines.id));
  },

  /** The lines of one plan's estimate, replaced whole (a plan saved again keeps one set). */
  async replaceGenerationLines(
    db: Db,
    companyId: number,
    generationId: number,
    rows: readonly NewBudgetLine[],
  ): Promise<void> {
    await db
      .delete(budgetLines)
      .where(and(eq(budgetLines.companyId, companyId), eq(budgetLines.generationId, generationId)));
    // Inserted in slices: a workbook of thousands of lines stays within the driver's parameter limit.
    for (let i = 0; i < rows.length; i += 500) {
      await db.insert(budgetLines).values(rows.slice(i, i + 500).map((r) => ({ ...r, companyId })));
    }
  },

  /** Which of `ids` are tasks of the project (read here, written by the tasks module). */
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

  async addAdjustments(
    db: Db,
    companyId: number,
    rows: readonly NewBudgetAdjustment[],
  ): Promise<BudgetAdjustmentRow[]> {
    const out: BudgetAdjustmentRow[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      out.push(
        ...(await db
          .insert(budgetAdjustments)
          .values(rows.slice(i, i + 500).map((r) => ({ ...r, companyId })))
          .returning()),
      );
    }
    return out;
  },

  projectAdjustments(db: Db, companyId: number, projectId: number): Promise<BudgetAdjustmentRow[]> {
    return db
      .select()
      .from(budgetAdjustments)
      .where(and(eq(budgetAdjustments.companyId, companyId), eq(budgetAdjustments.projectId, projectId)))
      .orderBy(asc(budgetAdjustments.id));
  },
};
