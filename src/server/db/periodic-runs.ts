import { lt } from 'drizzle-orm';
import type { Db } from './client.js';
import { periodicRuns } from './schema/index.js';

/**
 * Claims this period's run of the upkeep `name`, due every `everyMs`: true for the one caller, among
 * every server sharing the database, whose claim moves the last run on; false for the others and
 * until the period has (nearly) passed. "Nearly": a run may start a tenth of a period early, so two
 * servers' timers drifting apart never make a whole period go by without one.
 */
export async function claimPeriodicRun(db: Db, name: string, everyMs: number, at: Date): Promise<boolean> {
  const dueBefore = new Date(at.getTime() - everyMs * 0.9);
  const claimed = await db
    .insert(periodicRuns)
    .values({ name, lastRunAt: at })
    .onConflictDoUpdate({
      target: periodicRuns.name,
      set: { lastRunAt: at },
      setWhere: lt(periodicRuns.lastRunAt, dueBefore),
    })
    .returning({ name: periodicRuns.name });
  return claimed.length > 0;
}
