import { ensureWebBuild } from './web-build';

/**
 * Builds the web app once, before any browser test file starts: the files run two at a time, and
 * two of them finding the bundle stale would otherwise build it into the same folder at once.
 */
export default async function setup(): Promise<void> {
  await ensureWebBuild();
}
