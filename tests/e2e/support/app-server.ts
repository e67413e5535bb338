import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';

export interface AppServer {
  /** e.g. http://127.0.0.1:43117 */
  baseUrl: string;
  app: FastifyInstance;
  dataDir: string;
  /** The raw messages the server has "sent" (written to DATA_DIR/outbox without SMTP), oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../../..');
export const WEB_DIST_DIR = join(ROOT, 'dist/web');
const WEB_SOURCES = [join(ROOT, 'src/web'), join(ROOT, 'src/contracts'), join(ROOT, 'src/domain')];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The browser tests need the built web app (`npm run build`). When dist/web is missing or older
 * than the web sources, build it here as `npm run build` does, so a test never runs against
 * yesterday's bundle.
 */
export async function ensureWebBuild(): Promise<void> {
  const index = join(WEB_DIST_DIR, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changedAt = Math.max(
    ...WEB_SOURCES.filter(existsSync).map(newestMtime),
    statSync(join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  if (builtAt > changedAt) return;
  const { build } = await import('vite');
  // The bundle `npm run build` makes: Vite takes React's development or production build from
  // NODE_ENV, which the test runner sets to "test".
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (!existsSync(index)) throw new Error(`vite build did not produce ${index}`);
}

/**
 * The real server, in this process: a fresh DATA_DIR with the embedded PGlite database, listening
 * on a free port of 127.0.0.1 and serving the built web app from dist/web.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  await ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    WEB_DIST_DIR,
    ...env,
  });
  const { app } = await buildApp(config, { logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await app.close();
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
            .sort()
            .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
        : [],
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The text of a raw e-mail with quoted-printable soft line breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
