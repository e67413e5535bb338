import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturingSmtpServer, startSmtpServer } from '../../../../tests/e2e/support/smtp.js';
import type { ReminderDto } from '../../../contracts/updates.js';
import { updates, users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { mailText, mailTo } from '../../testing/mail-text.js';
import { remindersService } from './reminders.service.js';

const HOUR = 3_600_000;
const silentLog = { error: () => {}, warn: () => {} };
let smtp: CapturingSmtpServer;
let t: TestApp;
let owner: Agent;
let crew: Agent;
let crewEmail: string;
let crewId: string;
let ownerEmail: string;
let projectId: number;
let assignedTask: number;
let openTask: number;

const past = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const future = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The job itself stays off: each test runs a scan when it wants one.
  t = await createTestApp({ SMTP_URL: smtp.url, REMINDERS_ENABLED: 'false' });
  owner = t.agent();
  ownerEmail = (await owner.signUpWithCompany({ company: 'Reminder Co' })).email;
  const companyId = json<{ companyId: number }>(await owner.get('/api/auth/user')).companyId;
  crew = t.agent();
  crewEmail = (await crew.signUpWithCompany({ company: false, firstName: 'Casey' })).email;
  await t.ctx.db.update(users).set({ companyId, role: 'member' }).where(eq(users.email, crewEmail));
  crewId = json<{ id: string }>(await crew.get('/api/auth/user')).id;
  projectId = json<{ id: number }>(
    await owner.post('/api/projects', {
      name: 'Pier Offices',
      client: 'Pier LLC',
      budget: '900000',
      startDate: '2026-01-05',
      endDate: '2026-09-30',
    }),
  ).id;
  assignedTask = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Pour slab', projectId })).id;
  const assign = await owner.put(`/api/tasks/${assignedTask}`, { assignedTo: crewId });
  expect(assign.statusCode, assign.body).toBe(200);
  openTask = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Order steel', projectId })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const remind = async (taskId: number, message: string, reminderDate: string) => {
  const res = await owner.post('/api/updates', { taskId, message, isReminder: true, reminderDate });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
};

describe('reminders', () => {
  it('refuses a reminder without a date (400) and writes nothing', async () => {
    const res = await owner.post('/api/updates', { taskId: openTask, message: 'No date', isReminder: true });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string> }>(res).errors.reminderDate).toBe(
      'Choose when to be reminded',
    );
    const list = json<{ message: string }[]>(await owner.get(`/api/tasks/${openTask}/updates`));
    expect(list.map((u) => u.message)).not.toContain('No date');
  });

  it('mails a due reminder once: to the assignee, or to the author of an unassigned task; not before it is due', async () => {
    await remind(assignedTask, 'Check the rebar before the pour', past(1));
    await remind(openTask, 'Call the steel supplier', past(2));
    await remind(openTask, 'Not yet', future(24));
    const before = smtp.messages.length;
    const service = remindersService(t.ctx);
    expect(await service.sendDue(silentLog)).toBe(2);
    expect(await service.sendDue(silentLog)).toBe(0);
    await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBe(before + 2);
    const mails = smtp.messages.slice(before).map((raw) => ({ to: mailTo(raw), text: mailText(raw) }));
    const rebar = mails.find((m) => m.text.includes('Check the rebar'));
    const steel = mails.find((m) => m.text.includes('Call the steel supplier'));
    expect(rebar?.to).toContain(crewEmail);
    expect(rebar?.text).toContain('Reminder: Pour slab (Pier Offices)');
    expect(steel?.to).toContain(ownerEmail);
    expect(mails.some((m) => m.text.includes('Not yet'))).toBe(false);
  });

  it('lists due reminders in the recipient’s bell only, and clears one there', async () => {
    const id = await remind(assignedTask, 'Inspect formwork', past(1));
    await remind(assignedTask, 'Later formwork check', future(5));
    const crewBell = json<ReminderDto[]>(await crew.get('/api/reminders'));
    const mine = crewBell.find((r) => r.id === id);
    expect(mine).toMatchObject({ taskName: 'Pour slab', projectName: 'Pier Offices', taskId: assignedTask });
    expect(crewBell.map((r) => r.message)).not.toContain('Later formwork check');
    const ownerBell = json<ReminderDto[]>(await owner.get('/api/reminders'));
    expect(ownerBell.map((r) => r.id)).not.toContain(id);

    expect((await owner.post(`/api/reminders/${id}/dismiss`)).statusCode).toBe(404);
    expect((await crew.post(`/api/reminders/${id}/dismiss`)).statusCode).toBe(200);
    expect(json<ReminderDto[]>(await crew.get('/api/reminders')).map((r) => r.id)).not.toContain(id);
  });

  it('answers 404 for another company’s reminder', async () => {
    const id = await remind(openTask, 'Ours only', past(1));
    const stranger = t.agent();
    await stranger.signUpWithCompany({ company: 'Stranger Co' });
    expect(json<ReminderDto[]>(await stranger.get('/api/reminders'))).toEqual([]);
    expect((await stranger.post(`/api/reminders/${id}/dismiss`)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(updates).where(eq(updates.id, id));
    expect(row?.reminderDismissedAt).toBeNull();
  });
});
