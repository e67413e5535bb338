/**
 * Drill: the server is SIGKILLed while a plan generation reads its estimate, and started again. The
 * generation is reported failed with a reason once its lease has run out, a retry takes it over, and
 * the project then holds that plan whole, once; nothing of the killed run is left. (Reminders cut
 * off the same way: killed-reminders.test.ts.)
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

const dataDir = mkdtempSync(join(tmpdir(), 'babe-faults-killed-plan-'));
let instance: PostgresInstance | undefined;
let server: ServerProcess | undefined;
let check: pg.Client | undefined;

const start = async () => {
  if (!instance) throw new Error('no database');
  server = await startServer({
    DATABASE_URL: instance.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'fault-drill-secret-fault-drill-secret-0003',
    REMINDERS_ENABLED: 'false',
  });
  return server;
};

afterAll(async () => {
  await server?.kill();
  await check?.end();
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

describe.skipIf(Boolean(process.env[SKIP_ENV]))('drill: the server SIGKILLed mid-plan', () => {
  beforeAll(async () => {
    instance = await startPostgresInstance();
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
      // Generous: the retry reads the scan again by OCR, and with `npm test`'s other lines on two
      // cores the two readings and the restart between them took three minutes.
      300_000,
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
  }, 540_000);
});
