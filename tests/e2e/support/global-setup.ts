import { postgresReachable, prepareTemplate, type TestDbKind } from '../../../src/server/testing/database.js';
import { buildServerOnce } from '../../../src/server/testing/server-process.js';
import { snapshotWebBuild, WEB_SNAPSHOT_ENV } from './web-build';

/**
 * Runs once before any browser test file starts: builds the web app (the files run two at a time,
 * and two of them finding the bundle stale would otherwise build it into the same folder at once)
 * and copies it once for every test server of the run to serve, migrates the database every test
 * server starts a copy of, and compiles the server for the test servers' file readers.
 *
 * The test servers keep their data on the PostgreSQL test server when it answers (`npm test` requires
 * it in CI): it runs the same queries for a fraction of the embedded database's CPU, and the browser
 * flows then run on the database the product scales out on, while the API suites cover the embedded
 * one in full. Without it, or with TEST_DB=pglite, they use the embedded database.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const web = await snapshotWebBuild();
  process.env[WEB_SNAPSHOT_ENV] = web.dir;
  const removeBuild = buildServerOnce();
  const removeMade = () => {
    removeBuild();
    web.remove();
  };
  try {
    const kind = await databaseKind();
    // The test files' workers read the kind, and the template's name, from the environment.
    process.env.TEST_DB = kind;
    const removeTemplate = await prepareTemplate(kind);
    return async () => {
      await removeTemplate();
      removeMade();
    };
  } catch (err) {
    // Vitest runs no teardown for a setup that failed: what it made goes now. (Vitest can fail while
    // printing such an error, so its message is printed here first.)
    removeMade();
    console.error(`Browser tests' setup failed: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
}

/** TEST_DB's kind when it names one; else PostgreSQL when its test server answers. */
async function databaseKind(): Promise<TestDbKind> {
  const requested = process.env.TEST_DB;
  if (requested === 'pglite' || requested === 'postgres') return requested;
  return (await postgresReachable()) ? 'postgres' : 'pglite';
}
