import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InsightDto } from '../../../contracts/ai.js';
import type { PortfolioAnalysisDto } from '../../../contracts/insights.js';
import type { InsightsRefresh } from '../../context.js';
import { aiInsights, tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { insightsRepo } from './insights.repo.js';
import { createInsightsRefresh } from './insights-refresh.js';
import { NOW, type SeededCompany, seedCompany } from './insights-test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
let seeded: SeededCompany;
let otherSeeded: SeededCompany;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Harbor Builders' });
  await other.signUpWithCompany({ company: 'Other Builders' });
  seeded = await seedCompany(owner);
  otherSeeded = await seedCompany(other, 'Other clinic');
  // Seeding scheduled the projects: let those background refreshes finish before the tests start.
  await t.ctx.insightsRefresh.idle();
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Whether the queue is idle right now (without waiting for anything to run). */
async function idleNow(refresh: InsightsRefresh): Promise<boolean> {
  let done = false;
  void refresh.idle().then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const list = async (agent: Agent, query = '') =>
  json<InsightDto[]>(await agent.get(`/api/ai-insights${query}`));
const overdue = (i: InsightDto) => i.title.startsWith('Overdue critical work');
const unlicensed = (i: InsightDto) => i.title.startsWith('Unlicensed subcontractor');

describe('POST /api/ai-insights/refresh', () => {
  it('derives the insights from the data, naming the project, the task and the numbers', async () => {
    const res = await owner.post('/api/ai-insights/refresh');
    expect(res.statusCode).toBe(200);
    const insights = json<InsightDto[]>(res);
    const late = insights.find(overdue);
    expect(late).toMatchObject({
      projectId: seeded.projectId,
      taskId: seeded.frameId,
      type: 'risk',
      severity: 'high',
      isActive: true,
    });
    expect(late?.title).toBe('Overdue critical work pushes "Harbor Clinic" 8 working days');
    expect(late?.description).toContain('"Frame walls" (due 2026-03-13, 1 working day late)');
    const sub = insights.find(unlicensed);
    expect(sub).toMatchObject({ taskId: seeded.wiringId, severity: 'high' });
    expect(sub?.description).toContain('"Rough-in electrical" in "Harbor Clinic"');
    // Never another company's.
    expect(insights.some((i) => i.projectId === otherSeeded.projectId)).toBe(false);
  });

  it('deactivates the previous insights instead of deleting them', async () => {
    const before = await list(owner);
    const again = json<InsightDto[]>(await owner.post('/api/ai-insights/refresh'));
    expect(again.find(overdue)?.id).not.toBe(before.find(overdue)?.id);
    const old = await t.ctx.db
      .select()
      .from(aiInsights)
      .where(
        inArray(
          aiInsights.id,
          before.map((i) => i.id),
        ),
      );
    expect(old).toHaveLength(before.length);
    expect(old.every((r) => !r.isActive)).toBe(true);
    expect((await list(owner)).map((i) => i.id).sort()).toEqual(again.map((i) => i.id).sort());
  });
});

describe('GET /api/ai-insights', () => {
  it("filters by project, refuses another company's project and bad ids", async () => {
    const mine = await list(owner, `?projectId=${seeded.projectId}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((i) => i.projectId === seeded.projectId)).toBe(true);
    expect((await owner.get(`/api/ai-insights?projectId=${otherSeeded.projectId}`)).statusCode).toBe(404);
    expect((await owner.get('/api/ai-insights?projectId=abc')).statusCode).toBe(400);
    expect((await owner.get('/api/ai-insights?projectId=0')).statusCode).toBe(400);
  });
});

describe('POST /api/ai-insights/{id}/dismiss', () => {
  it('dismisses an insight for good: gone from the list, and a refresh does not raise it again', async () => {
    const sub = (await list(owner)).find(unlicensed) as InsightDto;
    const res = await owner.post(`/api/ai-insights/${sub.id}/dismiss`);
    expect(res.statusCode).toBe(200);
    expect(json<InsightDto>(res)).toMatchObject({ id: sub.id, isActive: false });
    expect((await list(owner)).some(unlicensed)).toBe(false);
    await owner.post('/api/ai-insights/refresh');
    expect((await list(owner)).some(unlicensed)).toBe(false);
    expect((await list(owner)).some(overdue)).toBe(true);
  });

  it("answers 404 for another company's insight or a missing one, 400 for a bad id, and changes nothing", async () => {
    const theirs = json<InsightDto[]>(await other.post('/api/ai-insights/refresh'))[0] as InsightDto;
    expect((await owner.post(`/api/ai-insights/${theirs.id}/dismiss`)).statusCode).toBe(404);
    expect((await list(other)).some((i) => i.id === theirs.id)).toBe(true);
    expect((await owner.post('/api/ai-insights/999999999/dismiss')).statusCode).toBe(404);
    expect((await owner.post('/api/ai-insights/abc/dismiss')).statusCode).toBe(400);
  });
});

describe('insights after a schedule change', () => {
  it('brings the insights up to date in the background once the tasks are rescheduled', async () => {
    await owner.post('/api/ai-insights/refresh');
    const late = (await list(owner)).find(overdue) as InsightDto;
    // Longer framing moves its due date past today: it is no longer overdue.
    const res = await owner.put(`/api/tasks/${seeded.frameId}`, { duration: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-rescheduled']).toBe('true');
    await t.ctx.insightsRefresh.idle();
    expect((await list(owner)).some(overdue)).toBe(false);
    const [row] = await t.ctx.db.select().from(aiInsights).where(eq(aiInsights.id, late.id));
    expect(row?.isActive).toBe(false);
    // The rest of the findings were unchanged: their rows are kept, not replaced.
    const sub = (await list(owner)).find(unlicensed);
    expect(sub?.isActive ?? true).toBe(true);
  });

  it('never fails the schedule write when the insights cannot be refreshed, and logs why', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    let warnings: unknown[][] = [];
    await t.ctx.insightsRefresh.idle();
    await t.ctx.db.execute(sql.raw('alter table ai_insights rename to ai_insights_away'));
    try {
      const res = await owner.put(`/api/tasks/${seeded.frameId}`, { duration: 9 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-rescheduled']).toBe('true');
      await t.ctx.insightsRefresh.idle();
    } finally {
      await t.ctx.db.execute(sql.raw('alter table ai_insights_away rename to ai_insights'));
      warnings = [...warn.mock.calls];
      warn.mockRestore();
    }
    expect(warnings).toContainEqual([
      expect.objectContaining({ companyId: expect.any(Number), err: expect.any(Error) }),
      'Insights were not refreshed after a schedule change',
    ]);
    const frame = json<{ endDate: string; duration: number }>(
      await owner.get(`/api/tasks/${seeded.frameId}`),
    );
    expect(frame.duration).toBe(9);
    expect(frame.endDate.slice(0, 10)).toBe('2026-03-12');
    const stillThere = await t.ctx.db
      .select()
      .from(aiInsights)
      .where(and(eq(aiInsights.projectId, seeded.projectId), eq(aiInsights.isActive, true)));
    expect(stillThere.length).toBeGreaterThan(0);
    // The next change refreshes them again: framing due 2026-03-12 is overdue once more.
    expect((await owner.post(`/api/projects/${seeded.projectId}/schedule`)).statusCode).toBe(200);
    await t.ctx.insightsRefresh.idle();
    expect((await list(owner)).some(overdue)).toBe(true);
  });

  it('refreshes only once the transaction that asked for it has committed, and sees its change', async () => {
    const companyId = (await t.ctx.db.select().from(tasks).where(eq(tasks.id, seeded.roofId)))[0]
      ?.companyId as number;
    let checks = 0;
    let reportedOpen = 0;
    const seen: (number | null)[] = [];
    // A queue of its own with no delay: it would start at once, inside the open transaction.
    const queue = createInsightsRefresh({
      db: t.ctx.db,
      delayMs: 0,
      pollMs: 10,
      inProgress: async (xids) => {
        checks += 1;
        const open = await insightsRepo.transactionsInProgress(t.ctx.db, xids);
        if (open.length > 0) reportedOpen += 1;
        return open;
      },
      refresh: async () => {
        const [roof] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, seeded.roofId));
        seen.push(roof?.duration ?? null);
      },
    });
    try {
      await t.ctx.db.transaction(async (tx) => {
        await tx.update(tasks).set({ duration: 17 }).where(eq(tasks.id, seeded.roofId));
        await queue.requestAfterCommit(tx, companyId);
        // The refresh has started and waits for this transaction: on PostgreSQL it found it still
        // open (a refresh that did not wait would have read by now); on PGlite, whose transactions
        // run one at a time, its check itself waits for the commit.
        const waiting = () =>
          t.ctx.database.kind === 'pglite' ? checks > 0 : reportedOpen > 0 || seen.length > 0;
        await vi.waitFor(() => expect(waiting()).toBe(true), { timeout: 60_000 });
        expect(seen).toEqual([]);
      });
      await queue.idle();
      expect(seen).toEqual([17]);
    } finally {
      await queue.stop();
      await t.ctx.db.update(tasks).set({ duration: 10 }).where(eq(tasks.id, seeded.roofId));
    }
  });

  it('stops with the app: a waiting refresh is dropped and later requests are ignored', async () => {
    const closing = await createTestApp({}, { now: () => NOW });
    const agent = closing.agent();
    try {
      await agent.signUpWithCompany({ company: 'Closing Builders' });
      const company = await seedCompany(agent);
      expect((await agent.post(`/api/projects/${company.projectId}/schedule`)).statusCode).toBe(200);
    } finally {
      await closing.close();
    }
    // Nothing is left waiting (it would run against a closed database), and nothing new starts.
    expect(await idleNow(closing.ctx.insightsRefresh)).toBe(true);
    closing.ctx.insightsRefresh.request(1);
    expect(await idleNow(closing.ctx.insightsRefresh)).toBe(true);
  });
});

describe('GET /api/ai-portfolio-analysis', () => {
  it('writes the summary from the portfolio and its active insights', async () => {
    await owner.post('/api/ai-insights/refresh');
    const res = await owner.get('/api/ai-portfolio-analysis');
    expect(res.statusCode).toBe(200);
    const { analysis } = json<PortfolioAnalysisDto>(res);
    expect(analysis).toContain('1 open project with $500,000 of budget and 3 tasks');
    expect(analysis).toContain('Harbor Clinic (');
    expect(analysis).not.toContain('Other clinic');
    const one = json<PortfolioAnalysisDto>(
      await owner.get(`/api/ai-portfolio-analysis?projectId=${seeded.projectId}`),
    );
    expect(one.analysis).toContain('1 open project');
    expect(
      (await owner.get(`/api/ai-portfolio-analysis?projectId=${otherSeeded.projectId}`)).statusCode,
    ).toBe(404);
    expect((await owner.get('/api/ai-portfolio-analysis?projectId=x')).statusCode).toBe(400);
  });

  it('needs a signed-in company user', async () => {
    const anonymous = t.agent();
    expect((await anonymous.get('/api/ai-portfolio-analysis')).statusCode).toBe(401);
    expect((await anonymous.post('/api/ai-insights/refresh')).statusCode).toBe(401);
  });
});
