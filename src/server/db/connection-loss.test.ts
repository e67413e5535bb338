/**
 * Losing database connections under load (a failover, a pooler timeout, an administrator ending
 * sessions): the app's PostgreSQL backends are terminated again and again while reads and
 * multi-statement writes run. The server must keep running, answer each request it could not
 * finish with 503, and leave no write half done.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectScheduleDto } from '../../contracts/schedule.js';
import type { TaskDto } from '../../contracts/tasks.js';
import { testDatabaseUrl, testDbKind } from '../testing/database.js';
import { type Agent, createTestApp, json, type TestApp } from '../testing/harness.js';
import { rowsOf } from './client.js';
import { isConnectionLost } from './connection-errors.js';

const UNAVAILABLE = JSON.stringify({
  message: 'Database unavailable, try again',
  code: 'database_unavailable',
});
/** Enough rounds of terminations, and enough requests caught by them, to mean something. */
const MIN_KILL_ROUNDS = 30;
const MIN_UNAVAILABLE = 5;
/** …and enough multi-statement writes that went through for the checks on them to mean something. */
const MIN_WRITES = 5;
/** Give up waiting for those minimums after this long (a very slow machine). */
const MAX_CHURN_MS = 60_000;
const WORKERS = 6;

let t: TestApp;
let owner: Agent;
let admin: pg.Client;
let databaseName: string;
/** Errors nothing handled: a pg client's unhandled 'error' event lands here instead of killing the worker. */
const escaped: unknown[] = [];
const onEscaped = (err: unknown) => escaped.push(err);

/** A request that was not answered with success, kept for the assertions. */
interface Failure {
  op: string;
  status: number;
  body: string;
}

describe.skipIf(testDbKind() !== 'postgres')('losing database connections under load', () => {
  beforeAll(async () => {
    process.on('uncaughtException', onEscaped);
    process.on('unhandledRejection', onEscaped);
    t = await createTestApp();
    owner = t.agent();
    await owner.signUpWithCompany({ company: 'Failover Builders' });
    const [row] = rowsOf<{ name: string }>(await t.ctx.db.execute(sql`select current_database() as name`));
    databaseName = String(row?.name);
    admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
    process.off('uncaughtException', onEscaped);
    process.off('unhandledRejection', onEscaped);
  });

  it('fails a transaction whose connection dies between statements, and the pool recovers', async () => {
    const { db } = t.ctx;
    const outcome = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Idle in the transaction: the server's goodbye reaches a checked-out client with no query.
      await terminateAppBackends();
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    // The statement after the loss fails, and so does the ROLLBACK after it; that last error is the answer.
    const failure = await outcome.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(escaped).toEqual([]);
    expect(isConnectionLost(failure)).toBe(true);
    // More queries at once than the pool holds: a dead client handed out again would fail one.
    const answers = await Promise.allSettled(Array.from({ length: 15 }, () => db.execute(sql`select 1`)));
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
  });

  it('answers 503 for the requests it loses, keeps serving, and writes nothing by halves', async () => {
    const source = await newProject('Source');
    const sourceTasks = await chain(source, ['Dig', 'Pour', 'Frame', 'Roof']);
    const site = await newProject('Site');
    const [frame] = await chain(site, ['Frame', 'Roof', 'Paint']);
    if (!frame) throw new Error('no task');

    const failures: Failure[] = [];
    /** The multi-statement writes that were answered with success. */
    const succeeded = { tasks: [] as number[], copies: [] as number[], edits: 0 };
    let stop = false;
    const operations = [
      async () => expectOk('list projects', await owner.get('/api/projects'), failures),
      async () => expectOk('list tasks', await owner.get(`/api/projects/${site}/tasks`), failures),
      async () =>
        expectOk('create project', await owner.post('/api/projects', projectBody('Quick')), failures),
      async () => {
        const res = await owner.post('/api/tasks', {
          projectId: site,
          name: 'Fixture',
          duration: 1,
          dependencies: fs(frame.id),
        });
        if (expectOk('create linked task', res, failures)) succeeded.tasks.push(json<TaskDto>(res).id);
      },
      async () => {
        const duration = 1 + Math.floor(Math.random() * 6);
        const res = await owner.put(`/api/tasks/${frame.id}`, { duration });
        if (expectOk('re-schedule by edit', res, failures)) succeeded.edits += 1;
      },
      async () => {
        const res = await owner.post(`/api/projects/${source}/duplicate`, {});
        if (expectOk('duplicate project', res, failures)) succeeded.copies.push(json<{ id: number }>(res).id);
      },
    ];
    const worker = async () => {
      while (!stop) {
        const op = operations[Math.floor(Math.random() * operations.length)];
        await op?.();
      }
    };

    const started = Date.now();
    let rounds = 0;
    const killer = async () => {
      while (!stop) {
        await sleep(100 + Math.random() * 400);
        await terminateAppBackends();
        rounds += 1;
        const enough =
          rounds >= MIN_KILL_ROUNDS &&
          failures.length >= MIN_UNAVAILABLE &&
          succeeded.tasks.length >= MIN_WRITES &&
          succeeded.copies.length >= MIN_WRITES &&
          succeeded.edits >= MIN_WRITES;
        if (enough || Date.now() - started > MAX_CHURN_MS) stop = true;
      }
    };
    await Promise.all([killer(), ...Array.from({ length: WORKERS }, worker)]);

    // Every lost request was told to try again; none got a 500 or another error.
    expect(escaped).toEqual([]);
    expect(failures.filter((f) => f.status !== 503 || f.body !== UNAVAILABLE)).toEqual([]);
    expect(failures.length).toBeGreaterThanOrEqual(MIN_UNAVAILABLE);

    // The server still serves, from a pool holding no broken connection.
    await waitForHealth();
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => owner.get(`/api/projects/${site}/tasks`)),
    );
    expect(reads.map((r) => r.statusCode)).toEqual(reads.map(() => 200));
    const after = await owner.post('/api/projects', projectBody('After'));
    expect(after.statusCode).toBe(201);
    // Every connection a request took went back to the pool, dead ones included (as closed). Work
    // the requests left to run after their answers (the insights refresh) is let finish first.
    await t.ctx.insightsRefresh.idle();
    const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);

    // Nothing half written: every answered write is there, every copy is whole, and the
    // re-scheduling written with each task edit matches the schedule its stored tasks give.
    const siteTasks = await tasksOf(site);
    expect(succeeded.tasks.filter((id) => !siteTasks.has(id))).toEqual([]);
    await expectScheduleStored(site, siteTasks);
    const projects = json<{ id: number; name: string }[]>(await owner.get('/api/projects'));
    const copies = projects.filter((p) => p.name === 'Source (Copy)');
    expect(succeeded.copies.filter((id) => !copies.some((c) => c.id === id))).toEqual([]);
    for (const copy of copies) {
      const copyTasks = await tasksOf(copy.id);
      expect(copyTasks.size).toBe(sourceTasks.length);
      await expectScheduleStored(copy.id, copyTasks);
    }
    const orphans = await t.ctx.db.execute(
      sql`select count(*)::int as n from tasks t left join projects p on p.id = t.project_id where p.id is null`,
    );
    expect(rowsOf<{ n: number }>(orphans)[0]?.n).toBe(0);
    expect(escaped).toEqual([]);
  }, 180_000);
});

/** Ends every session the app has open on its database, as a failover or an administrator would. */
async function terminateAppBackends() {
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseName],
  );
}

function projectBody(name: string) {
  return { name, client: 'Client', budget: '1000', startDate: '2026-03-02', endDate: '2026-12-31' };
}

async function newProject(name: string): Promise<number> {
  const res = await owner.post('/api/projects', projectBody(name));
  if (res.statusCode !== 201) throw new Error(`project not created: ${res.statusCode} ${res.body}`);
  return json<{ id: number }>(res).id;
}

/** Tasks linked finish-to-start one after the other, scheduled. */
async function chain(projectId: number, names: string[]): Promise<TaskDto[]> {
  const made: TaskDto[] = [];
  for (const name of names) {
    const before = made.at(-1);
    const res = await owner.post('/api/tasks', {
      projectId,
      name,
      duration: 2,
      ...(before ? { dependencies: fs(before.id) } : {}),
    });
    if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
    made.push(json<TaskDto>(res));
  }
  const scheduled = await owner.post(`/api/projects/${projectId}/schedule`);
  if (scheduled.statusCode !== 200)
    throw new Error(`not scheduled: ${scheduled.statusCode} ${scheduled.body}`);
  return made;
}

const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

/** True for a success; otherwise records the answer as a failure. */
function expectOk(op: string, res: { statusCode: number; body: string }, failures: Failure[]): boolean {
  if (res.statusCode < 300) return true;
  failures.push({ op, status: res.statusCode, body: res.body });
  return false;
}

async function tasksOf(projectId: number): Promise<Map<number, TaskDto>> {
  const res = await owner.get(`/api/projects/${projectId}/tasks`);
  expect(res.statusCode).toBe(200);
  return new Map(json<TaskDto[]>(res).map((task) => [task.id, task]));
}

/** The stored dates and critical flags are the ones the schedule engine derives from the stored tasks. */
async function expectScheduleStored(projectId: number, stored: Map<number, TaskDto>) {
  const res = await owner.get(`/api/projects/${projectId}/schedule`);
  expect(res.statusCode).toBe(200);
  const derived = json<ProjectScheduleDto>(res).tasks.map((x) => [
    x.id,
    x.startDate,
    x.endDate,
    x.isCritical,
  ]);
  const saved = [...stored.values()].map((x) => [
    x.id,
    x.startDate.slice(0, 10),
    x.endDate.slice(0, 10),
    x.isCritical,
  ]);
  expect(sortById(saved)).toEqual(sortById(derived));
}

function sortById<T extends unknown[]>(rows: T[]): T[] {
  return [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    const res = await owner.get('/api/health');
    if (res.statusCode === 200) return;
    await sleep(500);
  }
  throw new Error('the app never answered /api/health with 200 again');
}
