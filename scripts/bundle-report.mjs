/**
 * After `vite build`: how much each screen of the web app downloads on its first load (the app's
 * entry, the screen's own code, and everything they import, scripts and styles), gzipped, read from
 * the build's manifest, against the budgets: 150 KB for the landing page, 300 KB for any other screen.
 * With --enforce it fails when a screen is over its budget, so a heavy library pulled into a screen
 * is noticed where it happens. `npm run build` does not enforce yet: the landing page is still over.
 *
 *     node scripts/bundle-report.mjs [--enforce] [dist/web]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING_BUDGET_KB = 150;
const SCREEN_BUDGET_KB = 300;
const LANDING = 'features/landing/pages/landing-page.tsx';

const args = process.argv.slice(2);
const enforce = args.includes('--enforce');
const dist = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist/web');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipped.get(file);
}

/** The files a chunk needs before it runs: itself, its styles, and its static imports, recursively. */
function firstLoad(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) firstLoad(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`no entry in ${dist}/.vite/manifest.json`);
const entry = firstLoad(entryKey);
const kb = (bytes) => bytes / 1024;
const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);

const rows = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const files = firstLoad(key, new Set(entry));
    const budget = key === LANDING ? LANDING_BUDGET_KB : SCREEN_BUDGET_KB;
    return {
      screen: key.replace(/^(app|features)\//, ''),
      own: kb(sum(files) - sum(entry)),
      total: kb(sum(files)),
      budget,
    };
  })
  .sort((a, b) => b.total - a.total);

console.log(`\nFirst load per screen, gzipped (the app's entry alone: ${kb(sum(entry)).toFixed(1)} KB)`);
for (const row of rows) {
  const over = row.total > row.budget ? `  OVER the ${row.budget} KB budget` : '';
  console.log(
    `  ${row.screen.padEnd(48)} ${row.total.toFixed(1).padStart(6)} KB  (its own ${row.own.toFixed(1).padStart(5)} KB)${over}`,
  );
}
const over = rows.filter((row) => row.total > row.budget);
if (over.length > 0) {
  console.error(
    `\n${over.length} screen(s) over their first-load budget: split what they load or lighten it.`,
  );
  if (enforce) process.exit(1);
}
