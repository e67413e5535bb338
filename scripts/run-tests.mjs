#!/usr/bin/env node
// `npm test`: the static checks (lint, types, layer rules), the web build and every Vitest project,
// after checking what the tests need: PostgreSQL for the api-postgres project and Chromium for the
// browser tests. Missing PostgreSQL fails in CI (CI=true) and is skipped with a loud notice
// elsewhere; missing Chromium (its headless shell) is installed when we are root.
//
// Four lines of work run side by side, since none of them keeps both cores busy on its own: the
// checks (output marked [check]); the web build, then the browser tests (marked [browser]); the API
// tests on PostgreSQL (marked [postgres]: much of their time is spent waiting on the database
// server, which the other lines' work fills); and the unit and the other API tests. The run fails
// when any of them fails. A fifth, the fault drills (tests/faults, marked [faults]), runs beside them
// when PostgreSQL's binaries are installed and we are root: each drill starts a PostgreSQL of its own
// to stop and start, and the drills spend most of their time waiting out leases. With arguments
// (`npm test -- <filter>`) the checks and the build come first, then one Vitest process with the
// arguments (the drills are `npm run test:faults`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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

// The browser tests run Chromium's headless shell when it is installed (it draws the same pages with
// a fifth less CPU than the full browser), else the full browser; CHROMIUM_PATH overrides both
// (tests/e2e/support/browser.ts makes the same choice).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) && process.getuid?.() === 0) {
  console.log(
    "Chromium's headless shell is missing: installing the Debian package (apt-get install -y chromium-headless-shell)…",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status === 0)
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env });
}
const chromium =
  process.env.CHROMIUM_PATH || [HEADLESS_SHELL, FULL_CHROMIUM].find((path) => existsSync(path));
if (chromium && existsSync(chromium)) {
  process.env.CHROMIUM_PATH = chromium;
  projects.push('e2e');
} else
  problems.push(
    `Chromium is not installed (${chromium ?? `${HEADLESS_SHELL} or ${FULL_CHROMIUM}`}): the browser tests cannot run. Install it with "sudo apt-get install -y chromium-headless-shell" (Debian/Ubuntu) or set CHROMIUM_PATH.`,
  );

for (const p of problems) console.error(`\n*** ${p}\n`);
if (problems.length && isCI) {
  console.error('Failing because CI=true and part of the suite cannot run.');
  process.exit(1);
}

// The fault drills run PostgreSQL's own binaries as the postgres user (tests/faults/support).
const PG_BIN_ROOT = '/usr/lib/postgresql';
const hasPostgresBinaries =
  existsSync(PG_BIN_ROOT) &&
  readdirSync(PG_BIN_ROOT).some((version) => existsSync(`${PG_BIN_ROOT}/${version}/bin/initdb`));
const faultDrills = hasPostgresBinaries && process.getuid?.() === 0;
if (!faultDrills)
  console.error(
    `\n*** The fault drills cannot run here (${hasPostgresBinaries ? 'not root' : `no PostgreSQL binaries under ${PG_BIN_ROOT}/*/bin`}): skipped. Install the postgresql package and run as root to run them.\n`,
  );

const extraArgs = process.argv.slice(2);
const browserTests = projects.includes('e2e');
const postgresTests = projects.includes('api-postgres');
const others = projects.filter((p) => p !== 'e2e' && p !== 'api-postgres');
const vitestArgs = (names) => ['vitest', 'run', ...names.flatMap((p) => ['--project', p]), ...extraArgs];

/**
 * Runs a command; with a label, its output lines are prefixed so that runs side by side stay
 * readable. Resolves with its exit status.
 */
function run(command, args, label) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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

const runVitest = (names, label) => run('npx', vitestArgs(names), label);

/** Runs npm scripts one after the other, stopping at the first that fails. */
async function runScripts(names, label) {
  for (const name of names) {
    const status = await run('npm', ['run', '-s', name], label);
    if (status !== 0) {
      console.error(`\n*** npm run ${name} failed${label ? ` (lines marked ${label} above)` : ''}.`);
      return status;
    }
  }
  return 0;
}

const CHECKS = ['lint', 'typecheck', 'layers'];

let status;
if (extraArgs.length === 0) {
  const browser = browserTests
    ? runScripts(['build'], '[browser]').then((built) =>
        built === 0 ? runVitest(['e2e'], '[browser]') : built,
      )
    : runScripts(['build'], '[build]');
  const postgres = postgresTests ? runVitest(['api-postgres'], '[postgres]') : Promise.resolve(0);
  const drills = faultDrills ? runVitest(['faults'], '[faults]') : Promise.resolve(0);
  // The dependency audit is printed, never counted: it needs the registry, a test run must not.
  const audit = run('node', ['scripts/audit-report.mjs'], '[audit]');
  const [checks, main, web, onPostgres, faults] = await Promise.all([
    runScripts(CHECKS, '[check]'),
    runVitest(others),
    browser,
    postgres,
    drills,
  ]);
  await audit;
  if (faults !== 0) console.error('\n*** The fault drills failed (lines marked [faults] above).');
  if (web !== 0)
    console.error('\n*** The web build or the browser tests failed (lines marked [browser] above).');
  if (onPostgres !== 0)
    console.error('\n*** The API tests on PostgreSQL failed (lines marked [postgres] above).');
  if (checks !== 0) console.error('\n*** The static checks failed (lines marked [check] above).');
  status = checks || main || web || onPostgres || faults;
} else {
  status = (await runScripts([...CHECKS, 'build'])) || (await runVitest(projects));
}
if (problems.length)
  console.error(`\n*** Skipped: ${problems.length} part(s) of the suite could not run (see above).`);
process.exit(status);
