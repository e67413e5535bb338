/**
 * Vitest global setup of the API test projects: migrates one database per run and lets every test
 * file start from a copy of it (creating and migrating a database per file cost seconds each, and
 * minutes on a busy machine). PGlite: a dump of a migrated in-memory database, written to a temporary
 * file. PostgreSQL: a migrated template database that `CREATE DATABASE … TEMPLATE` copies. It also
 * compiles the server once for the tests that start it as a process, as `npm start` does, and makes
 * the folder where the reader suites share the estimate files they have read (./read-once.ts).
 */
import type { TestProject } from 'vitest/node';
import { prepareTemplate, type TestDbKind } from './database.js';
import { prepareSharedReads } from './read-once.js';
import { buildServerOnce } from './server-process.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind: TestDbKind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  let started = performance.now();
  const removeBuild = buildServerOnce();
  console.log(`[${project.name}] compiled server ready in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  const removeTemplate = await prepareTemplate(kind).catch((err: unknown) => {
    // Vitest runs no teardown for a setup that failed: the build goes now. (Vitest can fail while
    // printing such an error, so its message is printed here first.)
    removeBuild();
    console.error(`[${project.name}] setup failed: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  });
  const ms = Math.round(performance.now() - started);
  console.log(`[${project.name}] migrated template database ready in ${ms} ms`);
  const removeReads = prepareSharedReads();
  return async () => {
    removeReads();
    await removeTemplate();
    removeBuild();
  };
}
