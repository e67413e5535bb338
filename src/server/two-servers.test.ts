/**
 * Two app servers on one PostgreSQL database, as behind a load balancer with no sticky sessions: a
 * user signed in through one is signed in on the other, signing out on either ends the session on
 * both, and a plan generation asked of both at the same moment runs once. (The reminder job's
 * once-only sending is tested in reminders-two-servers.test.ts; PGlite is one process's own
 * database, so this runs against PostgreSQL only.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto } from '../contracts/ai.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase } from './db/client.js';
import { planGenerations, tasks } from './db/schema/index.js';
import { createProject, estimateText, generate, REMODEL_ITEMS } from './modules/ai/ai-test-support.js';
import { createTestDatabase, testDbKind } from './testing/database.js';
import { Agent, json } from './testing/harness.js';

interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  dataDir: string;
}

const servers: Server[] = [];
let drop: (() => Promise<void>) | undefined;

describe.skipIf(testDbKind() !== 'postgres')('two servers sharing one PostgreSQL database', () => {
  beforeAll(async () => {
    const made = await createTestDatabase('postgres');
    drop = made.drop;
    if (!made.url) throw new Error('a PostgreSQL test database has a URL');
    for (let i = 0; i < 2; i++) {
      // Each server with its own connection pool, as separate processes would have.
      const database = await openDatabase({ url: made.url });
      const dataDir = mkdtempSync(join(tmpdir(), 'babe-two-servers-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        // One secret for every server: each signs and checks the same session cookies.
        SESSION_SECRET: 'shared-secret-shared-secret-shared-secret-01',
        LOG_LEVEL: 'silent',
      });
      const { app, ctx } = await buildApp(config, { database, logger: false });
      await app.ready();
      servers.push({ app, ctx, database, dataDir });
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.app.close();
      await server.database.close();
      rmSync(server.dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
    await drop?.();
  });

  /** The same browser (its session cookie) talking to the other server. */
  function onOtherServer(agent: Agent, server: Server): Agent {
    const other = new Agent(server.app);
    const sid = agent.sessionCookie;
    if (sid) other.setCookie('sid', sid);
    return other;
  }

  it('shares sign-in and sign-out between the servers', async () => {
    const [a, b] = servers as [Server, Server];
    const onA = new Agent(a.app);
    const { email } = await onA.signUpWithCompany({ company: 'Shared Builders' });
    const onB = onOtherServer(onA, b);
    const me = await onB.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(json<{ email: string }>(me).email).toBe(email);

    const out = await onB.post('/api/auth/logout');
    expect(out.statusCode).toBeLessThan(300);
    expect((await onB.get('/api/auth/user')).statusCode).toBe(401);
    // The cookie the first server handed out signs nobody in there either.
    expect((await onA.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('runs a plan generation asked of both servers at once only once', async () => {
    const [a, b] = servers as [Server, Server];
    const onA = new Agent(a.app);
    await onA.signUpWithCompany({ company: 'Plan Builders' });
    const onB = onOtherServer(onA, b);
    const projectId = await createProject(onA, { budget: 120_000 });
    const body = { projectId, estimateContent: estimateText(REMODEL_ITEMS), fileName: 'miller.pdf' };
    const [first, second] = await Promise.all([generate(onA, body), generate(onB, body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const plans = [json<GeneratedPlanDto>(first), json<GeneratedPlanDto>(second)];
    expect(plans.map((p) => p.reused).sort()).toEqual([false, true]);
    expect(plans[0]?.generationId).toBe(plans[1]?.generationId);

    const runs = await a.ctx.database.ownerDb
      .select()
      .from(planGenerations)
      .where(eq(planGenerations.projectId, projectId));
    expect(runs).toHaveLength(1);
    const written = await a.ctx.database.ownerDb
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.projectId, projectId));
    const created = plans.find((p) => !p.reused);
    expect(written).toHaveLength(created?.tasks.length ?? -1);
  });
});
