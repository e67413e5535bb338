import { preparePgliteTemplate } from '../../../src/server/testing/database.js';
import { buildServerOnce } from '../../../src/server/testing/server-process.js';
import { ensureWebBuild } from './web-build';

/**
 * Runs once before any browser test file starts: builds the web app (the files run two at a time,
 * and two of them finding the bundle stale would otherwise build it into the same folder at once),
 * migrates the embedded database every test server starts a copy of, and compiles the server for the
 * test servers' file readers.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await ensureWebBuild();
  const removeBuild = buildServerOnce();
  const removeTemplate = await preparePgliteTemplate();
  return async () => {
    await removeTemplate();
    removeBuild();
  };
}
