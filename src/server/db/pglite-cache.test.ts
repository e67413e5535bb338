/**
 * The embedded database's buffer cache is what PGLITE_SHARED_BUFFERS says, for a server started on
 * its data directory, and PGlite's own default without it. (PostgreSQL servers set theirs themselves.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openTemplateCopyIn, testDbKind } from '../testing/database.js';
import { type Database, rowsOf } from './client.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

async function sharedBuffers(database: Database): Promise<string> {
  const rows = rowsOf<{ size: string }>(
    await database.ownerDb.execute(sql`select current_setting('shared_buffers') as size`),
  );
  return rows[0]?.size ?? '';
}

/** A data directory holding a copy of the run's migrated database. */
async function migratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-pglite-cache-'));
  dirs.push(dataDir);
  const database = await openTemplateCopyIn(dataDir);
  try {
    expect(await sharedBuffers(database)).toBe('128MB');
  } finally {
    await database.close();
  }
  return dataDir;
}

describe.skipIf(testDbKind() !== 'pglite')('the embedded database’s buffer cache', () => {
  it('is PGLITE_SHARED_BUFFERS for a server started on its data directory', async () => {
    const dataDir = await migratedDataDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      PGLITE_SHARED_BUFFERS: '8MB',
    });
    const { app, ctx } = await buildApp(config, { logger: false });
    try {
      expect(await sharedBuffers(ctx.database)).toBe('8MB');
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
      await ctx.database.close();
    }
  });
});
