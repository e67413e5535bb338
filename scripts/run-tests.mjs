#!/usr/bin/env node
// Runs every Vitest project after checking what they need: PostgreSQL for the api-postgres
// project and Chromium for the browser tests. The browser tests run in a second Vitest process
// beside the others (their output marked [browser]). Missing PostgreSQL fails in CI (CI=true) and is
// skipped with a loud notice elsewhere; missing Chromium is installed when we are root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const projects = ['unit', 'api-pglite'];
const problems = [];

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 4000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const pgResult = await postgresAnswers(pgUrl);
if (pgResult === true) projects.push('api-postgres');
else
  problems.push(
    `PostgreSQL is not reachable at ${pgUrl} (${pgResult}): the API tests on PostgreSQL cannot run. Start PostgreSQL or set TEST_DATABASE_URL.`,
  );

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0) {
  console.log('Chromium is missing: installing the Debian package (apt-get install -y chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status === 0)
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
if (existsSync(chromium)) projects.push('e2e');
else
  problems.push(
    `Chromium is not installed at ${chromium}: the browser tests cannot run. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu) or set CHROMIUM_PATH.`,
  );

for (const p of problems) console.error(`\n*** ${p}\n`);
if (problems.length && isCI) {
  console.error('Failing because CI=true and part of the suite cannot run.');
  process.exit(1);
}

const extraArgs = process.argv.slice(2);
const browserTests = projects.includes('e2e');
const others = projects.filter((p) => p !== 'e2e');
const vitestArgs = (names) => ['vitest', 'run', ...names.flatMap((p) => ['--project', p]), ...extraArgs];

/**
 * Runs one Vitest process; with a label, its output lines are prefixed so that two runs side by
 * side stay readable.
 */
function runVitest(names, label) {
  return new Promise((resolveRun) => {
    const child = spawn('npx', vitestArgs(names), { stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from }).on('line', (line) => to.write(`${label} ${line}\n`));
      }
    }
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

let status;
if (browserTests && extraArgs.length === 0) {
  // The browser tests run one file at a time and spend most of it waiting on Chromium and the
  // server, about one core's worth: they run beside the other projects instead of after them.
  const [main, browser] = await Promise.all([runVitest(others), runVitest(['e2e'], '[browser]')]);
  if (browser !== 0) console.error('\n*** The browser tests failed (lines marked [browser] above).');
  status = main || browser;
} else {
  status = await runVitest(projects);
}
if (problems.length)
  console.error(`\n*** Skipped: ${problems.length} part(s) of the suite could not run (see above).`);
process.exit(status);
