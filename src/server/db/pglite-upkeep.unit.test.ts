import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_PGLITE_SHARED_BUFFERS } from '../testing/database.js';
import { type Database, openDatabase } from './client.js';
import { createUpkeep } from './pglite-upkeep.js';

const options = { rowsBeforeVacuum: 1_000, quietMs: 30_000 };

describe('when the embedded database is vacuumed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function recorder() {
    const statements: string[] = [];
    const errors: unknown[] = [];
    const upkeep = createUpkeep(
      async (statement) => {
        statements.push(statement);
        if (statement.includes('broken')) throw new Error('no such table');
      },
      (err) => errors.push(err),
      options,
    );
    return { statements, errors, upkeep };
  }

  it('waits for enough rewritten rows, then for a quiet while', async () => {
    vi.useFakeTimers();
    const { statements, upkeep } = recorder();
    upkeep.noteRewrite('tasks', 600);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statements).toEqual([]);
    upkeep.noteRewrite('tasks', 400);
    await vi.advanceTimersByTimeAsync(20_000);
    // Another burst of edits moves it later.
    upkeep.noteRewrite('tasks', 50);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statements).toEqual(['VACUUM (ANALYZE) tasks']);
    await upkeep.idle();
    // The count starts again.
    upkeep.noteRewrite('tasks', 999);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statements).toHaveLength(1);
  });

  it('cancels a due vacuum when stopped, and reports a failed one without throwing', async () => {
    vi.useFakeTimers();
    const stopped = recorder();
    stopped.upkeep.noteRewrite('tasks', 5_000);
    await stopped.upkeep.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stopped.statements).toEqual([]);

    const failing = recorder();
    // A statement that fails (forced here through a table name the type does not allow).
    failing.upkeep.noteRewrite('broken' as 'tasks', 5_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await failing.upkeep.idle();
    expect(failing.errors).toHaveLength(1);
  });
});

describe('a much-rewritten table of the embedded database', () => {
  const ROWS = 1_000;
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  /**
   * Rewrites every row of a table 12 times (a project re-scheduled after 12 edits). A thousand rows
   * of 200 bytes fill a few dozen pages, enough for growth and reclaimed space to show clearly.
   */
  async function rewriteTwelveTimes(report: boolean): Promise<{ before: number; after: number }> {
    const database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteSharedBuffers: TEST_PGLITE_SHARED_BUFFERS,
      upkeep: { rowsBeforeVacuum: ROWS, quietMs: 0 },
    });
    opened.push(database);
    // A table of the test's own, in a database never migrated: worked on as its owner.
    const db = database.ownerDb;
    await db.execute(sql`create table tasks (id integer primary key, start_date date, note text)`);
    await db.execute(
      sql`insert into tasks select i, date '2026-01-01', repeat('x', 200) from generate_series(1, ${ROWS}) as i`,
    );
    const size = async () => {
      const result = (await db.execute(sql`select pg_relation_size('tasks') as size`)) as unknown as {
        rows: { size: string | number }[];
      };
      return Number(result.rows[0]?.size);
    };
    const before = await size();
    for (let day = 1; day <= 12; day++) {
      await db.execute(sql`update tasks set start_date = date '2026-01-01' + ${day}::int`);
      if (report) {
        database.upkeep.noteRewrite('tasks', ROWS);
        await new Promise((resolve) => setTimeout(resolve, 1));
        await database.upkeep.idle();
      }
    }
    return { before, after: await size() };
  }

  it('stays near its size when the rewrites are reported, and grows with every rewrite otherwise', async () => {
    const kept = await rewriteTwelveTimes(true);
    const grown = await rewriteTwelveTimes(false);
    expect(grown.after).toBeGreaterThan(10 * grown.before);
    expect(kept.after).toBeLessThan(3 * kept.before);
  }, 120_000);
});
