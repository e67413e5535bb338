/**
 * After `vite build`: how much each screen of the web app downloads on its first load (the app's
 * entry, the screen's own code, and everything they import), gzipped, read from the build's
 * manifest. The budgets are on JavaScript: 150 KB for the landing page, 300 KB for any other screen
 * (signed-in screens also load the signed-in frame); styles are shown beside them. With --enforce
 * (as `npm run build` runs it) a screen over its budget fails the build, so a heavy library pulled
 * into a screen is noticed where it happens.
 *
 *     node scripts/bundle-report.mjs [--enforce] [dist/web]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING = 'features/landing/pages/landing-page.tsx';
const FRAME = 'app/layouts/signed-in-frame.tsx';
const BUDGET_KB = { landing: 150, other: 300 };

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

const kb = (files, ext) =>
  [...files].filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipSize(file), 0) / 1024;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error(`no entry in ${dist}/.vite/manifest.json`);
const entry = firstLoad(entryKey);

/** Where the router finds a screen: each is a page or a route module, loaded on first use. */
const isScreen = (key) => /\/pages\/|^app\/routes\//.test(key);
/** Screens the router draws inside the signed-in frame (keep in step with src/web/app/router.tsx). */
const inFrame = (key) =>
  /^features\/(projects|contacts|schedule|insights|admin|estimate-review)\/pages\/|account-routes/.test(key);

const rows = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry && isScreen(key))
  .map((key) => {
    const files = firstLoad(key, new Set(entry));
    if (inFrame(key)) firstLoad(FRAME, files);
    return {
      screen: key.replace(/^(app|features)\//, ''),
      js: kb(files, '.js'),
      css: kb(files, '.css'),
      budget: key === LANDING ? BUDGET_KB.landing : BUDGET_KB.other,
    };
  })
  .sort((a, b) => b.js - a.js);

console.log(
  `\nFirst load per screen, gzipped: JavaScript (budget) and styles; the app's entry alone is ${kb(entry, '.js').toFixed(1)} KB of JavaScript`,
);
for (const row of rows) {
  const over = row.js > row.budget ? '  OVER' : '';
  console.log(
    `  ${row.screen.padEnd(44)} ${row.js.toFixed(1).padStart(6)} KB (${row.budget})  + ${row.css.toFixed(1).padStart(4)} KB css${over}`,
  );
}
const over = rows.filter((row) => row.js > row.budget);
if (over.length > 0) {
  console.error(
    `\n${over.length} screen(s) over their first-load budget: split what they load or lighten it.`,
  );
  if (enforce) process.exit(1);
}
