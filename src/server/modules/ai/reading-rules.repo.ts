import { and, eq } from 'drizzle-orm';
import type { EstimateReadingRules } from '../../../contracts/reading-rules.js';
import type { Db } from '../../db/client.js';
import { estimateReadingRules } from '../../db/schema/index.js';

const t = estimateReadingRules;

/** The company's remembered reading rules, one row per layout; company id always the second argument. */
export const readingRulesRepo = {
  /** The rules the company keeps for this layout, as stored (the caller checks their shape). */
  async find(db: Db, companyId: number, signature: string): Promise<unknown> {
    const rows = await db
      .select({ rules: t.rules })
      .from(t)
      .where(and(eq(t.companyId, companyId), eq(t.signature, signature)))
      .limit(1);
    return rows[0]?.rules;
  },

  /** Keeps `rules` as the company's way of reading this layout, in place of any before. */
  async upsert(
    db: Db,
    companyId: number,
    values: { signature: string; rules: EstimateReadingRules; userId: string; now: Date },
  ): Promise<void> {
    await db
      .insert(t)
      .values({
        companyId,
        signature: values.signature,
        rules: values.rules,
        updatedBy: values.userId,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoUpdate({
        target: [t.companyId, t.signature],
        set: { rules: values.rules, updatedBy: values.userId, updatedAt: values.now },
      });
  },
};
