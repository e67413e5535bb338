/**
 * Space upkeep of the embedded database. PostgreSQL keeps the old version of an updated row until a
 * VACUUM marks its space reusable. A PostgreSQL server does that on its own (autovacuum); PGlite runs
 * inside our process without background workers, so a table rewritten again and again (a project
 * re-scheduled after every edit rewrites its tasks) grows on disk without end.
 *
 * The app reports the rows it rewrites per table; once a table has had many, it is vacuumed when the
 * database has had no such report for a quiet while, so the work does not land in the middle of a
 * burst of edits. VACUUM (not VACUUM FULL) holds no lock that stops reads or writes; the space it frees
 * is reused by later writes, and empty pages at a table's end are given back to the file system.
 */

/** Tables the app rewrites in bulk (named in code only: they go into the statement as identifiers). */
export type UpkeepTable = 'tasks';

export interface UpkeepOptions {
  /** Rows rewritten in a table before it is due for a vacuum. */
  rowsBeforeVacuum: number;
  /** How long the database must have been quiet (no rewrite reported) before a due vacuum runs. */
  quietMs: number;
}

export const DEFAULT_UPKEEP: UpkeepOptions = { rowsBeforeVacuum: 2_000, quietMs: 30_000 };

export interface Upkeep {
  /** `rows` rows of `table` were rewritten (updated or deleted). */
  noteRewrite(table: UpkeepTable, rows: number): void;
  /** Resolves once no vacuum is due or running. */
  idle(): Promise<void>;
  /** Cancels a due vacuum and waits for a running one. */
  stop(): Promise<void>;
}

export function createUpkeep(
  run: (statement: string) => Promise<unknown>,
  onError: (err: unknown) => void,
  options: UpkeepOptions = DEFAULT_UPKEEP,
): Upkeep {
  const rewritten = new Map<UpkeepTable, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const waiters: (() => void)[] = [];

  const settled = () => !timer && !running;
  function notifyIfSettled() {
    if (!settled()) return;
    for (const resolve of waiters.splice(0)) resolve();
  }

  async function vacuumDue() {
    timer = undefined;
    const due = [...rewritten].filter(([, rows]) => rows >= options.rowsBeforeVacuum).map(([table]) => table);
    for (const table of due) rewritten.delete(table);
    running = (async () => {
      for (const table of due) {
        if (stopped) break;
        try {
          await run(`VACUUM (ANALYZE) ${table}`);
        } catch (err) {
          onError(err);
        }
      }
    })();
    await running;
    running = undefined;
    notifyIfSettled();
  }

  return {
    noteRewrite(table, rows) {
      if (stopped || rows <= 0) return;
      rewritten.set(table, (rewritten.get(table) ?? 0) + rows);
      if (![...rewritten.values()].some((count) => count >= options.rowsBeforeVacuum)) return;
      // Quiet since the last rewrite: each report moves a due vacuum later.
      clearTimeout(timer);
      timer = setTimeout(() => void vacuumDue(), options.quietMs);
      timer.unref?.();
    },
    idle() {
      if (settled()) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      notifyIfSettled();
    },
  };
}
