import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropTestDatabase, newDatabaseName, testDbKind } from './testing/database.js';
import { spawnServer } from './testing/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'babe-main-'));
let databaseUrl: string | undefined;
let dbName: string | undefined;

beforeAll(async () => {
  if (testDbKind() !== 'postgres') return;
  dbName = newDatabaseName('main');
  databaseUrl = await createPostgresDatabase(dbName);
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  if (dbName) await dropTestDatabase(dbName);
});

/** Starts the compiled server as `npm start` does and resolves with its URL once it logs it. */
function start(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawnServer({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  let out = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      // A server that never got ready must not keep writing to the data folder the suite removes.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 300_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/ready at (http:\/\/[^\s"]+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise({ child, url: m[1], output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${out}`));
    });
  });
}

/** Resolves once the server's output matches `pattern` (checked every 20 ms, for up to 5 minutes). */
async function logged(output: () => string, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (!pattern.test(output())) {
    if (Date.now() > deadline) throw new Error(`the server never logged ${pattern}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

describe('the server process', () => {
  it('logs its URL when ready, answers, and shuts down cleanly on SIGTERM keeping the data', async () => {
    // On an empty data folder (and, on PostgreSQL, an empty database): the first start of a new
    // installation creates and migrates the database. The suite's other servers start on copies of a
    // migrated one.
    const first = await start();
    const kind = testDbKind() === 'postgres' ? 'postgresql' : 'pglite';
    expect(first.output()).toMatch(
      new RegExp(`ready at http://127\\.0\\.0\\.1:\\d+ \\(database: ${kind}\\)`),
    );
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: kind });
    const signup = await fetch(`${first.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'keep@example.com',
        password: 'secret-pass',
        firstName: 'K',
        lastName: 'P',
      }),
    });
    expect(signup.status).toBe(201);
    // An in-flight request finishes before the process exits.
    const inFlight = fetch(`${first.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.com', password: 'secret-pass' }),
    });
    // Stopped once the server has the request (its log says so), however long it takes to get there.
    await logged(first.output, /"url":"\/api\/auth\/signin"/);
    const done = exited(first.child);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await done, first.output()).toBe(0);

    // The data survived a clean close: start again and sign in.
    const second = await start();
    const signin = await fetch(`${second.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.com', password: 'secret-pass' }),
    });
    expect(signin.status).toBe(200);
    const stopped = exited(second.child);
    second.child.kill('SIGINT');
    expect(await stopped).toBe(0);
  }, 600_000);

  it('refuses to start with a bad variable, in one clear line', async () => {
    await expect(start({ TRIAL_DAYS: 'soon' })).rejects.toThrow(/Invalid environment variable TRIAL_DAYS/);
  }, 60_000);
});
