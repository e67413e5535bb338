/**
 * Bringing a database's schema up to this code's, safely when several servers start at once (a
 * rolling deploy, two replicas): on PostgreSQL one server migrates while the others wait on an
 * advisory lock and then find nothing left to do. A database whose schema is newer than this code
 * (a newer server migrated it, and this older one is being started against it) is refused: the
 * older code would read and write tables it does not know the shape of.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';

/** Why the server cannot start on this database; its message is the one line an operator reads. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * The advisory lock every server takes around migrating: any fixed number, the same in every
 * version of the app, that nothing else of ours locks.
 */
export const MIGRATION_LOCK_KEY = 7_130_414_001;

/** Runs SQL and gives back its rows. */
export type RunSql = (statement: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The migrations this code knows, oldest first: when each was made (its identity) and its tag. */
export function knownMigrations(migrationsFolder: string): { createdAt: number }[] {
  return readMigrationFiles({ migrationsFolder }).map((m) => ({ createdAt: m.folderMillis }));
}

/**
 * Throws when the database has a migration later than the newest this code knows. A database
 * never migrated (no bookkeeping table yet) is fine.
 */
export async function refuseNewerSchema(run: RunSql, migrationsFolder: string): Promise<void> {
  const [exists] = await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!exists?.exists) return;
  const [latest] = await run('select max(created_at)::text as "createdAt" from drizzle.__drizzle_migrations');
  const applied = Number(latest?.createdAt ?? 0);
  const newestKnown = Math.max(0, ...knownMigrations(migrationsFolder).map((m) => m.createdAt));
  if (applied > newestKnown) {
    throw new MigrationError(
      `The database's schema is newer than this server's code (it has a migration from ` +
        `${new Date(applied).toISOString()}; the newest this code knows is from ` +
        `${new Date(newestKnown).toISOString()}). Start the newer version of the server, or point it at a database of its own version.`,
    );
  }
}

/**
 * Holds the migration lock while `work` runs, on a connection of its own (an advisory lock belongs
 * to the session that took it): the others wait for it rather than migrating at the same time.
 */
export async function withMigrationLock<T>(run: RunSql, work: () => Promise<T>): Promise<T> {
  await run('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    return await work();
  } finally {
    await run('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  }
}

/** A migration failure as the one line an operator reads: what failed and the database's reason. */
export function migrationFailure(err: unknown): MigrationError {
  if (err instanceof MigrationError) return err;
  const cause =
    err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
  return new MigrationError(`The database could not be migrated: ${cause.split('\n')[0]}`);
}
