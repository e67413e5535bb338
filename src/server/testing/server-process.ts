/**
 * The server as `npm start` runs it: `node <build>/server/main.js`, compiled by the API projects'
 * global setup (./global-setup.ts) into a folder of the test run's own, so that two test runs at once
 * (or a developer's `npm start`) never rebuild files another is running. Tests that start the real
 * process spawn this instead of loading the TypeScript sources through a loader: it is how production
 * runs, and it starts in a fraction of the time.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TEST_PGLITE_SHARED_BUFFERS } from './database.js';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Set by the global setup for the test files: the folder (in the repository) the server was built into. */
export const SERVER_BUILD_ENV = 'TEST_SERVER_BUILD_DIR';

/**
 * The file reader of the run's build, for servers the tests run in process from the TypeScript
 * sources: a reader process started through the TypeScript loader spends about a second more CPU
 * loading its modules, and the suite starts dozens. None when no build was made (a test file run on
 * its own without the global setup): the reader beside the sources is used then.
 */
export function compiledReaderScript(): string | undefined {
  const dir = process.env[SERVER_BUILD_ENV];
  return dir ? join(dir, 'server/providers/extract/extract-worker.js') : undefined;
}

/** The estimate analysis thread's worker of the run's build, for the same reason. */
export function compiledAnalysisScript(): string | undefined {
  const dir = process.env[SERVER_BUILD_ENV];
  return dir ? join(dir, 'server/providers/analyzer/analysis-worker.js') : undefined;
}

/**
 * `node <build>/server/main.js` with only `PATH`, the tests' small embedded-database cache and `env`
 * in its environment.
 */
export function spawnServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const dir = process.env[SERVER_BUILD_ENV];
  if (!dir)
    throw new Error(`${SERVER_BUILD_ENV} is not set: the API projects' global setup compiles the server`);
  return spawn(process.execPath, [join(dir, 'server/main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', PGLITE_SHARED_BUFFERS: TEST_PGLITE_SHARED_BUFFERS, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

const building = Symbol.for('babe.test.serverBuild');
const BUILD_PREFIX = '.test-server-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Builds left behind by test runs that were killed before their teardown. */
function removeAbandonedBuilds(): void {
  for (const entry of readdirSync(repoRoot)) {
    const pid = Number(entry.slice(BUILD_PREFIX.length).split('-')[0]);
    if (entry.startsWith(BUILD_PREFIX) && Number.isInteger(pid) && !isRunning(pid))
      rmSync(join(repoRoot, entry), { recursive: true, force: true });
  }
}

/**
 * Compiles the server (scripts/build-server.mjs) into a folder of this run, once per process however
 * many projects ask, and sets {@link SERVER_BUILD_ENV}; resolves with the teardown that removes it.
 */
export function buildServerOnce(): () => void {
  const registry = globalThis as { [building]?: string };
  let name = registry[building];
  if (!name) {
    removeAbandonedBuilds();
    name = `${BUILD_PREFIX}${process.pid}-${Date.now().toString(36)}`;
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', name], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      rmSync(join(repoRoot, name), { recursive: true, force: true });
      throw new Error(`the server could not be compiled for the tests:\n${build.stdout}${build.stderr}`);
    }
    registry[building] = name;
  }
  process.env[SERVER_BUILD_ENV] = join(repoRoot, name);
  const dir = join(repoRoot, name);
  return () => rmSync(dir, { recursive: true, force: true });
}
