/**
 * Drill: the server is SIGKILLed in the middle of its background work and started again. A plan
 * generation killed while it reads its estimate is reported failed with a reason once its lease has
 * run out, a retry takes it over, and the project then holds that plan whole, once; nothing of the
 * killed run is left. Reminders whose mail was being sent when the server died are sent after the
 * restart, each exactly once (counted by a real SMTP server that holds one message unanswered while
 * the server is killed).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/testing/server-process.js';
import { record } from './support/figures.js';
import { SKIP_ENV } from './support/global-setup.js';
import { type PostgresInstance, startPostgresInstance } from './support/postgres-instance.js';
import { Client, type ServerProcess, startServer, until } from './support/server.js';
import { type DrillSmtp, startDrillSmtp } from './support/smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'babe-faults-killed-'));
let instance: PostgresInstance | undefined;
let server: ServerProcess | undefined;
let smtp: DrillSmtp | undefined;
let check: pg.Client | undefined;

const start = async () => {
  if (!instance || !smtp) throw new Error('no database or SMTP server');
  server = await startServer({
    DATABASE_URL: instance.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'fault-drill-secret-fault-drill-secret-0003',
    SMTP_URL: smtp.url,
    REMINDERS_ENABLED: 'true',
    REMINDER_INTERVAL_SECONDS: '1',
  });
  return server;
};

afterAll(async () => {
  await server?.kill();
  await check?.end();
  await smtp?.close();
  instance?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

interface GenerationRow {
  status: string;
  step: string;
  percent: number;
  error: string | null;
}

async function generation(id: number): Promise<GenerationRow | undefined> {
  const rows = await check?.query<GenerationRow>(
    'select status, step, percent, error from plan_generations where id = $1',
    [id],
  );
  return rows?.rows[0];
}

async function tasksOf(projectId: number): Promise<number> {
  const rows = await check?.query<{ n: number }>(
    'select count(*)::int as n from tasks where project_id = $1',
    [projectId],
  );
  return rows?.rows[0]?.n ?? -1;
}

describe.skipIf(Boolean(process.env[SKIP_ENV]))('drill: the server SIGKILLed mid-job', () => {
  beforeAll(async () => {
    instance = await startPostgresInstance();
    smtp = await startDrillSmtp();
    await start();
    check = new pg.Client({ connectionString: instance.url });
    await check.connect();
  });

  it('fails a plan generation killed mid-read with a reason, and a retry saves it whole, once', async () => {
    let user = new Client((server as ServerProcess).url);
    const projectId = await user.newCompanyWithProject('Killed plan');
    // A photographed estimate: read by OCR, seconds of work in which to kill the server.
    const scan = readFileSync(
      join(repoRoot, 'tests/fixtures/estimates/residential-kitchen-bath-remodel-scan.png'),
    );
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(scan)], { type: 'image/png' }), 'kitchen-bath-scan.png');
    const started = await user.ok<{ generationId: number }>(
      user.post(`/api/projects/${projectId}/plans`, body),
      202,
    );
    const id = started.generationId;
    const reading = await until(
      'the generation to be reading its estimate',
      async () => {
        const row = await generation(id);
        return row?.status === 'running' && row.step === 'processing-files' ? row : undefined;
      },
      120_000,
      20,
    );
    await (server as ServerProcess).kill();
    const killedAt = performance.now();
    expect(await tasksOf(projectId)).toBe(0);

    await start();
    const restartedAt = performance.now();
    user = user.on((server as ServerProcess).url);
    const failed = await until(
      'the killed generation to be reported failed',
      async () => {
        const got = await user.ok<{ status: string; error: string | null }>(user.get(`/api/plans/${id}`));
        return got.status === 'running' ? undefined : got;
      },
      120_000,
      250,
    );
    const failedAt = performance.now();
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/stopped unexpectedly/);
    expect(await tasksOf(projectId)).toBe(0);

    // The retry of the same document takes the generation over and finishes it.
    const documentId = (await user.ok<{ documentId: number }>(user.get(`/api/plans/${id}`))).documentId;
    const retried = await user.ok<{ generationId: number }>(
      user.post(`/api/projects/${projectId}/plans`, { documentIds: [documentId] }),
      202,
    );
    expect(retried.generationId).toBe(id);
    const done = await until(
      'the retried generation to finish',
      async () => {
        const row = await generation(id);
        return row && row.status !== 'running' ? row : undefined;
      },
      180_000,
      250,
    );
    expect(done.status, done.error ?? '').toMatch(/^(succeeded|needs-input)$/);
    const plan = await user.ok<{ result: { tasks: unknown[] } | null }>(user.get(`/api/plans/${id}`));
    // Whole or not at all: the saved plan's tasks are the project's, once; waiting for answers, none.
    expect(await tasksOf(projectId)).toBe(plan.result?.tasks.length ?? 0);
    const runs = await check?.query('select id from plan_generations where project_id = $1', [projectId]);
    expect(runs?.rows).toHaveLength(1);

    record('SIGKILL during a plan generation', {
      'killed at': `${reading.step} ${reading.percent}%`,
      'reported failed after the kill (ms)': Math.round(failedAt - killedAt),
      'of which the restart (ms)': Math.round(restartedAt - killedAt),
      'retried run ended': `${done.status}, ${plan.result?.tasks.length ?? 0} tasks`,
    });
  }, 300_000);

  it('sends each reminder whose mail was cut off by the kill exactly once after the restart', async () => {
    if (!smtp) throw new Error('no SMTP server');
    const user = new Client((server as ServerProcess).url);
    const projectId = await user.newCompanyWithProject('Killed reminders');
    const task = await user.ok<{ id: number }>(
      user.post('/api/tasks', { projectId, name: 'Crane check' }),
      201,
    );
    const due = new Date(Date.now() - 60_000).toISOString();
    // The first mail goes through; the second is held unanswered while the server is killed.
    const accepted = smtp.accepted.length;
    const firstAccepted = until(
      'the first reminder mail',
      () => (smtp?.accepted.length ?? 0) > accepted || undefined,
    );
    const held = firstAccepted.then(() => smtp?.holdNext());
    const messages = ['Reminder drill one', 'Reminder drill two', 'Reminder drill three'];
    for (const message of messages) {
      await user.ok(
        user.post('/api/updates', { taskId: task.id, message, isReminder: true, reminderDate: due }),
        201,
      );
    }
    const heldRaw = await held;
    await (server as ServerProcess).kill();
    const killedAt = performance.now();
    expect(heldRaw).toMatch(/Reminder drill/);

    await start();
    const countOf = (message: string) => smtp?.accepted.filter((raw) => raw.includes(message)).length ?? 0;
    await until(
      'every reminder to be mailed after the restart',
      () => (messages.every((m) => countOf(m) >= 1) ? true : undefined),
      240_000,
      200,
    );
    const allSentAt = performance.now();
    // A few more scans, to catch a second sending.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(messages.map(countOf)).toEqual([1, 1, 1]);
    const rows = await check?.query<{ sent: boolean; claimed: boolean }>(
      `select reminder_sent_at is not null as sent, reminder_claimed_until is not null as claimed
       from updates where task_id = $1`,
      [task.id],
    );
    expect(rows?.rows).toEqual(messages.map(() => ({ sent: true, claimed: false })));

    record('SIGKILL during reminder sending', {
      'reminders (one mid-mail when killed)': messages.length,
      'all sent after the kill (ms)': Math.round(allSentAt - killedAt),
      'mails accepted per reminder': messages.map(countOf).join(', '),
    });
  }, 300_000);
});
