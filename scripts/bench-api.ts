/**
 * Benchmark of the portfolio endpoints: one company with 300 projects and 6,000 tasks, on PGlite
 * and (when it answers) on PostgreSQL; prints the median latency of each endpoint over app.inject.
 *
 *     npm run bench:api        (node --import tsx scripts/bench-api.ts)
 *
 * Target: GET /api/projects, GET /api/projects/stats and GET /api/projects/{id}/tasks
 * each under 50 ms at the median. TEST_DATABASE_URL names the PostgreSQL server, as for the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Db } from '../src/server/db/client.js';
import { projects, tasks, users } from '../src/server/db/schema/index.js';
import { createTestDatabase, type TestDbKind, testDatabaseUrl } from '../src/server/testing/database.js';
import { Agent } from '../src/server/testing/harness.js';

const PROJECTS = 300;
const TASKS_PER_PROJECT = 20;
const WARM_UP = 20;
const RUNS = 200;
const TARGET_MS = 50;
const DAY = 24 * 60 * 60 * 1000;

const STATUSES = ['active', 'on-hold', 'completed', 'at-risk', 'planning'] as const;
const TYPES = ['Commercial', 'Residential', 'Industrial', 'Infrastructure'] as const;
const TASK_STATUSES = ['not-started', 'in-progress', 'completed', 'behind'] as const;

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

/** A realistic checklist: a few items with sub-items, some done. */
function checklist(i: number): string {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return JSON.stringify(
    Array.from({ length: 4 }, (_, k) => [
      {
        id: `${i}-${k}`,
        text: `Check item ${k + 1}`,
        completed: k % 2 === 0,
        createdAt: at,
        level: 0,
        parentId: null,
      },
      {
        id: `${i}-${k}s`,
        text: 'Sub-item',
        completed: false,
        createdAt: at,
        level: 1,
        parentId: `${i}-${k}`,
      },
    ]).flat(),
  );
}

async function seed(db: Db, companyId: number, userId: string) {
  const now = Date.now();
  const projectRows = await db
    .insert(projects)
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        companyId,
        name: `Project ${i + 1}`,
        description: 'Benchmark project with a realistic description of the scope of work.',
        client: `Client ${i % 40}`,
        type: TYPES[i % TYPES.length] ?? 'Residential',
        status: STATUSES[i % STATUSES.length] ?? 'active',
        budget: String(50_000 + i * 1_000),
        progress: i % 101,
        startDate: new Date(now - (i % 200) * DAY),
        endDate: new Date(now + (i % 150) * DAY),
        createdBy: userId,
      })),
    )
    .returning({ id: projects.id });
  for (const [p, project] of projectRows.entries()) {
    await db.insert(tasks).values(
      Array.from({ length: TASKS_PER_PROJECT }, (_, k) => {
        const start = now - (p % 200) * DAY + k * 3 * DAY;
        return {
          companyId,
          projectId: project.id,
          name: `Task ${k + 1}`,
          description: 'Work item',
          duration: 5,
          startDate: new Date(start),
          endDate: new Date(start + 7 * DAY),
          progress: (k * 7) % 101,
          status: TASK_STATUSES[k % TASK_STATUSES.length] ?? 'not-started',
          phase: 'Construction',
          punchlist: checklist(k),
          materialsStatus: JSON.stringify({ notApplicable: false, needed: true, approved: k % 2 === 0 }),
          position: k,
          createdBy: userId,
        };
      }),
    );
  }
  return projectRows.map((r) => r.id);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function bench(kind: TestDbKind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
  });
  const { database, drop } = await createTestDatabase(kind);
  const { app, ctx } = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    const agent = new Agent(app);
    const { email } = await agent.signUpWithCompany({ company: 'Bench Builders' });
    const [user] = await ctx.database.ownerDb.select().from(users).where(eq(users.email, email));
    if (!user?.companyId) throw new Error('bench user has no company');
    const seedStart = performance.now();
    const projectIds = await seed(ctx.database.ownerDb, user.companyId, user.id);
    const seeded = performance.now() - seedStart;
    const someProject = projectIds[Math.floor(projectIds.length / 2)];

    const endpoints = ['/api/projects', '/api/projects/stats', `/api/projects/${someProject}/tasks`];
    const results: { url: string; median: number; p95: number; bytes: number }[] = [];
    for (const url of endpoints) {
      let bytes = 0;
      for (let i = 0; i < WARM_UP; i++) {
        const res = await agent.get(url);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        bytes = res.rawPayload.length;
      }
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await agent.get(url);
        times.push(performance.now() - start);
      }
      results.push({ url, median: median(times), p95: percentile(times, 95), bytes });
    }
    console.log(
      `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${PROJECTS} projects, ${PROJECTS * TASKS_PER_PROJECT} tasks ` +
        `(seeded in ${(seeded / 1000).toFixed(1)} s); ${RUNS} requests each after ${WARM_UP} warm-up`,
    );
    for (const r of results) {
      const verdict = r.median < TARGET_MS ? 'ok' : `OVER the ${TARGET_MS} ms target`;
      console.log(
        `  ${r.url.padEnd(28)} median ${r.median.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ` +
          `${(r.bytes / 1024).toFixed(0).padStart(5)} KB   ${verdict}`,
      );
    }
    return results.every((r) => r.median < TARGET_MS);
  } finally {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
let allOk = await bench('pglite');
if (await postgresAnswers()) allOk = (await bench('postgres')) && allOk;
else console.log(`\nPostgreSQL is not reachable at ${testDatabaseUrl()}: skipped.`);
console.log(allOk ? `\nAll medians under ${TARGET_MS} ms.` : `\nSome medians are over ${TARGET_MS} ms.`);
