/**
 * Benchmark of the schedule endpoint with write-back: one project of 10,000 tasks and 30,000 links
 * of mixed types and lags (the network of `bench:schedule`) on an in-memory PGlite, and
 * `POST /api/projects/{id}/schedule` timed over app.inject. Before each timed run every task's dates
 * are reset, so each run writes all 10,000 rows back (unchanged rows would be skipped). Then
 * `GET /api/projects/{id}/schedule` (what the Gantt reads after a save: computed, nothing written).
 *
 *     npm run bench:schedule-api        (node --import tsx scripts/bench-schedule-api.ts)
 *
 * Target: under 2 s per schedule through the API with write-back. Prints the median and
 * every run, and the process's peak memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { projects, tasks } from '../src/server/db/schema/index.js';
import { bulkTaskWrites } from '../src/server/modules/tasks/bulk-task-writes.js';
import { Agent } from '../src/server/testing/harness.js';

const TASKS = 10_000;
const LINKS = 30_000;
const WARM_UP = 1;
const RUNS = 5;
const TARGET_MS = 2_000;
const LINK_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
const PLACEHOLDER = new Date('2000-01-01T00:00:00Z');

/** A small deterministic generator (mulberry32), so every run benchmarks the same network. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mostly finish-to-start, as real schedules are, with the other three types mixed in. */
function linkType(r: number): (typeof LINK_TYPES)[number] {
  if (r < 0.7) return 'FS';
  if (r < 0.82) return 'SS';
  if (r < 0.92) return 'FF';
  return 'SF';
}

/** Task durations and links from a lower to a higher task number (acyclic), mostly to nearby tasks. */
function network() {
  const next = random(20_240_101);
  const durations = Array.from({ length: TASKS }, () => (next() < 0.05 ? 0 : 1 + Math.floor(next() * 15)));
  const predecessors: { index: number; type: (typeof LINK_TYPES)[number]; lagDays: number }[][] =
    durations.map(() => []);
  for (let count = 0; count < LINKS; ) {
    const to = 1 + Math.floor(next() * (TASKS - 1));
    const reach = next() < 0.9 ? Math.min(to, 50) : to;
    const from = to - Math.floor(next() * reach);
    if (from === to) continue;
    predecessors[to]?.push({ index: from - 1, type: linkType(next()), lagDays: Math.floor(next() * 8) - 2 });
    count++;
  }
  return { durations, predecessors };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-schedule-api-'));
const database = await openDatabase({ pgliteDir: 'memory://' });
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'silent',
});
const { app, ctx } = await buildApp(config, { database, logger: false });
await app.ready();
try {
  const agent = new Agent(app);
  await agent.signUpWithCompany({ company: 'Bench Builders' });
  const created = await agent.post('/api/projects', {
    name: 'Bench tower',
    client: 'Bench',
    budget: '1000000',
    startDate: '2025-01-06',
    endDate: '2030-12-31',
  });
  if (created.statusCode !== 201) throw new Error(`project: ${created.statusCode} ${created.body}`);
  const projectId = (created.json() as { id: number }).id;
  const [project] = await ctx.database.ownerDb.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new Error('project not stored');

  const seedStart = performance.now();
  const { durations, predecessors } = network();
  const inserted = await bulkTaskWrites.insertMany(
    ctx.database.ownerDb,
    project.companyId,
    durations.map((duration, position) => ({
      projectId,
      name: `Activity ${position + 1}`,
      duration,
      phase: `Zone ${1 + Math.floor(position / 500)}`,
      startDate: PLACEHOLDER,
      endDate: PLACEHOLDER,
      position,
    })),
  );
  const idAt = new Map(inserted.map(({ id, position }) => [position, id]));
  await bulkTaskWrites.setDependencies(
    ctx.database.ownerDb,
    project.companyId,
    projectId,
    predecessors.flatMap((list, position) =>
      list.length === 0
        ? []
        : [
            {
              id: idAt.get(position) as number,
              dependencies: JSON.stringify(
                list.map((p) => ({ taskId: idAt.get(p.index), type: p.type, lagDays: p.lagDays })),
              ),
            },
          ],
    ),
  );
  console.log(
    `seeded ${TASKS.toLocaleString('en-US')} tasks and ${LINKS.toLocaleString('en-US')} links ` +
      `(FS/SS/FF/SF, lags −2…5 days) on PGlite in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const times: number[] = [];
  let peakHeap = 0;
  let finish = '';
  let critical = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    await ctx.database.ownerDb
      .update(tasks)
      .set({ startDate: PLACEHOLDER, endDate: PLACEHOLDER, isCritical: false })
      .where(eq(tasks.projectId, projectId));
    const start = performance.now();
    const res = await agent.post(`/api/projects/${projectId}/schedule`);
    const elapsed = performance.now() - start;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    if (res.statusCode !== 200) throw new Error(`schedule: ${res.statusCode} ${res.body.slice(0, 500)}`);
    const body = res.json() as { finishDate: string; criticalPath: number[] };
    finish = body.finishDate;
    critical = body.criticalPath.length;
    if (run >= WARM_UP) times.push(elapsed);
  }
  const [written] = await ctx.database.ownerDb
    .select({ n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(
      sql`${tasks.projectId} = ${projectId} and ${tasks.startDate} > ${PLACEHOLDER.toISOString()}::timestamptz`,
    );
  if (written?.n !== TASKS) throw new Error(`only ${written?.n} of ${TASKS} tasks were written back`);

  console.log(
    `finish ${finish}, ${critical} critical tasks; all ${TASKS.toLocaleString('en-US')} rows written back each run`,
  );
  console.log(
    `POST /api/projects/{id}/schedule: median ${median(times).toFixed(0)} ms over ${RUNS} runs after ${WARM_UP} warm-up ` +
      `(runs: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
  );
  console.log(
    `peak heap ${mb(peakHeap)}, peak resident memory of the process ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  const verdict = median(times) < TARGET_MS ? 'within' : 'OVER';
  console.log(
    `${verdict} the ${TARGET_MS} ms target (median wall time; load average ${(loadavg()[0] ?? 0).toFixed(1)})`,
  );

  // What the Gantt reads after each save: the same computation, nothing written.
  const reads: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const start = performance.now();
    const res = await agent.get(`/api/projects/${projectId}/schedule`);
    const elapsed = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`schedule: ${res.statusCode} ${res.body.slice(0, 500)}`);
    if ((res.json() as { finishDate: string }).finishDate !== finish)
      throw new Error('GET and POST disagree');
    if (run >= WARM_UP) reads.push(elapsed);
  }
  console.log(
    `GET /api/projects/{id}/schedule (computed, nothing written): median ${median(reads).toFixed(0)} ms ` +
      `(runs: ${reads.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
  );
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
