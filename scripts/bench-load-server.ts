/**
 * The server side of `npm run bench:load`, run as a child process of scripts/bench-load.ts so that
 * the load generator and the server each have an event loop of their own, as a browser and a
 * server would.
 *
 *     node --import tsx scripts/bench-load-server.ts pglite|postgres [rls-on|rls-off]
 *
 * `rls-off` starts it with DATABASE_RLS=off (no role switch, no tenant setting): the parent compares
 * the two to measure what row-level security costs.
 *
 * Starts the real app on 127.0.0.1 (PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database
 * next to TEST_DATABASE_URL's), signs two users up through the API, each with a company, seeds
 * them with bulk inserts, and sends the parent what its requests need (a message `ready`). On the
 * parent's `close` it stops the app and removes the data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PROJECT_STATUSES } from '../src/contracts/enums.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Db } from '../src/server/db/client.js';
import { projects, tasks } from '../src/server/db/schema/index.js';
import { createTestDatabase, type TestDbKind } from '../src/server/testing/database.js';

const SMALL_PROJECTS = 10;
const LARGE_PROJECTS = 300;
const TASKS_PER_PROJECT = 20;
const BIG_PROJECT_TASKS = 600;

/** What the parent needs to send signed-in requests. */
export interface ServerReady {
  type: 'ready';
  baseUrl: string;
  seededMs: number;
  /** The company with 10 projects (20 tasks each). */
  small: { cookie: string; projectIds: number[]; taskIds: number[] };
  /** The company with 300 projects, one of which has 600 tasks. */
  large: { cookie: string; projects: number; bigProjectId: number; bigProjectTasks: number };
}

const DAY = 86_400_000;
const CHUNK = 500;
const STATUSES = PROJECT_STATUSES;
const TASK_STATUSES = ['not-started', 'in-progress', 'completed', 'behind'] as const;

/** The session cookie (`name=value`) a response sets, or the one already held. */
function sessionCookie(res: Response, held: string): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return set ? (set.split(';')[0] ?? held) : held;
}

/** Signs a user up and creates their company through the API, as a browser would. */
async function signUp(baseUrl: string, company: string) {
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: `bench-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'concrete-pour-42',
      firstName: 'Bench',
      lastName: 'User',
    }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  let cookie = sessionCookie(signup, '');
  const created = await fetch(`${baseUrl}/api/companies`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: company, type: 'general' }),
  });
  if (created.status !== 201) throw new Error(`company answered ${created.status}: ${await created.text()}`);
  cookie = sessionCookie(created, cookie);
  const me = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } });
  const user = (await me.json()) as { id: string; companyId: number | null };
  if (!user.companyId) throw new Error('the bench user has no company');
  return { cookie, userId: user.id, companyId: user.companyId };
}

async function seedProjects(db: Db, companyId: number, userId: string, count: number) {
  const now = Date.now();
  const rows = await db
    .insert(projects)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId,
        name: `Project ${i + 1}`,
        description: 'Benchmark project with a realistic description of the scope of work.',
        client: `Client ${i % 40}`,
        type: 'Commercial' as const,
        status: STATUSES[i % STATUSES.length] ?? 'active',
        budget: String(50_000 + i * 1_000),
        progress: i % 101,
        startDate: new Date(now - (i % 200) * DAY),
        endDate: new Date(now + (i % 150) * DAY),
        createdBy: userId,
      })),
    )
    .returning({ id: projects.id });
  return rows.map((r) => r.id);
}

/** `perProject(index)` tasks in each project, inserted a few hundred rows at a time. */
async function seedTasks(
  db: Db,
  companyId: number,
  userId: string,
  projectIds: number[],
  perProject: (index: number) => number,
) {
  const now = Date.now();
  const rows = projectIds.flatMap((projectId, p) =>
    Array.from({ length: perProject(p) }, (_, k) => {
      const start = now - (p % 200) * DAY + (k % 60) * 3 * DAY;
      return {
        companyId,
        projectId,
        name: `Task ${k + 1}`,
        description: 'Work item',
        duration: 5,
        startDate: new Date(start),
        endDate: new Date(start + 7 * DAY),
        progress: (k * 7) % 101,
        status: TASK_STATUSES[k % TASK_STATUSES.length] ?? 'not-started',
        phase: 'Construction',
        position: k,
        createdBy: userId,
      };
    }),
  );
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += CHUNK) {
    const inserted = await db
      .insert(tasks)
      .values(rows.slice(at, at + CHUNK))
      .returning({ id: tasks.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

async function main(kind: TestDbKind, rls: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const pg = kind === 'postgres' ? await createTestDatabase('postgres', { rls }) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_RLS: rls ? 'on' : 'off',
  });
  // PGlite: the app opens its own file database in DATA_DIR, as in production.
  const { app, ctx } = await buildApp(config, { logger: false, ...(pg ? { database: pg.database } : {}) });
  const close = async () => {
    await app.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const baseUrl = `http://127.0.0.1:${address.port}`;

    const seedStart = performance.now();
    const small = await signUp(baseUrl, 'Small Builders');
    const large = await signUp(baseUrl, 'Large Builders');
    // Seeded as the owner, past the tenant wall (bulk rows of two companies).
    const db = ctx.database.ownerDb;
    const smallProjects = await seedProjects(db, small.companyId, small.userId, SMALL_PROJECTS);
    const taskIds = await seedTasks(
      db,
      small.companyId,
      small.userId,
      smallProjects,
      () => TASKS_PER_PROJECT,
    );
    const largeProjects = await seedProjects(db, large.companyId, large.userId, LARGE_PROJECTS);
    await seedTasks(db, large.companyId, large.userId, largeProjects, (p) =>
      p === 0 ? BIG_PROJECT_TASKS : TASKS_PER_PROJECT,
    );
    const ready: ServerReady = {
      type: 'ready',
      baseUrl,
      seededMs: performance.now() - seedStart,
      small: { cookie: small.cookie, projectIds: smallProjects, taskIds },
      large: {
        cookie: large.cookie,
        projects: largeProjects.length,
        bigProjectId: largeProjects[0] ?? 0,
        bigProjectTasks: BIG_PROJECT_TASKS,
      },
    };
    process.send?.(ready);
  } catch (err) {
    await close();
    throw err;
  }
  process.on('message', (message) => {
    if (message !== 'close') return;
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

const [kind, rls = 'rls-on'] = process.argv.slice(2);
if ((kind !== 'pglite' && kind !== 'postgres') || (rls !== 'rls-on' && rls !== 'rls-off')) {
  throw new Error('usage: bench-load-server.ts pglite|postgres [rls-on|rls-off]');
}
await main(kind, rls === 'rls-on');
