import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

export type TestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database
 * created next to TEST_DATABASE_URL's (a whole database rather than a schema, because the generated
 * migrations name the `public` schema). `drop()` closes and removes it.
 */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = testDatabaseUrl();
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(err as Error).message}). ` +
        'Start it or set TEST_DATABASE_URL to a server where the user may create databases.',
    );
  }
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
