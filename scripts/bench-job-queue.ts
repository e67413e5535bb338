/**
 * Our job queue (claims with a lease on PostgreSQL and PGlite) against pg-boss and graphile-worker:
 * fault drills, throughput, code size and install size, on both databases. Prints every figure.
 *
 *   npm run bench:job-queue
 *
 * PostgreSQL: the database `job_queue_bench` on the server of `--url` (default the shared test server's
 * `postgres://postgres@127.0.0.1:5432/test`; the database is created when missing),
 * one schema per queue named after this process, dropped at the end. PGlite: data directories under
 * the temporary folder, removed at the end. Worker processes of the drills are children of this one,
 * killed with SIGKILL; a lost connection is made by ending the worker's sessions on the server.
 *
 * `--jobs N` sets the jobs of each throughput run (2,000 on PostgreSQL, half on PGlite).
 * `--pglite-socket FILE` may name the entry file of an @electric-sql/pglite-socket installed elsewhere
 * (it cannot be installed beside our PGlite: its peer dependency pins another PGlite release), to
 * try graphile-worker on PGlite through it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type Counts,
  openQueue,
  QUEUE_KINDS,
  type Queue,
  type QueueKind,
  type Target,
} from './job-queue-bench/queues.js';
import type { WorkerConfig } from './job-queue-bench/worker.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    jobs: { type: 'string' },
    'pglite-socket': { type: 'string' },
    only: { type: 'string' },
    'drills-only': { type: 'boolean' },
  },
});
const serverUrl = args.url ?? 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = 'job_queue_bench';
const benchUrl = serverUrl.replace(/\/[^/?]*(\?|$)/, `/${BENCH_DB}$1`);
const JOBS = Number(args.jobs ?? 2000);
/** The lease of the drills: ours and pg-boss take a silent job back after it. */
const LEASE_SECONDS = 3;
const tag = `bench_jobs_${process.pid}`;
const slug: Record<QueueKind, string> = { ours: 'ours', 'pg-boss': 'pgboss', 'graphile-worker': 'graphile' };
type Db = 'postgresql' | 'pglite';
const DBS: readonly Db[] = ['postgresql', 'pglite'];
/** `--only pg-boss` runs one queue's drills and runs; `--drills-only` leaves out the throughput. */
const kinds = QUEUE_KINDS.filter((k) => !args.only || k === args.only);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
const pgliteRoot = mkdtempSync(join(tmpdir(), 'job-queue-bench-'));

function target(kind: QueueKind, db: Db, who: string): Target {
  if (db === 'pglite') return { kind: 'pglite', dir: join(pgliteRoot, slug[kind]) };
  return {
    kind: 'postgresql',
    url: benchUrl,
    schema: `${tag}_${slug[kind]}`,
    appName: `${tag}_${slug[kind]}_${who}`,
  };
}

const open = (kind: QueueKind, db: Db, who: string, max = 6, batchSize = 1, lease = LEASE_SECONDS) =>
  openQueue(kind, target(kind, db, who), max, { leaseSeconds: lease, batchSize, onError: () => undefined });

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}

/** A drill's worker process: its lines as they come, and a way to wait for one. */
function spawnWorker(config: WorkerConfig) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/job-queue-bench/worker.ts'), JSON.stringify(config)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: { at: number; text: string }[] = [];
  let stderr = '';
  if (child.stdout)
    createInterface({ input: child.stdout }).on('line', (text) => lines.push({ at: Date.now(), text }));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    child,
    lines,
    exited,
    stderr: () => stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    waitFor: (prefix: string, timeoutMs: number) =>
      waitUntil(() => lines.some((l) => l.text.startsWith(prefix)), timeoutMs, 20),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

async function mailsOf(q: Queue, prefix: string) {
  return q.sql.query<{ key: string; n: number }>(
    `select key, count(*)::int as n from ${q.ns}.mails where key like $1 group by key`,
    [`${prefix}%`],
  );
}

interface Drill {
  kind: QueueKind;
  db: Db;
  drill: string;
  pass: boolean | null;
  detail: string;
}
const drills: Drill[] = [];
function record(d: Drill) {
  drills.push(d);
  const verdict = d.pass === null ? 'n/a ' : d.pass ? 'PASS' : 'FAIL';
  console.log(`  ${verdict} ${d.kind} on ${d.db}, ${d.drill}: ${d.detail}`);
}
const countsText = (c: Counts) =>
  `${c.done} done, ${c.failed} failed, ${c.open} open${c.reasons.length ? ` (reasons: ${c.reasons.join('; ')})` : ''}`;

/**
 * A worker is SIGKILLed while it holds a job: during its hold, before the mail ("mid-job"), or
 * right after the mail, before the job is recorded done ("after its mail"). The job must be taken
 * again after the lease and, mid-job, mailed once; after the mail, a second mail shows the window
 * every queue leaves when the side effect is outside the job's own transaction. On PGlite the killed
 * process owned the database, so the survivor is the next process to open the same data directory.
 */
async function drillKilledWorker(kind: QueueKind, db: Db, when: 'mid-job' | 'after its mail') {
  const drill = `killed ${when}`;
  const queue = when === 'mid-job' ? 'd1' : 'd4';
  const key = `${queue}-job`;
  let q = await open(kind, db, 'main');
  await q.enqueue(queue, [key]);
  if (db === 'pglite') await q.close();
  const a = spawnWorker({
    kind,
    target: target(kind, db, 'a'),
    queue,
    holdMs: when === 'mid-job' ? 3000 : 0,
    holdAfterMs: when === 'mid-job' ? 0 : 3000,
    concurrency: 1,
    leaseSeconds: LEASE_SECONDS,
  });
  if (!(await a.waitFor(when === 'mid-job' ? 'started' : 'mailed', 60_000))) {
    await a.kill();
    if (db === 'postgresql') await q.close();
    return record({
      kind,
      db,
      drill,
      pass: false,
      detail: `worker never started the job: ${a.stderr().slice(0, 300)}`,
    });
  }
  await a.kill();
  const killedAt = Date.now();
  if (db === 'pglite') {
    try {
      q = await open(kind, db, 'main');
    } catch (err) {
      return record({
        kind,
        db,
        drill,
        pass: false,
        detail: `the data directory did not reopen: ${firstLine(err)}`,
      });
    }
  }
  let takenAt = 0;
  const runner = await q.work(queue, 1, async (k) => {
    takenAt ||= Date.now();
    await q.sql.query(`insert into ${q.ns}.mails (key, worker) values ($1, $2)`, [k, process.pid]);
  });
  const waitMs = (LEASE_SECONDS * 4 + 20) * 1000;
  await waitUntil(async () => {
    const c = await q.counts(queue, 1);
    return c.done + c.failed === 1;
  }, waitMs);
  await runner.stop();
  const c = await q.counts(queue, 1);
  const mails = (await mailsOf(q, key))[0]?.n ?? 0;
  await q.close();
  const taken = takenAt
    ? `taken again ${seconds(takenAt - killedAt)} s after the kill`
    : `not taken again within ${seconds(waitMs)} s`;
  record({
    kind,
    db,
    drill,
    pass: c.done === 1 && mails === 1,
    detail: `${taken}; mailed ${mails}×; ${countsText(c)}`,
  });
}

/** Two worker processes share the jobs; one is SIGKILLed mid-job, the other must finish everything once. */
async function drillTwoWorkers(kind: QueueKind) {
  const queue = 'd2';
  const n = 12;
  const keys = Array.from({ length: n }, (_, i) => `d2-${i}`);
  const q = await open(kind, 'postgresql', 'main');
  await q.enqueue(queue, keys);
  const spec = { kind, queue, holdMs: 500, concurrency: 1, leaseSeconds: LEASE_SECONDS };
  const a = spawnWorker({ ...spec, target: target(kind, 'postgresql', 'a') });
  const b = spawnWorker({ ...spec, target: target(kind, 'postgresql', 'b') });
  await a.waitFor('started', 60_000);
  await a.kill();
  const killedAt = Date.now();
  const held = a.lines.filter((l) => l.text.startsWith('started')).map((l) => l.text.slice(8));
  const heldKey = held.find((k) => !a.lines.some((l) => l.text === `mailed ${k}`)) ?? '';
  const waitMs = (LEASE_SECONDS * 4 + 30) * 1000;
  await waitUntil(async () => {
    const c = await q.counts(queue, n);
    return c.done + c.failed === n;
  }, waitMs);
  const c = await q.counts(queue, n);
  const mails = await mailsOf(q, 'd2-');
  const twice = mails.filter((m) => m.n > 1).length;
  const lost = n - mails.length;
  const takeover = b.lines.find((l) => l.text === `mailed ${heldKey}`);
  await b.stop();
  await q.close();
  const taken = takeover
    ? `B mailed the killed worker's job ${seconds(takeover.at - killedAt)} s after the kill`
    : `the killed worker's job was not finished within ${seconds(waitMs)} s`;
  record({
    kind,
    db: 'postgresql',
    drill: 'two workers, one killed',
    pass: c.done === n && twice === 0 && lost === 0,
    detail: `${taken}; ${n - lost}/${n} mailed, ${twice} twice; ${countsText(c)}`,
  });
}

/** The worker's database sessions are ended mid-run (the server stays up); it must recover and finish once. */
async function drillConnectionLost(kind: QueueKind) {
  const queue = 'd3';
  const n = 30;
  const keys = Array.from({ length: n }, (_, i) => `d3-${i}`);
  const q = await open(kind, 'postgresql', 'main');
  await q.enqueue(queue, keys);
  const t = target(kind, 'postgresql', 'c') as Extract<Target, { kind: 'postgresql' }>;
  const w = spawnWorker({ kind, target: t, queue, holdMs: 100, concurrency: 1, leaseSeconds: LEASE_SECONDS });
  await waitUntil(() => w.lines.filter((l) => l.text.startsWith('mailed')).length >= 5, 60_000, 20);
  const admin = new pg.Client({ connectionString: benchUrl });
  await admin.connect();
  const cut = await admin.query<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1`,
    [t.appName],
  );
  const cutAt = Date.now();
  // A second cut a moment later catches a session opened while the first one was reported.
  await sleep(300);
  await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [
    t.appName,
  ]);
  await admin.end();
  const waitMs = (LEASE_SECONDS * 4 + 30) * 1000;
  const finished = await waitUntil(async () => {
    const c = await q.counts(queue, n);
    return c.done + c.failed === n;
  }, waitMs);
  const c = await q.counts(queue, n);
  const mails = await mailsOf(q, 'd3-');
  const twice = mails.filter((m) => m.n > 1).length;
  const alive = w.alive();
  const errors = w.lines.filter((l) => l.text.startsWith('error')).length;
  await w.stop();
  await q.close();
  const state = alive
    ? 'worker kept running'
    : `worker process exited (${
        w
          .stderr()
          .split('\n')
          .find((l) => /^\s*(\w*Error|error)\b.*:/.test(l) || /^\w*Error:/.test(l.trim()))
          ?.trim() ?? 'no message'
      })`;
  record({
    kind,
    db: 'postgresql',
    drill: 'connection lost mid-run',
    pass: finished && c.done === n && twice === 0 && alive,
    detail: `${cut.rows[0]?.n ?? 0} sessions ended; ${state}, ${errors} errors reported; ${finished ? `all finished ${seconds(Date.now() - cutAt)} s after the cut` : `not finished within ${seconds(waitMs)} s`}; ${mails.length}/${n} mailed, ${twice} twice; ${countsText(c)}`,
  });
}

interface Throughput {
  kind: QueueKind;
  db: Db;
  job: 'noop' | 'write';
  workers: number;
  jobs: number;
  enqueuePerS: number;
  perS: number | null;
  note: string;
}
const throughput: Throughput[] = [];

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Jobs claimed and completed per second, from the workers' start until every job is recorded done
 * (checked every 50 ms). A warm-up run first; then ROUNDS rounds of every setting, interleaved so a
 * busy moment of the machine does not land on one setting only; the median is kept.
 */
async function measureThroughput(kind: QueueKind, db: Db) {
  const jobs = db === 'pglite' ? Math.max(100, Math.round(JOBS / 2)) : JOBS;
  const q = await open(kind, db, 'tp', 8, 10, 60);
  const once = async (queue: string, job: 'noop' | 'write', workers: number, n: number) => {
    const keys = Array.from({ length: n }, (_, i) => `${queue}-${i}`);
    const e0 = performance.now();
    await q.enqueue(queue, keys);
    const enqueuePerS = n / ((performance.now() - e0) / 1000);
    const handler =
      job === 'noop'
        ? async () => undefined
        : async (key: string) => {
            await q.sql.query(`insert into ${q.ns}.writes (key) values ($1)`, [key]);
          };
    const t0 = performance.now();
    const runner = await q.work(queue, workers, handler);
    const done = await waitUntil(async () => (await q.counts(queue, n)).done === n, 180_000, 50);
    const elapsed = (performance.now() - t0) / 1000;
    await runner.stop();
    return { perS: done ? n / elapsed : null, enqueuePerS };
  };
  try {
    await once('tp_warm_noop', 'noop', 1, 200);
    await once('tp_warm_write', 'write', 4, 200);
    const settings = (['noop', 'write'] as const).flatMap((job) =>
      [1, 4].map((workers) => ({ job, workers })),
    );
    const runs = new Map<string, { perS: number | null; enqueuePerS: number }[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const { job, workers } of settings) {
        const name = `${job}_${workers}`;
        runs.set(name, [...(runs.get(name) ?? []), await once(`tp_${name}_${round}`, job, workers, jobs)]);
      }
    }
    for (const { job, workers } of settings) {
      const all = runs.get(`${job}_${workers}`) ?? [];
      const rates = all.map((r) => r.perS).filter((r): r is number => r !== null);
      const row: Throughput = {
        kind,
        db,
        job,
        workers,
        jobs,
        enqueuePerS: median(all.map((r) => r.enqueuePerS)),
        perS: rates.length === all.length ? median(rates) : null,
        note: rates.length === all.length ? '' : 'not all done in 180 s',
      };
      throughput.push(row);
      const range = rates.length ? `${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)}` : '';
      console.log(
        `  ${kind} on ${db}, ${job}, ${workers} worker(s): ${row.perS === null ? row.note : `${row.perS.toFixed(0)} jobs/s (${range} over ${ROUNDS} runs)`}; ${jobs} jobs a run, enqueued at ${row.enqueuePerS.toFixed(0)}/s`,
      );
    }
  } finally {
    await q.close();
  }
}

/** graphile-worker on PGlite through a socket server, when one is installed somewhere (see the top). */
async function tryGraphileOnPglite(): Promise<string> {
  const entry = args['pglite-socket'];
  if (!entry) {
    return 'not run: @electric-sql/pglite-socket does not install beside our PGlite (npm ERESOLVE: its peer dependency pins @electric-sql/pglite to one other release); pass --pglite-socket with a separate install to try it';
  }
  const { PGLiteSocketServer } = (await import(pathToFileURL(entry).href)) as {
    PGLiteSocketServer: new (o: object) => { start(): Promise<void>; stop(): Promise<void> };
  };
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite();
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 10 });
  await server.start();
  const conn = (server as unknown as { getServerConn(): string }).getServerConn();
  const url = `postgres://postgres@${conn}/postgres`;
  const t: Target = { kind: 'postgresql', url, schema: 'public', appName: 'bench' };
  let q: Queue | undefined;
  try {
    q = await openQueue('graphile-worker', t, 6, { leaseSeconds: LEASE_SECONDS, batchSize: 1 });
    const n = 20;
    await q.enqueue(
      'sock',
      Array.from({ length: n }, (_, i) => `s-${i}`),
    );
    let ran = 0;
    const runner = await q.work('sock', 2, async () => {
      ran += 1;
    });
    await waitUntil(() => ran === n, 15_000);
    await runner.stop();
    return `through pglite-socket (10 connections): ${ran} of ${n} no-op jobs ran in 15 s`;
  } catch (err) {
    return `through pglite-socket: failed: ${firstLine(err)}`;
  } finally {
    await q?.close().catch(() => undefined);
    await server.stop();
    await db.close();
  }
}

/** Lines of a file, and those that are code (not blank, not only a comment). */
function lineCount(text: string) {
  const lines = text.split('\n');
  const code = lines.filter((l) => {
    const s = l.trim();
    return (
      s !== '' && !s.startsWith('//') && !s.startsWith('*') && !s.startsWith('/**') && !s.startsWith('*/')
    );
  });
  return { lines: lines.length, code: code.length };
}

/** The text of the members of an object literal (two-space indented, `name(` or `async name(`), with their doc comments. */
function members(file: string, names: readonly string[]): string {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const out: string[] = [];
  for (const name of names) {
    const start = lines.findIndex((l) => new RegExp(`^ {2}(async )?${name}\\(|^const ${name} =`).test(l));
    if (start < 0) throw new Error(`${name} not found in ${file}`);
    let doc = start;
    while (doc > 0 && /^\s*(\/\*\*|\*)/.test(lines[doc - 1] ?? '')) doc -= 1;
    const end = lines.findIndex((l, i) => i > start && /^ {2}(},?|\);)$/.test(l));
    out.push(...lines.slice(doc, end + 1));
  }
  return out.join('\n');
}

function functionText(file: string, name: string): string {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(`export async function ${name}(`));
  const end = lines.findIndex((l, i) => i > start && l === '}');
  return lines.slice(start, end + 1).join('\n');
}

function codeSize() {
  const whole = [
    'src/server/modules/ai/plan-lease.ts',
    'src/server/jobs/reminder-job.ts',
    'src/server/db/periodic-runs.ts',
  ];
  const parts: [string, string][] = whole.map((f) => [f, readFileSync(join(root, f), 'utf8')]);
  parts.push([
    'reminders.repo.ts: dueAt, claimDue, markSent',
    members('src/server/modules/updates/reminders.repo.ts', ['dueAt', 'claimDue', 'markSent']),
  ]);
  parts.push([
    'ai.repo.ts: claim, reclaim, heartbeat, failSilent',
    members('src/server/modules/ai/ai.repo.ts', ['claim', 'reclaim', 'heartbeat', 'failSilent']),
  ]);
  console.log(
    '  our queue code (the claims, leases, heartbeats and periodic runs; the jobs themselves excluded):',
  );
  let total = { lines: 0, code: 0 };
  for (const [name, text] of parts) {
    const c = lineCount(text);
    total = { lines: total.lines + c.lines, code: total.code + c.code };
    console.log(`    ${name}: ${c.lines} lines, ${c.code} code`);
  }
  console.log(`    total: ${total.lines} lines, ${total.code} code`);
  console.log(
    '  glue each queue needs in this bench (scripts/job-queue-bench/queues.ts, setup + enqueue + work + counts):',
  );
  const glue: Record<QueueKind, { lines: number; code: number }> = {
    ours: lineCount(functionText('scripts/job-queue-bench/queues.ts', 'openOurs')),
    'pg-boss': lineCount(functionText('scripts/job-queue-bench/queues.ts', 'openPgBoss')),
    'graphile-worker': lineCount(functionText('scripts/job-queue-bench/queues.ts', 'openGraphile')),
  };
  for (const kind of QUEUE_KINDS)
    console.log(`    ${kind}: ${glue[kind].lines} lines, ${glue[kind].code} code`);
  return { ours: total, glue };
}

function dirSize(dir: string): number {
  let size = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) size += dirSize(path);
    else if (entry.isFile()) size += statSync(path).size;
  }
  return size;
}

/** The installed package folders the named packages resolve, with every dependency they bring. */
function closure(names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (pkg: string, from: string) => {
    // Node's lookup: the nearest node_modules folder up from the package that asks.
    let found = '';
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', pkg);
      try {
        statSync(join(candidate, 'package.json'));
        found = candidate;
        break;
      } catch {
        if (dir === root || dir === dirname(dir)) break;
      }
    }
    if (!found || seen.has(found)) return;
    seen.add(found);
    const manifest = JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, found);
  };
  for (const name of names) visit(name, root);
  return seen;
}

/** A library's install: all it brings, and what of that the app's own dependencies do not have already. */
function installed(name: string) {
  const all = closure([name]);
  const appDeps = Object.keys(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies,
  );
  const app = closure(appDeps.filter((d) => d !== name));
  const added = [...all].filter((dir) => !app.has(dir));
  const mb = (dirs: Iterable<string>) => [...dirs].reduce((sum, dir) => sum + dirSize(dir), 0) / 1e6;
  const version = (
    JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const short = (dir: string) => dir.split('node_modules/').pop() ?? dir;
  return {
    version,
    dependencies: all.size - 1,
    mb: mb(all),
    newDependencies: added.length - 1,
    newMb: mb(added),
    names: added.map(short).filter((n) => n !== name),
  };
}

async function prepareServer() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${BENCH_DB}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await admin.end();
  }
}

async function dropSchemas() {
  const c = new pg.Client({ connectionString: benchUrl });
  await c.connect();
  const { rows } = await c.query<{ nspname: string }>(
    `select nspname from pg_namespace where nspname like $1`,
    [`${tag}%`],
  );
  for (const r of rows) await c.query(`drop schema "${r.nspname}" cascade`);
  await c.end();
}

async function main() {
  const cpu = cpus();
  console.log(
    `Job queue bench, ${new Date().toISOString()}, ${cpu.length} cores (${cpu[0]?.model ?? '?'}), Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  await prepareServer();
  const sizes = Object.fromEntries(['pg-boss', 'graphile-worker'].map((n) => [n, installed(n)]));
  const pglite = (
    JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  console.log(
    `pg-boss ${sizes['pg-boss']?.version}, graphile-worker ${sizes['graphile-worker']?.version}, PGlite ${pglite}, PostgreSQL database ${BENCH_DB}, lease ${LEASE_SECONDS} s`,
  );
  try {
    console.log('\nFault drills');
    for (const kind of kinds) {
      for (const db of DBS) {
        if (kind === 'graphile-worker' && db === 'pglite') {
          record({
            kind,
            db,
            drill: 'all',
            pass: false,
            detail: `no in-process connection (it takes a pg.Pool or address); ${await tryGraphileOnPglite()}`,
          });
          continue;
        }
        await drillKilledWorker(kind, db, 'mid-job').catch((err) =>
          record({
            kind,
            db,
            drill: 'killed mid-job',
            pass: false,
            detail: `drill failed: ${firstLine(err)}`,
          }),
        );
        await drillKilledWorker(kind, db, 'after its mail').catch((err) =>
          record({
            kind,
            db,
            drill: 'killed after its mail',
            pass: false,
            detail: `drill failed: ${firstLine(err)}`,
          }),
        );
        if (db === 'postgresql') {
          await drillTwoWorkers(kind).catch((err) =>
            record({
              kind,
              db,
              drill: 'two workers, one killed',
              pass: false,
              detail: `drill failed: ${firstLine(err)}`,
            }),
          );
          await drillConnectionLost(kind).catch((err) =>
            record({
              kind,
              db,
              drill: 'connection lost mid-run',
              pass: false,
              detail: `drill failed: ${firstLine(err)}`,
            }),
          );
        } else {
          record({
            kind,
            db,
            drill: 'two workers, one killed',
            pass: null,
            detail: 'one process owns an embedded database: a second worker process cannot open it',
          });
          record({
            kind,
            db,
            drill: 'connection lost mid-run',
            pass: null,
            detail: 'the embedded database runs in the worker process: there is no connection to lose',
          });
        }
      }
    }

    console.log('\nThroughput (jobs claimed and completed per second; batches of 10 for ours and pg-boss)');
    for (const kind of args['drills-only'] ? [] : kinds) {
      for (const db of DBS) {
        if (kind === 'graphile-worker' && db === 'pglite') continue;
        await measureThroughput(kind, db).catch((err) =>
          console.log(`  ${kind} on ${db}: failed: ${firstLine(err)}`),
        );
      }
    }

    console.log('\nCode and install size');
    const code = codeSize();
    for (const [name, s] of Object.entries(sizes)) {
      console.log(
        `  ${name} ${s.version}: ${s.mb.toFixed(1)} MB installed with its ${s.dependencies} dependencies; new to the app: ${s.newMb.toFixed(1)} MB, ${s.newDependencies} dependencies (${s.names.join(', ')})`,
      );
    }

    console.log(`\nLoad average at the end: ${loadavg()[0]?.toFixed(1)}`);
    console.log('\nSummary (markdown)');
    console.log('| | ours | pg-boss | graphile-worker |');
    console.log('|---|---|---|---|');
    const cell = (kind: QueueKind, db: Db, drill: string) => {
      const d = drills.find(
        (x) => x.kind === kind && x.db === db && (x.drill === drill || x.drill === 'all'),
      );
      if (!d) return '-';
      if (d.drill === 'all') return 'does not run';
      return d.pass === null ? 'n/a' : d.pass ? 'pass' : 'FAIL';
    };
    for (const db of DBS) {
      for (const drill of [
        'killed mid-job',
        'killed after its mail',
        'two workers, one killed',
        'connection lost mid-run',
      ]) {
        console.log(`| ${drill} (${db}) | ${QUEUE_KINDS.map((k) => cell(k, db, drill)).join(' | ')} |`);
      }
    }
    for (const db of DBS) {
      for (const job of ['noop', 'write'] as const) {
        for (const workers of [1, 4]) {
          const cells = QUEUE_KINDS.map((kind) => {
            const t = throughput.find(
              (x) => x.kind === kind && x.db === db && x.job === job && x.workers === workers,
            );
            return t?.perS ? `${t.perS.toFixed(0)}` : '-';
          });
          console.log(
            `| jobs/s, ${job}, ${workers} worker${workers > 1 ? 's' : ''} (${db}) | ${cells.join(' | ')} |`,
          );
        }
      }
    }
    console.log(
      `| queue code / glue, lines (code) | ${code.ours.lines} (${code.ours.code}) / ${code.glue.ours.lines} | ${code.glue['pg-boss'].lines} (${code.glue['pg-boss'].code}) | ${code.glue['graphile-worker'].lines} (${code.glue['graphile-worker'].code}) |`,
    );
    const size = (n: string) => {
      const z = sizes[n];
      return z
        ? `${z.mb.toFixed(1)} / ${z.dependencies} (new: ${z.newMb.toFixed(1)} / ${z.newDependencies})`
        : '-';
    };
    console.log(
      `| installed, MB / dependencies | (in the app) | ${size('pg-boss')} | ${size('graphile-worker')} |`,
    );
  } finally {
    await dropSchemas().catch((err) => console.error(`could not drop the bench schemas: ${firstLine(err)}`));
    rmSync(pgliteRoot, { recursive: true, force: true });
  }
}

await main();
