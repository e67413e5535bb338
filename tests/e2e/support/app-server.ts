import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import {
  createTestDatabase,
  TEST_PGLITE_SHARED_BUFFERS,
  templateOf,
  testDbKind,
} from '../../../src/server/testing/database.js';
import { testServerConfig } from '../../../src/server/testing/test-config.js';
import { ensureWebBuild, WEB_DIST_DIR } from './web-build';

export interface AppServer {
  /** e.g. http://127.0.0.1:43117 */
  baseUrl: string;
  app: FastifyInstance;
  dataDir: string;
  /** The raw messages the server has "sent" (written to DATA_DIR/outbox without SMTP), oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

export { ensureWebBuild, WEB_DIST_DIR };

/**
 * The real server, in this process: a fresh DATA_DIR; in a test run, a copy of the run's migrated
 * template (./global-setup.ts): a database of its own on the PostgreSQL test server, or an embedded
 * one in memory as the API tests have it (loading its dump costs a third of the CPU of copying a data
 * directory); outside one (benchmarks, screenshot scripts), the embedded database on disk under
 * DATA_DIR, as the product keeps it; DATABASE_URL's when given. It listens on a
 * free port of 127.0.0.1 and serves the built web app from dist/web.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  // A server given its web folder (the run's snapshot) serves that; else dist/web, built if stale.
  if (!env.WEB_DIST_DIR) await ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-e2e-'));
  const config = testServerConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST_DIR,
    PGLITE_SHARED_BUFFERS: TEST_PGLITE_SHARED_BUFFERS,
    ...env,
  });
  const kind = testDbKind();
  const copy = !env.DATABASE_URL && templateOf(kind) ? await createTestDatabase(kind) : undefined;
  const { app } = await buildApp(config, {
    logger: false,
    ...(copy ? { database: copy.database } : {}),
  });
  const close = async () => {
    await app.close();
    await copy?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await close();
    throw err;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  const outboxDir = join(dataDir, 'outbox');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    dataDir,
    outbox: () =>
      existsSync(outboxDir)
        ? readdirSync(outboxDir)
            .filter((f) => f.endsWith('.eml'))
            .sort()
            .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
        : [],
    close,
  };
}

/** The text of a raw e-mail with quoted-printable soft line breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
