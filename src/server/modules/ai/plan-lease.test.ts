/**
 * The lease of a running plan generation: a run whose server died (its row left running, its
 * heartbeat silent) is reported and written failed and taken over at once by a retry; a live run
 * renews its lease while it works, so neither its own server nor another one gives it up.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeneratedPlanDto, PlanProgressDto } from '../../../contracts/ai.js';
import { buildApp } from '../../app.js';
import { aiInsights, planGenerations, projects, tasks } from '../../db/schema/index.js';
import { Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { aiRepo } from './ai.repo.js';
import { sha256 } from './ai.service.js';
import { createProject, estimateText, generate, REMODEL_ITEMS } from './ai-test-support.js';
import { LEASE_MS } from './plan-lease.js';

const REMODEL = estimateText(REMODEL_ITEMS);

/**
 * A chat-completions server that answers at once, or, while `holding`, keeps each request open
 * until `releaseHeld()`: a model analysis as slow as the test needs. Its answer is not JSON, so
 * the built-in analyzer plans the estimate after it.
 */
let holding = false;
const held: ServerResponse[] = [];
/** How many analyses the model server was asked for. */
let asked = 0;
const modelServer = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    asked++;
    if (holding) held.push(res);
    else answer(res);
  });
});
function answer(res: ServerResponse) {
  const completion = {
    id: 'chatcmpl-lease',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'estimate-model-1',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: 'still thinking' },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
}
function releaseHeld() {
  holding = false;
  for (const res of held.splice(0)) answer(res);
}

/** The app's clock: real time moved forward by `offsetMs`, so a test can step past the lease. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  await new Promise<void>((resolve) => modelServer.listen(0, '127.0.0.1', resolve));
  const port = (modelServer.address() as AddressInfo).port;
  t = await createTestApp(
    {
      ANALYZER: 'model',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: 'sk-test-key',
      AI_MODEL: 'estimate-model-1',
      AI_TIMEOUT_SECONDS: '15',
    },
    { now },
  );
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Lease Builders' });
});
afterAll(async () => {
  releaseHeld();
  await t.close();
  modelServer.closeAllConnections();
  await new Promise((resolve) => modelServer.close(resolve));
});
beforeEach(() => {
  releaseHeld();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function generationRow(id: number) {
  const [row] = await t.ctx.db.select().from(planGenerations).where(eq(planGenerations.id, id));
  if (!row) throw new Error(`generation ${id} not stored`);
  return row;
}

/** The row a server that died while saving the plan leaves: running at 85 %, last heard `silentMs` ago. */
async function leaveDeadRun(projectId: number, silentMs: number): Promise<number> {
  const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
  const lastHeard = new Date(now().getTime() - silentMs);
  const [row] = await t.ctx.db
    .insert(planGenerations)
    .values({
      companyId: project?.companyId as number,
      projectId,
      contentHash: sha256(REMODEL),
      fileName: 'miller.pdf',
      status: 'running',
      step: 'creating-insights',
      percent: 85,
      createdAt: new Date(lastHeard.getTime() - 20_000),
      updatedAt: lastHeard,
    })
    .returning({ id: planGenerations.id });
  return row?.id as number;
}

const progressOf = async (agent: Agent, projectId: number) => {
  const res = await agent.get(`/api/ai/plan-progress/${projectId}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<PlanProgressDto>(res);
};

describe('a plan generation whose server died', () => {
  it('is running within the lease, then reported and written failed, and a retry reruns it at once', async () => {
    const projectId = await createProject(owner, { budget: 150_000 });
    const deadId = await leaveDeadRun(projectId, 2_000);

    // Heard from 2 s ago: another server may well be working on it.
    expect(await progressOf(owner, projectId)).toMatchObject({ status: 'running', percent: 85 });

    offsetMs += LEASE_MS;
    const progress = await progressOf(owner, projectId);
    expect(progress).toMatchObject({
      generationId: deadId,
      status: 'failed',
      step: 'creating-insights',
      percent: 85,
    });
    expect(progress.error).toMatch(/stopped unexpectedly; try again/);
    // Written, so every reader (another server, a retry) sees the same.
    expect(await generationRow(deadId)).toMatchObject({ status: 'failed', error: progress.error });

    const started = Date.now();
    const retry = await generate(owner, { projectId, estimateContent: REMODEL, fileName: 'miller.pdf' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(LEASE_MS);
    expect(json<GeneratedPlanDto>(retry)).toMatchObject({ generationId: deadId, reused: false });
    expect(await progressOf(owner, projectId)).toMatchObject({
      generationId: deadId,
      status: 'succeeded',
      percent: 100,
      error: null,
    });
  });

  it('is taken over at once by a retry even before anyone read its progress', async () => {
    const projectId = await createProject(owner, { budget: 150_000 });
    const deadId = await leaveDeadRun(projectId, LEASE_MS + 5_000);

    const started = Date.now();
    const retry = await generate(owner, { projectId, estimateContent: REMODEL });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(LEASE_MS);
    const plan = json<GeneratedPlanDto>(retry);
    expect(plan).toMatchObject({ generationId: deadId, reused: false });
    expect(plan.tasks.length).toBeGreaterThan(0);
    expect(await generationRow(deadId)).toMatchObject({ status: 'succeeded', percent: 100 });
  });
});

describe('a live plan generation', () => {
  it('renews its lease while it works: neither its server nor another fails it or takes it over', async () => {
    const projectId = await createProject(owner, { budget: 150_000 });
    holding = true;
    const body = { projectId, estimateContent: REMODEL };
    const running = generate(owner, body);
    await waitFor('the model analysis to start', () => held.length === 1);
    const { generationId } = await progressOf(owner, projectId);

    // Far past the lease by the app's clock, before the next heartbeat: the run is this server's own.
    offsetMs += 6 * LEASE_MS;
    const steppedAt = now();
    expect(await progressOf(owner, projectId)).toMatchObject({ generationId, status: 'running' });

    // The heartbeat catches the row up with the clock while the analysis is still going.
    await waitFor(
      'a heartbeat after the clock moved',
      async () => (await generationRow(generationId)).updatedAt >= steppedAt,
    );
    expect(held).toHaveLength(1);

    // Another server on the same database knows nothing of the run but its heartbeat.
    const other = await buildApp(t.config, { database: t.ctx.database, logger: false, now });
    try {
      await other.app.ready();
      const elsewhere = new Agent(other.app);
      elsewhere.setCookie('sid', owner.sessionCookie as string);
      expect(await progressOf(elsewhere, projectId)).toMatchObject({ generationId, status: 'running' });
      const askedBefore = asked;
      const looks = vi.spyOn(aiRepo, 'find');
      const retry = generate(elsewhere, body);
      try {
        // Looking at the running generation a second time means the retry is waiting on it.
        await waitFor('the retry to wait for the live run', () => looks.mock.calls.length >= 2);
      } finally {
        looks.mockRestore();
      }
      expect(asked, 'the retry waits instead of running the analysis again').toBe(askedBefore);

      releaseHeld();
      const [first, second] = await Promise.all([running, retry]);
      expect(asked, 'the analysis ran once').toBe(askedBefore);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(json<GeneratedPlanDto>(first)).toMatchObject({ generationId, reused: false });
      expect(json<GeneratedPlanDto>(second)).toMatchObject({ generationId, reused: true });
    } finally {
      await other.app.close();
    }
    expect(await progressOf(owner, projectId)).toMatchObject({ status: 'succeeded', percent: 100 });
  });
});

describe('a plan generation given up for dead while it was still working', () => {
  it('keeps none of its plan once another run has taken its row over', async () => {
    const projectId = await createProject(owner, { budget: 150_000 });
    holding = true;
    const running = generate(owner, { projectId, estimateContent: REMODEL });
    await waitFor('the model analysis to start', () => held.length === 1);
    const { generationId } = await progressOf(owner, projectId);

    // Another server took the row over (as a retry does after the lease ran out) and is running it.
    const takenOverAt = new Date(now().getTime() + 1_000);
    await t.ctx.db
      .update(planGenerations)
      .set({ step: 'initializing', percent: 10, createdAt: takenOverAt, updatedAt: takenOverAt })
      .where(eq(planGenerations.id, generationId));

    releaseHeld();
    const res = await running;
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res).code).toBe('plan_generation_running');
    const planTasks = await t.ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.projectId, projectId));
    expect(planTasks).toHaveLength(0);
    // The plan's own insights (the rules' background refresh may raise others about the new project).
    const planInsights = await t.ctx.db
      .select({ id: aiInsights.id })
      .from(aiInsights)
      .where(and(eq(aiInsights.projectId, projectId), eq(aiInsights.source, 'plan')));
    expect(planInsights).toHaveLength(0);
    // The other run's row is left as that run wrote it.
    expect(await generationRow(generationId)).toMatchObject({
      status: 'running',
      step: 'initializing',
      percent: 10,
      error: null,
      createdAt: takenOverAt,
    });
  });
});
