/**
 * The built web app the browser tests run against: built when missing or older than its sources.
 * Only Vite and the file system here, so the suite's global setup can load it on its own.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/** Set by the browser tests' global setup for their workers: the run's snapshot of the built app. */
export const WEB_SNAPSHOT_ENV = 'TEST_WEB_SNAPSHOT_DIR';

/**
 * A private copy of the built web app (built first when stale), and how to remove it. The test
 * servers serve a copy, so that a rebuild of dist/web while the tests run (sources edited meanwhile)
 * cannot pull the hashed assets out from under the open pages.
 */
export async function snapshotWebBuild(): Promise<{ dir: string; remove: () => void }> {
  await ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), 'babe-e2e-web-'));
  cpSync(WEB_DIST_DIR, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
