/**
 * Two servers share one PostgreSQL database, both running the reminder job: every due reminder is
 * mailed exactly once, through a real SMTP server. (PGlite is embedded in one process, so this runs
 * against PostgreSQL only.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturingSmtpServer, startSmtpServer } from '../../../../tests/e2e/support/smtp.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { type Database, openDatabase } from '../../db/client.js';
import { updates } from '../../db/schema/index.js';
import {
  createPostgresDatabase,
  dropTestDatabase,
  newDatabaseName,
  templateOf,
  testDbKind,
} from '../../testing/database.js';
import { mailText } from '../../testing/mail-text.js';
import { remindersService } from './reminders.service.js';

const REMINDERS = 30;
const silentLog = { error: () => {}, warn: () => {} };

interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  dataDir: string;
}

let smtp: CapturingSmtpServer;
let dbName: string;
const servers: Server[] = [];

async function startServer(url: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-reminders-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    REMINDERS_ENABLED: 'true',
    REMINDER_INTERVAL_SECONDS: '0.05',
  });
  const database = await openDatabase({ url });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  await app.ready();
  return { app, ctx, database, dataDir };
}

describe.skipIf(testDbKind() !== 'postgres')('reminders on two servers sharing PostgreSQL', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    dbName = newDatabaseName('rem');
    const url = await createPostgresDatabase(dbName, templateOf('postgres'));
    const first = await openDatabase({ url });
    await first.migrate();
    await first.close();
    servers.push(await startServer(url), await startServer(url));
  });
  afterAll(async () => {
    for (const s of servers) {
      await s.app.close();
      await s.database.close();
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await smtp.close();
    if (dbName) await dropTestDatabase(dbName);
  });

  it('mails each due reminder exactly once', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('two servers expected');
    // Everything is set up through server A; the reminders are due at once.
    const inject = (method: 'GET' | 'POST', url: string, payload?: object, cookie = '') =>
      a.app.inject({ method, url, payload, headers: { cookie } });
    const signup = await inject('POST', '/api/auth/signup', {
      email: 'site-lead@example.com',
      password: 'correct-horse',
      firstName: 'Site',
      lastName: 'Lead',
    });
    const cookie = `sid=${signup.cookies.find((c) => c.name === 'sid')?.value}`;
    expect(
      (await inject('POST', '/api/companies', { name: 'Twin Co', type: 'general' }, cookie)).statusCode,
    ).toBe(201);
    const project = await inject(
      'POST',
      '/api/projects',
      {
        name: 'Twin Towers',
        client: 'Twin LLC',
        budget: '1000',
        startDate: '2026-01-05',
        endDate: '2026-06-30',
      },
      cookie,
    );
    const projectId = project.json<{ id: number }>().id;
    const task = await inject('POST', '/api/tasks', { name: 'Crane check', projectId }, cookie);
    const taskId = task.json<{ id: number }>().id;
    const due = new Date(Date.now() - 60_000).toISOString();
    for (let i = 1; i <= REMINDERS; i++) {
      const res = await inject(
        'POST',
        '/api/updates',
        { taskId, message: `Reminder number ${i}.`, isReminder: true, reminderDate: due },
        cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
    }

    // Besides both jobs ticking every 50 ms, both servers scan at the same moments, many times over.
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        remindersService(a.ctx).sendDue(silentLog),
        remindersService(b.ctx).sendDue(silentLog),
      ]);
    }
    await expect.poll(() => smtp.messages.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(REMINDERS);
    // Let each job finish a few more scans of its own before counting.
    for (let round = 0; round < 3; round++) {
      await Promise.all([a.app.reminderJob?.runOnce(), b.app.reminderJob?.runOnce()]);
    }

    expect(a.app.reminderJob).not.toBeNull();
    expect(b.app.reminderJob).not.toBeNull();
    const texts = smtp.messages.map(mailText);
    for (let i = 1; i <= REMINDERS; i++) {
      const copies = texts.filter((text) => text.includes(`Reminder number ${i}.`));
      expect(copies, `reminder ${i}`).toHaveLength(1);
    }
    expect(smtp.messages).toHaveLength(REMINDERS);
    const unsent = await a.ctx.database.ownerDb
      .select({ n: sql<number>`count(*)::int` })
      .from(updates)
      .where(isNull(updates.reminderSentAt));
    expect(unsent[0]?.n).toBe(0);
  });
});
