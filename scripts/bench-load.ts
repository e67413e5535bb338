/**
 * Load benchmark of the API over real HTTP (autocannon), on PGlite and (when it answers) on
 * PostgreSQL, in one run:
 *
 *     npm run bench:load        (node --import tsx scripts/bench-load.ts)
 *
 * The server runs in a child process (scripts/bench-load-server.ts) with a company of 10 projects
 * and one of 300 (one of them with 600 tasks). Each target is loaded for a few seconds after a
 * short warm-up, with a signed-in session cookie and `accept-encoding: br, gzip` like a browser,
 * and is printed with requests/s, p50/p99 latency and its throughput as a ratio to `/api/health`
 * at the same number of connections in the same run (health runs first and last; the ratio is to
 * the faster of the two, so that a moment of load elsewhere on the machine does not flatter it).
 *
 * Targets: the 10-project list at >= 50% of `/api/health` on PostgreSQL; the 300-project list's
 * p50 under 50 ms at 20 connections. TEST_DATABASE_URL names the PostgreSQL server, as for the
 * tests; BENCH_SECONDS changes the seconds per target (default 6).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { testDatabaseUrl } from '../src/server/testing/database.js';
import type { ServerReady } from './bench-load-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS) || 6;
const WARM_UP_SECONDS = 1;
const LIST_RATIO_TARGET = 0.5;
const P50_TARGET_MS = 50;
/** Of the mixed workload: the share of progress changes, the rest split between the two reads. */
const WRITE_SHARE = 0.2;
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

type Kind = 'pglite' | 'postgres';
const LABEL: Record<Kind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

type Role = 'health' | 'small-list' | 'large-list' | 'other';

interface Target {
  name: string;
  role: Role;
  connections: number;
  /** The path loaded, or the requests of a mixed workload. */
  path?: string;
  requests?: autocannon.Request[];
  headers: Record<string, string>;
}

interface Figures {
  name: string;
  role: Role;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  failed: number;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts the server child for `kind` and waits for its seeded data. */
function startServer(kind: Kind): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const script = new URL('./bench-load-server.ts', import.meta.url);
  const child = fork(script, [kind], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ready: message as ServerReady }));
    child.once('exit', (code) =>
      reject(new Error(`the ${LABEL[kind]} server exited (${code}) before it was ready`)),
    );
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send('close');
  });
}

/**
 * The mixed workload of the 10-project company: 20% progress changes of a random task, and the
 * rest split evenly between the project list and a random project's tasks.
 */
function mixedRequest(ready: ServerReady): autocannon.Request {
  const { projectIds, taskIds } = ready.small;
  const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
  return {
    setupRequest: (request) => {
      const roll = Math.random();
      if (roll < WRITE_SHARE) {
        return {
          ...request,
          method: 'PUT',
          path: `/api/tasks/${pick(taskIds)}`,
          headers: { ...request.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ progress: Math.floor(Math.random() * 101) }),
        };
      }
      const path =
        roll < WRITE_SHARE + (1 - WRITE_SHARE) / 2
          ? '/api/projects'
          : `/api/projects/${pick(projectIds)}/tasks`;
      return { ...request, method: 'GET', path, body: undefined };
    },
  };
}

function targets(ready: ServerReady): Target[] {
  const small = { ...BROWSER_HEADERS, cookie: ready.small.cookie };
  const large = { ...BROWSER_HEADERS, cookie: ready.large.cookie };
  const health = {
    name: 'GET /api/health',
    role: 'health',
    path: '/api/health',
    headers: BROWSER_HEADERS,
  } as const;
  const list10 = {
    name: `GET /api/projects (${ready.small.projectIds.length} projects)`,
    role: 'small-list',
    path: '/api/projects',
    headers: small,
  } as const;
  return [
    { ...health, connections: 20 },
    { ...health, connections: 50 },
    { ...list10, connections: 20 },
    { ...list10, connections: 50 },
    {
      name: `GET /api/projects (${ready.large.projects} projects)`,
      role: 'large-list',
      connections: 20,
      path: '/api/projects',
      headers: large,
    },
    {
      name: `GET /api/projects/{id}/tasks (${ready.large.bigProjectTasks} tasks)`,
      role: 'other',
      connections: 20,
      path: `/api/projects/${ready.large.bigProjectId}/tasks`,
      headers: large,
    },
    {
      name: 'mixed: 80% GET, 20% PUT /api/tasks/{id}',
      role: 'other',
      connections: 20,
      headers: small,
      requests: [mixedRequest(ready)],
    },
    // Again at the end: the machine's load drifts, and the ratios use the better of the two.
    { ...health, connections: 20 },
    { ...health, connections: 50 },
  ];
}

/** One request of a target's path, to check it answers and is compressed; '' for a mixed workload. */
async function probe(baseUrl: string, target: Target): Promise<string> {
  if (!target.path) return '';
  const res = await fetch(`${baseUrl}${target.path}`, { headers: target.headers });
  if (res.status !== 200) throw new Error(`${target.name} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  return res.headers.get('content-encoding') ?? 'identity';
}

async function run(baseUrl: string, target: Target): Promise<Figures> {
  const options: autocannon.Options = {
    url: `${baseUrl}${target.path ?? ''}`,
    connections: target.connections,
    headers: target.headers,
    ...(target.requests ? { requests: target.requests } : {}),
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  const total = result.requests.total || 1;
  return {
    name: target.name,
    role: target.role,
    connections: target.connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse: result.throughput.total / total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The reference of a target: the faster of the two `/api/health` runs at its connections. */
function healthFor(figures: Figures[], connections: number): Figures | undefined {
  const runs = figures.filter((h) => h.role === 'health' && h.connections === connections);
  return runs.sort((a, b) => b.rps - a.rps)[0];
}

function print(f: Figures, health: Figures | undefined, encoding: string) {
  const ratio = health ? `${((100 * f.rps) / health.rps).toFixed(0).padStart(4)}% of health` : '';
  const failed = f.failed ? `  ${f.failed} FAILED` : '';
  console.log(
    `  ${f.name.padEnd(46)} c=${String(f.connections).padEnd(3)} ${f.rps.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms  ` +
      `${(f.bytesPerResponse / 1024).toFixed(1).padStart(6)} KB/resp ${encoding.padEnd(8)} ${ratio}${failed}`,
  );
}

/** The targets' verdicts for one database, as lines. */
function verdicts(kind: Kind, figures: Figures[]): { lines: string[]; ok: boolean } {
  const lines: string[] = [];
  let ok = true;
  for (const f of figures) {
    const health = healthFor(figures, f.connections);
    if (kind === 'postgres' && f.role === 'small-list' && health) {
      const ratio = f.rps / health.rps;
      const met = ratio >= LIST_RATIO_TARGET;
      if (f.connections === 20) ok &&= met;
      lines.push(
        `  ${f.name} at c=${f.connections}: ${(100 * ratio).toFixed(0)}% of /api/health ` +
          `(target >= ${100 * LIST_RATIO_TARGET}%): ${met ? 'met' : 'MISSED'}`,
      );
    }
    if (f.role === 'large-list' && f.connections === 20) {
      const met = f.p50 < P50_TARGET_MS;
      ok &&= met;
      lines.push(
        `  ${f.name} p50 at c=20: ${f.p50} ms (target < ${P50_TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`,
      );
    }
  }
  return { lines, ok };
}

async function bench(kind: Kind): Promise<{ lines: string[]; ok: boolean; failed: number }> {
  const { child, ready } = await startServer(kind);
  try {
    console.log(
      `\n${LABEL[kind]} (seeded in ${(ready.seededMs / 1000).toFixed(1)} s; load average ${load()}); ` +
        `${SECONDS} s per target after ${WARM_UP_SECONDS} s of warm-up`,
    );
    const figures: Figures[] = [];
    const encodings: string[] = [];
    for (const target of targets(ready)) {
      encodings.push((await probe(ready.baseUrl, target)) || 'mixed');
      figures.push(await run(ready.baseUrl, target));
    }
    // Printed once all ran: each ratio is to the better /api/health run at the same connections.
    for (const [i, f] of figures.entries()) {
      print(f, f.role === 'health' ? undefined : healthFor(figures, f.connections), encodings[i] ?? '');
    }
    console.log(`  (load average after: ${load()})`);
    const failed = figures.reduce((n, f) => n + f.failed, 0);
    return { ...verdicts(kind, figures), failed };
  } finally {
    await stopServer(child);
  }
}

console.log(
  `Load average: ${load()} (1, 5, 15 min) on ${availableParallelism()} cores shared by the server, ` +
    'its database and autocannon; KB/resp is on the wire, headers included',
);
const summary: string[] = [];
let allMet = true;
let failed = 0;
for (const kind of ['pglite', 'postgres'] as const) {
  if (kind === 'postgres' && !(await postgresAnswers())) {
    console.log(`\nPostgreSQL is not reachable at ${testDatabaseUrl()}: skipped.`);
    continue;
  }
  const result = await bench(kind);
  summary.push(`${LABEL[kind]}:`, ...result.lines);
  allMet &&= result.ok;
  failed += result.failed;
}
console.log(`\nTargets\n${summary.join('\n')}`);
console.log(allMet ? '\nAll targets met.' : '\nSome targets are MISSED.');
if (failed) {
  console.log(
    `${failed} requests failed (non-2xx, errors or timeouts): the figures above are not trustworthy.`,
  );
  process.exitCode = 1;
}
