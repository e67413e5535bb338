import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, openPgliteClient, pgliteDatabase, pgliteDirFor } from '../db/client.js';
import { leasePglite } from './pglite-pool.js';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Set by the test run's global setup (./global-setup.ts): a migrated database to copy, so that each
 * test file starts from a copy instead of creating and migrating its own.
 */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

/**
 * The buffer cache of the tests' embedded databases. A test database holds kilobytes, and starting
 * PGlite with its default 128MB cache costs a second of CPU clearing it, for every test file and
 * every server a test starts.
 */
export const TEST_PGLITE_SHARED_BUFFERS = '16MB';

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The URL of database `name` on the test server. */
export function testDatabaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A client of the test server's administration database, connected; explains an unreachable server. */
export async function adminClient(): Promise<pg.Client> {
  const adminUrl = testDatabaseUrl();
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(err as Error).message}). ` +
        'Start it or set TEST_DATABASE_URL to a server where the user may create databases.',
    );
  }
  return admin;
}

/**
 * Creates database `name` on the PostgreSQL test server, empty or as a copy of `template`, and
 * returns its URL.
 */
export async function createPostgresDatabase(name: string, template?: string): Promise<string> {
  const admin = await adminClient();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return testDatabaseUrlFor(name);
}

export function newDatabaseName(prefix = 't'): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Migrates an in-memory PGlite once and writes its dump to a temporary file named in
 * {@link PGLITE_TEMPLATE_ENV}, for the test files (and the browser tests' servers) to start from;
 * resolves with its removal. Run by the test runs' global setups.
 */
export async function preparePgliteTemplate(): Promise<() => Promise<void>> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  // The app works in the `postgres` database only. Its data directory also holds initdb's
  // template0 and template1, used only to create further databases, which the embedded database
  // never does: without them the dump has half the files, and each copy loads in two thirds of the time.
  await database.ownerDb.execute(
    sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await database.ownerDb.execute(sql`drop database template0`);
  await database.ownerDb.execute(sql`drop database template1`);
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) return async () => {};
  const dir = mkdtempSync(join(tmpdir(), 'babe-template-'));
  const file = join(dir, 'pglite-data.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Creates and migrates a template database on the PostgreSQL test server and names it in
 * {@link POSTGRES_TEMPLATE_ENV}, for `CREATE DATABASE … TEMPLATE` to copy; resolves with its removal.
 * Run by the test runs' global setups.
 */
export async function preparePostgresTemplate(): Promise<() => Promise<void>> {
  const name = newDatabaseName('template');
  const database = await openDatabase({ url: await createPostgresDatabase(name) });
  try {
    await database.migrate();
  } finally {
    // A template may have no open connection while it is copied.
    await database.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return () => dropTestDatabase(name);
}

/** Migrates the run's template database of `kind` (see the two functions above); resolves with its removal. */
export function prepareTemplate(kind: TestDbKind): Promise<() => Promise<void>> {
  return kind === 'postgres' ? preparePostgresTemplate() : preparePgliteTemplate();
}

/** The run's template of `kind` (a PGlite dump's file, a PostgreSQL database's name), once prepared. */
export function templateOf(kind: TestDbKind): string | undefined {
  return process.env[kind === 'postgres' ? POSTGRES_TEMPLATE_ENV : PGLITE_TEMPLATE_ENV];
}

/** Whether the PostgreSQL test server answers (within a few seconds). */
export async function postgresReachable(): Promise<boolean> {
  try {
    const admin = await adminClient();
    await admin.end();
    return true;
  } catch {
    return false;
  }
}

let dumpRead: { file: string; bytes: Uint8Array } | undefined;

/**
 * The run's template as `openDatabase` starts from it, or nothing without one. Its dump is read from
 * its file once per test worker (every copy loads its own bytes).
 */
function fromPgliteTemplate(): { pgliteDataDir?: Uint8Array } {
  const file = templateOf('pglite');
  if (!file) return {};
  if (dumpRead?.file !== file) dumpRead = { file, bytes: readFileSync(file) };
  return { pgliteDataDir: dumpRead.bytes };
}

/**
 * Writes a copy of the run's migrated template as the embedded database of `dataDir` (where a server
 * started with DATA_DIR=`dataDir` finds it), and returns it opened, for a test to change before such
 * a server starts. Without a template (a file run on its own, without the global setup) the database
 * is created and migrated there instead. Creating one from nothing costs several seconds of CPU
 * (initdb, then every migration): the suite does it once, where a first start is what it tests.
 */
export async function openTemplateCopyIn(dataDir: string): Promise<Database> {
  const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir), ...fromPgliteTemplate() });
  await database.migrate();
  return database;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database
 * created next to TEST_DATABASE_URL's (a whole database rather than a schema, because the generated
 * migrations name the `public` schema). Both start as a copy of the run's migrated template when the
 * global setup made one; migrating then only confirms there is nothing to do. `drop()` closes and
 * removes it; an embedded one is emptied and kept for the worker's next test database instead
 * (./pglite-pool.ts). `rls: false` opens it without row-level security (benchmarks only).
 */
export async function createTestDatabase(
  kind: TestDbKind = testDbKind(),
  options: { rls?: boolean } = {},
): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** The PostgreSQL database's URL, for a second server of its own on it; none for PGlite. */
  url?: string;
}> {
  if (kind === 'pglite') {
    const lease = await leasePglite(async () => {
      const client = await openPgliteClient({
        pgliteDir: 'memory://',
        pgliteSharedBuffers: TEST_PGLITE_SHARED_BUFFERS,
        ...fromPgliteTemplate(),
      });
      // A copy of the template is migrated already: this only confirms there is nothing to do.
      const setup = pgliteDatabase(client, {}, async () => {});
      await setup.migrate();
      await setup.close();
      return client;
    });
    const database = pgliteDatabase(lease.client, options, lease.giveBack);
    return { database, drop: () => database.close() };
  }
  const name = newDatabaseName();
  const url = await createPostgresDatabase(name, templateOf('postgres'));
  const database = await openDatabase({ url, ...options });
  await database.migrate();
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await dropTestDatabase(name);
    },
  };
}

export async function dropTestDatabase(name: string): Promise<void> {
  const admin = await adminClient();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
