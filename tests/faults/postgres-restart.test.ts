/**
 * Drill: PostgreSQL stops hard (as a crash or a failover would) and comes back while the server is
 * under mixed load, reads and multi-step writes. While it is down every request is refused at once
 * with the 503 the errors plugin gives; none hangs and the server keeps running; once PostgreSQL is
 * back the server recovers by itself; and no write was left half done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from './support/figures.js';
import { SKIP_ENV } from './support/global-setup.js';
import { type PostgresInstance, startPostgresInstance } from './support/postgres-instance.js';
import {
  type Answer,
  Client,
  HUNG,
  type ServerProcess,
  sleep,
  startServer,
  until,
} from './support/server.js';

/** How long PostgreSQL stays down. */
const DOWN_MS = 4_000;
/** Requests in flight at once. */
const WORKERS = 6;
/** A refused request must come back within this (it is a hang, not slowness, that it catches). */
const FAIL_FAST_MS = 10_000;
/** The server must answer normally again within this after PostgreSQL accepts connections. */
const RECOVERY_LIMIT_MS = 30_000;

let instance: PostgresInstance | undefined;
let server: ServerProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'babe-faults-restart-'));

afterAll(async () => {
  await server?.kill();
  instance?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Sent extends Answer {
  op: string;
  startedAt: number;
  endedAt: number;
  id?: number;
}

describe.skipIf(Boolean(process.env[SKIP_ENV]))('drill: PostgreSQL restarted under load', () => {
  beforeAll(async () => {
    instance = await startPostgresInstance();
    server = await startServer({
      DATABASE_URL: instance.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'fault-drill-secret-fault-drill-secret-0001',
      REMINDERS_ENABLED: 'false',
    });
  });

  it('refuses fast with 503 while down, recovers by itself, hangs nothing and writes nothing by halves', async () => {
    if (!server || !instance) throw new Error('no server');
    const user = new Client(server.url, 60_000);
    const source = await user.newCompanyWithProject('Source');
    for (const name of ['Dig', 'Pour', 'Frame', 'Roof']) {
      await user.ok(user.post('/api/tasks', { projectId: source, name, duration: 2 }), 201);
    }
    const site = await user.newProject('Site');

    const operations: Record<string, () => Promise<Answer>> = {
      'list projects': () => user.get('/api/projects'),
      'list tasks': () => user.get(`/api/projects/${site}/tasks`),
      'create task': () => user.post('/api/tasks', { projectId: site, name: 'Fixture', duration: 1 }),
      'duplicate project': () => user.post(`/api/projects/${source}/duplicate`, {}),
      health: () => user.get('/api/health'),
    };
    const names = Object.keys(operations);
    const sent: Sent[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = w; !stop; i++) {
        const op = names[i % names.length] as string;
        const startedAt = performance.now();
        const answer = await (operations[op] as () => Promise<Answer>)();
        const entry: Sent = { ...answer, op, startedAt, endedAt: performance.now() };
        if (answer.status === 201) entry.id = (JSON.parse(answer.body) as { id: number }).id;
        sent.push(entry);
        // A refused request is tried again soon, as a client would (not in a tight loop).
        if (answer.status === 503) await sleep(50);
      }
    };
    const load = Array.from({ length: WORKERS }, (_, w) => worker(w));

    await sleep(2_000);
    const crashStarted = performance.now();
    await instance.crash();
    const down = performance.now();
    await sleep(DOWN_MS);
    const restartStarted = performance.now();
    await instance.start();
    const up = performance.now();
    // Recovered: every kind of request answered normally after PostgreSQL came back.
    await until(
      'every kind of request to succeed again',
      () =>
        names.every((op) => sent.some((s) => s.op === op && s.startedAt > up && s.status < 300))
          ? true
          : undefined,
      RECOVERY_LIMIT_MS + 30_000,
    );
    await sleep(1_000);
    stop = true;
    await Promise.all(load);

    // Nothing hung, nothing went unanswered, and the server is still the same process.
    expect(sent.filter((s) => s.status === HUNG || s.status === 0)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    // Every failure is the database's 503, never a 500.
    const failures = sent.filter((s) => s.status >= 300);
    expect(failures.filter((s) => s.status !== 503).map((s) => `${s.op}: ${s.status} ${s.body}`)).toEqual([]);
    for (const failure of failures) {
      expect(JSON.parse(failure.body)).toMatchObject({ code: 'database_unavailable' });
    }
    // Refused while down: sent after the stop completed and before the restart began.
    const whileDown = sent.filter((s) => s.startedAt >= down && s.endedAt <= restartStarted);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.filter((s) => s.status !== 503)).toEqual([]);
    const refusedMs = whileDown.map((s) => s.ms).sort((a, b) => a - b);
    const slowestRefusal = refusedMs.at(-1) ?? 0;
    expect(slowestRefusal).toBeLessThan(FAIL_FAST_MS);
    const firstOk = Math.min(...sent.filter((s) => s.status < 300 && s.endedAt > up).map((s) => s.endedAt));
    const allKindsOk = Math.max(
      ...names.map((op) =>
        Math.min(
          ...sent.filter((s) => s.op === op && s.status < 300 && s.startedAt > up).map((s) => s.endedAt),
        ),
      ),
    );
    expect(allKindsOk - up).toBeLessThan(RECOVERY_LIMIT_MS);

    // Nothing half written: every copy whole, every answered write there, no task without a project.
    const check = new pg.Client({ connectionString: instance.url });
    await check.connect();
    try {
      const copies = await check.query<{ id: number; n: number }>(
        `select p.id, count(t.id)::int as n from projects p left join tasks t on t.project_id = p.id
         where p.name = 'Source (Copy)' group by p.id`,
      );
      expect(copies.rows.filter((c) => c.n !== 4)).toEqual([]);
      const stored = new Set(copies.rows.map((c) => c.id));
      expect(answeredCopies(sent).filter((s) => !stored.has(s.id as number))).toEqual([]);
      const siteTasks = await check.query<{ id: number }>('select id from tasks where project_id = $1', [
        site,
      ]);
      const storedTasks = new Set(siteTasks.rows.map((r) => r.id));
      const answeredTasks = sent.filter((s) => s.op === 'create task' && s.id !== undefined);
      expect(answeredTasks.filter((s) => !storedTasks.has(s.id as number))).toEqual([]);
      const orphans = await check.query<{ n: number }>(
        'select count(*)::int as n from tasks t left join projects p on p.id = t.project_id where p.id is null',
      );
      expect(orphans.rows[0]?.n).toBe(0);
    } finally {
      await check.end();
    }

    const median = refusedMs[Math.floor(refusedMs.length / 2)] ?? 0;
    record('PostgreSQL restarted under load', {
      'requests sent': sent.length,
      'immediate stop took (ms)': Math.round(down - crashStarted),
      'PostgreSQL down (ms)': Math.round(restartStarted - down),
      'restart until it accepted connections (ms)': Math.round(up - restartStarted),
      'requests refused while down (503)': whileDown.length,
      'refused request, median (ms)': Math.round(median),
      'refused request, slowest (ms)': Math.round(slowestRefusal),
      'all 503s, around the outage too': failures.length,
      'recovery: first success after PostgreSQL was up (ms)': Math.round(firstOk - up),
      'recovery: every kind of request succeeding (ms)': Math.round(allKindsOk - up),
      'copies made (each whole)': answeredCopies(sent).length,
    });
  }, 300_000);
});

const answeredCopies = (sent: Sent[]) =>
  sent.filter((s) => s.op === 'duplicate project' && s.id !== undefined);
