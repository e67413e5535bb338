/**
 * Drill: the server is SIGKILLed while it mails reminders, and started again. The reminders whose
 * mail was cut off are sent after the restart, each exactly once, counted by a real SMTP server that
 * holds one message unanswered while the server is killed (a held message was never accepted).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from './support/figures.js';
import { SKIP_ENV } from './support/global-setup.js';
import { type PostgresInstance, startPostgresInstance } from './support/postgres-instance.js';
import { Client, type ServerProcess, startServer, until } from './support/server.js';
import { type DrillSmtp, startDrillSmtp } from './support/smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'babe-faults-killed-mail-'));
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

describe.skipIf(Boolean(process.env[SKIP_ENV]))('drill: the server SIGKILLed mid-mail', () => {
  beforeAll(async () => {
    instance = await startPostgresInstance();
    smtp = await startDrillSmtp();
    await start();
    check = new pg.Client({ connectionString: instance.url });
    await check.connect();
  });

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
    await new Promise((r) => setTimeout(r, 3_000));
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
