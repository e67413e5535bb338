/**
 * The app as the benchmarks run it: in process, on an in-memory PGlite, with the built-in
 * analyzer and a data folder of its own, requests sent over app.inject. `close` removes it all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

export async function startBenchApp(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    ANALYZER: 'builtin',
  });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, ctx, close };
}
