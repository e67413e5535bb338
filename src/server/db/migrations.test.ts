/**
 * Migrating at start-up: two servers started at the same moment against a new PostgreSQL database
 * both come up and every migration runs once; a database migrated by newer code is refused, and a
 * server started on one stops with a single line that says why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  createPostgresDatabase,
  dropTestDatabase,
  newDatabaseName,
  openTemplateCopyIn,
  testDbKind,
} from '../testing/database.js';
import { spawnServer } from '../testing/server-process.js';
import { type Database, migrationsFolder, openDatabase, rowsOf } from './client.js';
import { knownMigrations, MigrationError } from './migrations.js';

const kind = testDbKind();
const newest = Math.max(...knownMigrations(migrationsFolder).map((m) => m.createdAt));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty PostgreSQL database (no template: nothing migrated yet); dropped after the file. */
async function emptyPostgresDatabase(): Promise<string> {
  const name = newDatabaseName('mig');
  const url = await createPostgresDatabase(name);
  cleanups.push(() => dropTestDatabase(name));
  return url;
}

async function migratedPostgres(url: string): Promise<Database> {
  const database = await openDatabase({ url });
  await database.migrate();
  return database;
}

/** A migrated database of this file's kind, with a migration from a later version of the code. */
async function newerDatabase(): Promise<{ env: Record<string, string>; database: Database }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-migrations-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }));
  const url = kind === 'postgres' ? await emptyPostgresDatabase() : undefined;
  const database = url ? await migratedPostgres(url) : await openTemplateCopyIn(dataDir);
  await database.ownerDb.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-later-version', ${newest + 60_000})`,
  );
  return { env: { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) }, database };
}

function serverConfig(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-migrations-server-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

describe.skipIf(kind !== 'postgres')('two servers starting together on a new PostgreSQL database', () => {
  it('both become ready, and every migration ran exactly once', async () => {
    const url = await emptyPostgresDatabase();
    const started = await Promise.all(
      [1, 2].map(() => buildApp(serverConfig({ DATABASE_URL: url }), { logger: false })),
    );
    try {
      for (const { app } of started) {
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
      }
      const db = started[0]?.ctx.database.ownerDb;
      if (!db) throw new Error('no server started');
      const rows = rowsOf<{ created_at: string; n: number }>(
        await db.execute(
          sql`select created_at::text, count(*)::int as n from drizzle.__drizzle_migrations group by created_at`,
        ),
      );
      const applied = rows.map((r) => Number(r.created_at)).sort((a, b) => a - b);
      expect(applied).toEqual(knownMigrations(migrationsFolder).map((m) => m.createdAt));
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      for (const { app, ctx } of started) {
        await app.close();
        await ctx.database.close();
      }
    }
  });
});

describe(`a database migrated by newer code (${kind})`, () => {
  it('is refused, and nothing is migrated', async () => {
    const { database } = await newerDatabase();
    try {
      const error = await database.migrate().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(/newer than this server's code/);
      expect((error as Error).message).not.toContain('\n');
    } finally {
      await database.close();
    }
  });

  it('stops a server started on it, with one line saying why', async () => {
    const { env, database } = await newerDatabase();
    await database.close();
    const child = spawnServer({ PORT: '0', LOG_LEVEL: 'silent', ...env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^The database's schema is newer than this server's code/);
  });
});
