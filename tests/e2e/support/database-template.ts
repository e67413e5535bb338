/**
 * A migrated embedded database the browser tests' servers start from. Creating and migrating PGlite
 * costs every server seconds (more on a busy machine); copying a migrated data directory costs a
 * fraction of one. The suite's global setup makes it once per run and names it in the environment
 * the test files inherit; a server started without it (a scratch script) migrates its own.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, pgliteDirFor } from '../../../src/server/db/client.js';

const TEMPLATE_ENV = 'E2E_PGLITE_TEMPLATE_DIR';

/** Makes the migrated template and answers its removal. */
export async function prepareDatabaseTemplate(): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-e2e-template-'));
  const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_ENV] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}

/** Puts a copy of the migrated template into a new server's DATA_DIR, when the run made one. */
export function seedFromTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !existsSync(pgliteDirFor(template))) return;
  cpSync(pgliteDirFor(template), pgliteDirFor(dataDir), { recursive: true });
}
