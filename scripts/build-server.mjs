#!/usr/bin/env node
// Compiles the server (and the domain and contracts code it imports) to JavaScript under dist/, one
// output file per source file, for `npm start`. esbuild only strips the types, which is safe here
// because the code is written for isolated modules (`isolatedModules`, `verbatimModuleSyntax`);
// the types are checked by `npm run typecheck`, which `npm test` runs first.
// `--outdir <dir>` writes elsewhere than dist/ (the tests build a copy of their own); the folder must
// sit directly in the repository, as dist/ does, for the server to find drizzle/ and node_modules/.
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outArg = process.argv.indexOf('--outdir');
const outdir = outArg > 0 ? process.argv[outArg + 1] : 'dist';
if (!outdir || resolve(root, outdir, '..') !== root) {
  console.error(`build:server: --outdir must name a folder directly in ${root}`);
  process.exit(2);
}
const SOURCE_DIRS = ['src/server', 'src/domain', 'src/contracts'];
/** Tests and the test harness are not part of the running server. */
const isShipped = (path) =>
  path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('/server/testing/');

function sourcesUnder(dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter(isShipped);
}

const started = performance.now();
for (const dir of SOURCE_DIRS)
  rmSync(join(root, dir.replace(/^src/, outdir)), { recursive: true, force: true });
const entryPoints = SOURCE_DIRS.flatMap(sourcesUnder);
await build({
  absWorkingDir: root,
  entryPoints,
  outbase: 'src',
  outdir,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(
  `build:server: ${entryPoints.length} files → ${outdir}/ in ${Math.round(performance.now() - started)} ms`,
);
