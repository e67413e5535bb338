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
 * Row-level security: each database is served twice at once, with row-level security on (as in
 * production) and off (DATABASE_RLS=off, a benchmark switch); each target runs on one right after
 * the other, in alternating slices (so the machine's drifting load favours neither), and its cost
 * is printed as the throughput lost with it on.
 *
 * `/api/health` is also sent with the session cookie, for reference: its session read is the one
 * database round trip every signed-in request makes before its own work, so its ratio is the most a
 * signed-in read can reach.
 *
 * Targets: the 10-project list at >= 50% of `/api/health` on PostgreSQL; the 300-project list's
 * p50 under 50 ms at 20 connections; row-level security costing under 15% of the throughput of the
 * database's routes on average. TEST_DATABASE_URL names the PostgreSQL server, as for the tests;
 * BENCH_SECONDS changes the seconds per target (default 6).
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
const RLS_COST_TARGET = 0.15;
/** Of the mixed workload: the share of progress changes, the rest split between the two reads. */
const WRITE_SHARE = 0.2;
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

type Kind = 'pglite' | 'postgres';
const LABEL: Record<Kind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

type Role = 'health' | 'signed-in-health' | 'small-list' | 'large-list' | 'other';

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

/** Starts the server child for `kind` (row-level security on or off) and waits for its seeded data. */
function startServer(kind: Kind, rls: boolean): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const script = new URL('./bench-load-server.ts', import.meta.url);
  const child = fork(script, [kind, rls ? 'rls-on' : 'rls-off'], { execArgv: ['--import', 'tsx'] });
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
    // The same health check sent with a session cookie: the session read alone on top of it, what
    // every signed-in request pays before its own work (the ceiling of a signed-in read's ratio).
    {
      ...health,
      name: 'GET /api/health, signed in',
      role: 'signed-in-health',
      headers: small,
      connections: 20,
    },
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

function cannonOptions(baseUrl: string, target: Target): autocannon.Options {
  return {
    url: `${baseUrl}${target.path ?? ''}`,
    connections: target.connections,
    headers: target.headers,
    ...(target.requests ? { requests: target.requests } : {}),
  };
}

async function run(baseUrl: string, target: Target, seconds = SECONDS, warmUp = true): Promise<Figures> {
  const options = cannonOptions(baseUrl, target);
  if (warmUp) await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: seconds });
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
    if (kind === 'postgres' && f.role === 'signed-in-health' && health) {
      lines.push(
        `  ${f.name} at c=${f.connections}: ${(100 * (f.rps / health.rps)).toFixed(0)}% of /api/health ` +
          '(no target: its session read alone, the most any signed-in read can reach)',
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

/** Slices each server's run is cut into, alternating between the two. */
const SLICES = 3;

/**
 * A target on two servers, in SLICES alternating slices each (on, off, off, on, on, off): a machine
 * getting busier or quieter during the run favours neither. Throughput is over all slices; the
 * latencies are the slices' medians.
 */
async function interleaved(
  urlA: string,
  targetA: Target,
  urlB: string,
  targetB: Target,
): Promise<[Figures, Figures]> {
  await autocannon({ ...cannonOptions(urlA, targetA), duration: WARM_UP_SECONDS });
  await autocannon({ ...cannonOptions(urlB, targetB), duration: WARM_UP_SECONDS });
  const slices: { a: Figures[]; b: Figures[] } = { a: [], b: [] };
  const seconds = Math.max(1, Math.round(SECONDS / SLICES));
  for (let i = 0; i < SLICES; i++) {
    const a = () => run(urlA, targetA, seconds, false);
    const b = () => run(urlB, targetB, seconds, false);
    if (i % 2 === 0) {
      slices.a.push(await a());
      slices.b.push(await b());
    } else {
      slices.b.push(await b());
      slices.a.push(await a());
    }
  }
  return [combined(slices.a), combined(slices.b)];
}

function combined(slices: Figures[]): Figures {
  const first = slices[0] as Figures;
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / (xs.length || 1);
  return {
    ...first,
    rps: mean(slices.map((f) => f.rps)),
    p50: median(slices.map((f) => f.p50)),
    p99: median(slices.map((f) => f.p99)),
    bytesPerResponse: mean(slices.map((f) => f.bytesPerResponse)),
    failed: slices.reduce((n, f) => n + f.failed, 0),
  };
}

/** Throughput lost with row-level security on, per target that reads or writes the database. */
function rlsCost(on: Figures[], off: Figures[]): { lines: string[]; ok: boolean } {
  const costs: number[] = [];
  const lines: string[] = [];
  for (const [i, f] of on.entries()) {
    const without = off[i];
    // The database's routes only: health (signed in or not) does no work of a company's.
    if (f.role === 'health' || f.role === 'signed-in-health' || !without || without.rps === 0) continue;
    const cost = 1 - f.rps / without.rps;
    costs.push(cost);
    lines.push(
      `  ${f.name.padEnd(46)} c=${String(f.connections).padEnd(3)} ${without.rps.toFixed(0).padStart(6)} -> ` +
        `${f.rps.toFixed(0).padStart(6)} req/s: ${(100 * cost).toFixed(1).padStart(5)}%`,
    );
  }
  const mean = costs.reduce((a, b) => a + b, 0) / (costs.length || 1);
  const ok = mean < RLS_COST_TARGET;
  lines.push(
    `  mean cost of row-level security: ${(100 * mean).toFixed(1)}% (target < ${100 * RLS_COST_TARGET}%): ${ok ? 'met' : 'MISSED'}`,
  );
  return { lines, ok };
}

function printTable(figures: Figures[], encodings: string[]) {
  // Printed once all ran: each ratio is to the better /api/health run at the same connections.
  for (const [i, f] of figures.entries()) {
    print(f, f.role === 'health' ? undefined : healthFor(figures, f.connections), encodings[i] ?? '');
  }
}

async function bench(kind: Kind): Promise<{ lines: string[]; ok: boolean; failed: number }> {
  const [on, off] = await Promise.all([startServer(kind, true), startServer(kind, false)]);
  try {
    console.log(
      `\n${LABEL[kind]} (seeded in ${(on.ready.seededMs / 1000).toFixed(1)} s; load average ${load()}); ` +
        `${SECONDS} s per target on each of the two servers, in ${SLICES} alternating slices, after ` +
        `${WARM_UP_SECONDS} s of warm-up`,
    );
    const figures: { on: Figures[]; off: Figures[] } = { on: [], off: [] };
    const encodings: string[] = [];
    const onTargets = targets(on.ready);
    const offTargets = targets(off.ready);
    for (const [i, target] of onTargets.entries()) {
      const offTarget = offTargets[i] ?? target;
      encodings.push((await probe(on.ready.baseUrl, target)) || 'mixed');
      await probe(off.ready.baseUrl, offTarget);
      const [withRls, without] = await interleaved(on.ready.baseUrl, target, off.ready.baseUrl, offTarget);
      figures.on.push(withRls);
      figures.off.push(without);
    }
    console.log('  Row-level security on (DATABASE_RLS=on, the default):');
    printTable(figures.on, encodings);
    console.log('  Row-level security off (DATABASE_RLS=off, benchmark switch):');
    printTable(figures.off, encodings);
    const cost = rlsCost(figures.on, figures.off);
    console.log('  What row-level security costs (off -> on):');
    for (const line of cost.lines) console.log(line);
    console.log(`  (load average after: ${load()})`);
    const failed = [...figures.on, ...figures.off].reduce((n, f) => n + f.failed, 0);
    const met = verdicts(kind, figures.on);
    return { lines: [...met.lines, ...cost.lines.slice(-1)], ok: met.ok && cost.ok, failed };
  } finally {
    await Promise.all([stopServer(on.child), stopServer(off.child)]);
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
