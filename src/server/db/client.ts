import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationFailure, type RunSql, refuseNewerSchema, withMigrationLock } from './migrations.js';
import { createUpkeep, DEFAULT_UPKEEP, type Upkeep, type UpkeepOptions } from './pglite-upkeep.js';
import { openPostgresPool } from './postgres-pool.js';
import { grantAppRoles } from './roles.js';
import * as schema from './schema/index.js';
import { scopedPglite } from './scoped-pglite.js';

export type Schema = typeof schema;
/** A database handle or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  /**
   * The app's handle: its work runs as the restricted role, for the company of the scope it runs in
   * (tenant-scope.ts); row-level security hides every other company's rows.
   */
  db: Db;
  /** As the connection's own role (the owner, in simple set-ups): for tests' fixtures, never for the app's work. */
  ownerDb: Db;
  kind: 'pglite' | 'postgresql';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Brings the schema up to this code's (refusing a newer one: `MigrationError`, one line to show),
   * then grants the app's roles their privileges, and their membership to `appLogin` (the app's
   * login when it is not the migrating user).
   */
  migrate(options?: { appLogin?: string | undefined }): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's whole data directory as a tarball (to start another one from); PGlite only. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Space upkeep: services report the rows they rewrite in bulk; the embedded database vacuums a
   * much-rewritten table when quiet (pglite-upkeep.ts). PostgreSQL's own autovacuum does this there.
   */
  upkeep: Pick<Upkeep, 'noteRewrite' | 'idle'>;
}

/** PostgreSQL vacuums by itself: nothing to do. */
const serverUpkeep: Database['upkeep'] = { noteRewrite: () => undefined, idle: async () => undefined };

/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  url?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** A dump (tar) of an embedded database's data directory to start from (a copy of a prepared one). */
  pgliteDataDir?: Uint8Array;
  /** The embedded database's buffer cache, as PostgreSQL writes sizes (`16MB`); unset, PGlite's default. */
  pgliteSharedBuffers?: string | undefined;
  /** When the embedded database vacuums much-rewritten tables (tests shorten the quiet wait). */
  upkeep?: UpkeepOptions;
  /**
   * Row-level security for the app's handle (on unless false): false skips the role switch and the
   * tenant setting, for benchmarks and debugging only (see docs/security.md).
   */
  rls?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const handles = openPostgresPool(options.url, { rls: options.rls !== false });
    const { pool } = handles;
    let poolClosed = false;
    return {
      db: handles.appDb as unknown as Db,
      ownerDb: handles.db as unknown as Db,
      kind: 'postgresql',
      ping: async () => {
        await withTimeout(pool.query('select 1'), 2000);
      },
      migrate: async (migrateOptions) => {
        // On one connection: the advisory lock is held by the session that took it.
        const client = await pool.connect();
        const run: RunSql = async (statement, params) => (await client.query(statement, params)).rows;
        try {
          await withMigrationLock(run, async () => {
            await refuseNewerSchema(run, migrationsFolder);
            await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
            await grantAppRoles(run, migrateOptions?.appLogin);
          });
        } catch (err) {
          throw migrationFailure(err);
        } finally {
          client.release();
        }
      },
      upkeep: serverUpkeep,
      close: async () => {
        if (poolClosed) return;
        poolClosed = true;
        await pool.end();
      },
    };
  }
  return pgliteDatabase(await openPgliteClient(options), options);
}

/** The embedded database itself, opened (and created, or loaded from a dump) as `options` say. */
export async function openPgliteClient(
  options: Pick<DatabaseOptions, 'pgliteDir' | 'pgliteDataDir' | 'pgliteSharedBuffers'>,
): Promise<PGlite> {
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, {
    ...(options.pgliteDataDir ? { loadDataDir: dumpSource(options.pgliteDataDir) } : {}),
    ...(options.pgliteSharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers}`] }
      : {}),
  });
}

/**
 * The database on an open embedded database `client`. Closing it closes the client, unless
 * `closeClient` says otherwise (a test run hands one embedded database to one test file after another).
 */
export function pgliteDatabase(
  client: PGlite,
  options: Pick<DatabaseOptions, 'rls' | 'upkeep'> = {},
  closeClient: () => Promise<void> = () => client.close(),
): Database {
  const pdb = drizzlePglite(client, { schema });
  const upkeep = createUpkeep(
    (statement) => client.exec(statement),
    (err) => process.emitWarning(`Embedded database upkeep failed: ${String(err)}`),
    options.upkeep ?? DEFAULT_UPKEEP,
  );
  let closed = false;
  return {
    db: scopedPglite(client, { rls: options.rls !== false }) as unknown as Db,
    ownerDb: pdb as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database closed');
      await withTimeout(pdb.execute(sql`select 1`), 2000);
    },
    migrate: async () => {
      const run: RunSql = async (statement, params) =>
        (await client.query<Record<string, unknown>>(statement, params)).rows;
      try {
        await refuseNewerSchema(run, migrationsFolder);
        await migratePglite(pdb, { migrationsFolder });
        await grantAppRoles(run);
      } catch (err) {
        throw migrationFailure(err);
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    upkeep,
    close: async () => {
      if (closed) return;
      closed = true;
      await upkeep.stop();
      await closeClient();
    },
  };
}

/**
 * A dump as PGlite reads it: PGlite only asks for its bytes, and a Node Blob of tens of megabytes
 * hands them back in small chunks joined together, a third of the time a load takes.
 */
function dumpSource(bytes: Uint8Array): Blob {
  const source: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = {
    type: 'application/x-tar',
    size: bytes.byteLength,
    arrayBuffer: async () => bytes.slice().buffer,
  };
  return source as Blob;
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolvePromise(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
