/**
 * `npm start` runs the server compiled to JavaScript (`npm run build:server` → dist/server, which the
 * test run's global setup builds), not through the TypeScript loader: it starts, answers, and reads
 * an estimate in its reader process (which it forks from the compiled files too). Run once, on the
 * embedded database.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTemplateCopyIn, testDbKind } from './testing/database.js';
import { repoRoot as root, spawnServer } from './testing/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'babe-compiled-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

/**
 * Starts dist/server/main.js and resolves with its URL once it says it is ready. Its data folder
 * holds a copy of the run's migrated database: a start on an empty one is main.test.ts's subject.
 */
async function startCompiled(): Promise<string> {
  await (await openTemplateCopyIn(dataDir)).close();
  const server = spawnServer({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  child = server;
  let out = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const ready = out.match(/ready at (http:\/\/[^\s"]+)/);
      if (ready?.[1]) done(ready[1]);
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => fail(new Error(`the compiled server exited with ${code}:\n${out}`)));
  });
}

describe.skipIf(testDbKind() !== 'pglite')('the compiled server', () => {
  it('starts, and reads a PDF estimate in its reader process', async () => {
    const url = await startCompiled();
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    let cookie = '';
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${url}${path}`, { ...init, headers: { ...init.headers, cookie } });
      const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (sid) cookie = sid.split(';')[0] ?? '';
      return res;
    };
    const json = { 'content-type': 'application/json' };
    const account = {
      email: 'compiled@example.com',
      password: 'concrete-pour-42',
      firstName: 'C',
      lastName: 'S',
    };
    expect(
      (await call('/api/auth/signup', { method: 'POST', headers: json, body: JSON.stringify(account) }))
        .status,
    ).toBe(201);
    const company = { name: 'Compiled Builders', type: 'general' };
    expect(
      (await call('/api/companies', { method: 'POST', headers: json, body: JSON.stringify(company) })).status,
    ).toBe(201);

    const form = new FormData();
    const pdf = readFileSync(join(root, 'tests/fixtures/estimates/new-home-2400sf.pdf'));
    form.append('file', new Blob([new Uint8Array(pdf)]), 'new-home-2400sf.pdf');
    const parsed = await call('/api/parse-pdf', { method: 'POST', body: form });
    expect(parsed.status).toBe(200);
    expect(((await parsed.json()) as { content: string }).content).toContain('ESTIMATE');
  }, 300_000);
});
