/**
 * A scan holds its claim on the reminders it sends for as long as it sends: a mail server slower
 * than a renewal period sees the claim renewed past its first lease, so no other server takes the
 * reminder meanwhile; once sent, the claim is gone. (A server that dies mid-send lets its claim
 * lapse instead: the fault drill tests/faults/killed-reminders.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updates } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';
import { remindersService } from './reminders.service.js';

/** Longer than one renewal period (3 s): the mail server answers this late. */
const SLOW_MAIL_MS = 4_500;
const silentLog = { error: () => {}, warn: () => {} };
let t: TestApp;
let smtp: SMTPServer;
let accepted = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          accepted += 1;
          callback();
        }, SLOW_MAIL_MS),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, REMINDERS_ENABLED: 'false' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('the claim on reminders being sent', () => {
  it('is renewed while a slow mail is sent, and cleared once it is', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany({ company: 'Slow Mail Co' });
    const project = await owner.post('/api/projects', {
      name: 'Harbour Sheds',
      client: 'Harbour LLC',
      budget: '1000',
      startDate: '2026-01-05',
      endDate: '2026-06-30',
    });
    const projectId = json<{ id: number }>(project).id;
    const task = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Crane check', projectId }));
    const reminderDate = new Date(Date.now() - 60_000).toISOString();
    const made = await owner.post('/api/updates', {
      taskId: task.id,
      message: 'Check the crane',
      isReminder: true,
      reminderDate,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = json<{ id: number }>(made).id;
    const claimOf = async () =>
      (await t.ctx.db.select().from(updates).where(eq(updates.id, id)))[0]?.reminderClaimedUntil ?? null;

    const scan = remindersService(t.ctx).sendDue(silentLog);
    await expect.poll(claimOf, { timeout: 30_000, interval: 50 }).not.toBeNull();
    const first = (await claimOf()) as Date;
    await expect
      .poll(async () => (await claimOf())?.getTime() ?? 0, { timeout: 30_000, interval: 100 })
      .toBeGreaterThan(first.getTime());
    expect(await scan).toBe(1);
    expect(accepted).toBe(1);
    const [row] = await t.ctx.db.select().from(updates).where(eq(updates.id, id));
    expect(row?.reminderSentAt).not.toBeNull();
    expect(row?.reminderClaimedUntil).toBeNull();
  });
});
