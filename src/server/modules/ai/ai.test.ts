import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto, InsightDto, PlanProgressDto } from '../../../contracts/ai.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { estimateToPlan } from '../../../domain/estimate/index.js';
import type { Trade } from '../../../domain/estimate/types.js';
import { aiInsights, planGenerations, projects, tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import {
  costSum,
  createProject,
  DECK_ITEMS,
  estimateText,
  expectSoundPlan,
  generate,
  grandTotal,
  REMODEL_ITEMS,
  worksTotal,
} from './ai-test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Oakline Builders' });
  await other.signUpWithCompany({ company: 'Other Builders' });
});
afterAll(async () => {
  await t.close();
});

const REMODEL = estimateText(REMODEL_ITEMS);
const REMODEL_TOTAL = worksTotal(REMODEL_ITEMS);

/** The trade of each package key, as the built-in analyzer plans the text (deterministic). */
function tradesByKey(text: string): Map<string, Trade> {
  const plan = estimateToPlan(text, { projectType: 'Residential' });
  return new Map(plan.packages.map((p) => [p.key, p.trade]));
}

/** Which task each package key became, from the generation's stored result. */
async function taskIdsByKey(generationId: number): Promise<Record<string, number>> {
  const [row] = await t.ctx.db.select().from(planGenerations).where(eq(planGenerations.id, generationId));
  if (!row) throw new Error(`generation ${generationId} not stored`);
  const { taskIdsByKey, tradesByKey } = row.result as {
    taskIdsByKey: Record<string, number>;
    tradesByKey: Record<string, Trade>;
  };
  expect(Object.keys(tradesByKey).sort()).toEqual(Object.keys(taskIdsByKey).sort());
  return taskIdsByKey;
}

async function projectTasks(agent: Agent, projectId: number): Promise<TaskDto[]> {
  const res = await agent.get(`/api/projects/${projectId}/tasks`);
  expect(res.statusCode).toBe(200);
  return json<TaskDto[]>(res);
}

const countRows = async (table: typeof tasks, projectId: number) =>
  (await t.ctx.db.select({ id: table.id }).from(table).where(eq(table.projectId, projectId))).length;

/**
 * The project's insights written by plans. The insight rules' own (`engine`) are refreshed in the
 * background after every write, so how many of those exist at a given moment depends on timing.
 */
const planInsightIds = async (projectId: number) =>
  (
    await t.ctx.db
      .select({ id: aiInsights.id })
      .from(aiInsights)
      .where(and(eq(aiInsights.projectId, projectId), eq(aiInsights.source, 'plan')))
  ).map((row) => row.id);
const countPlanInsights = async (projectId: number) => (await planInsightIds(projectId)).length;

describe('POST /api/ai/generate-project-plan', () => {
  it('saves a dated plan from the estimate text: tasks per trade, links, critical path, costs and insights', async () => {
    const budget = Math.round(REMODEL_TOTAL * 0.6);
    const projectId = await createProject(owner, { budget });
    const res = await generate(owner, {
      projectId,
      projectName: 'Miller remodel',
      projectType: 'Residential',
      budget,
      startDate: '2026-03-02',
      endDate: '2026-12-31',
      estimateContent: REMODEL,
      fileName: 'miller-estimate.pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    expect(plan).toMatchObject({ projectId, analyzer: 'builtin', reused: false });
    expect(plan.estimateTotal).toBeCloseTo(REMODEL_TOTAL, 2);

    // The tasks are the project's, as stored, one per planned package.
    const stored = await projectTasks(owner, projectId);
    expect(stored.map((s) => s.id).sort()).toEqual(plan.tasks.map((p) => p.id).sort());
    const keys = await taskIdsByKey(plan.generationId);
    const trades = tradesByKey(REMODEL);
    expect(new Set(Object.keys(keys))).toEqual(new Set(trades.keys()));
    const tradesPlanned = new Set(Object.keys(keys).map((k) => trades.get(k)));
    for (const trade of [
      'permits',
      'demolition',
      'framing',
      'plumbing',
      'electrical',
      'drywall',
      'cabinets-millwork',
      'countertops',
      'tile',
      'flooring',
      'painting',
      'inspections',
      'closeout',
    ] satisfies Trade[]) {
      expect(tradesPlanned, trade).toContain(trade);
    }

    // Links name tasks of the plan, form a DAG; the scheduler dated every task from the start.
    expectSoundPlan(stored);
    for (const task of stored) expect(task.startDate.slice(0, 10) >= '2026-03-02', task.name).toBe(true);
    expect(plan.finishDate).toBe(stored.map((s) => s.endDate.slice(0, 10)).reduce((a, b) => (a > b ? a : b)));

    // The critical path runs from the permits to the closeout, and the flags match it.
    expect(plan.criticalPath.length).toBeGreaterThan(1);
    const tradeOfTask = new Map(Object.entries(keys).map(([key, id]) => [id, trades.get(key)]));
    expect(tradeOfTask.get(plan.criticalPath[0] as number)).toBe('permits');
    expect(tradeOfTask.get(plan.criticalPath.at(-1) as number)).toBe('closeout');
    for (const task of stored) expect(task.isCritical, task.name).toBe(plan.criticalPath.includes(task.id));

    // Task costs add up to the estimate's works (tax and contingency are not work).
    expect(costSum(plan)).toBeCloseTo(REMODEL_TOTAL, 2);
    for (const task of stored) {
      expect(JSON.parse(task.materials)).toBeInstanceOf(Array);
      expect(JSON.parse(task.specifications)).toBeInstanceOf(Array);
    }

    // Insights are stored with the project, among them the budget below the estimate.
    expect(plan.insights.length).toBeGreaterThan(0);
    const budgetInsight = plan.insights.find((i) => /budget/i.test(`${i.title} ${i.description}`));
    expect(budgetInsight, JSON.stringify(plan.insights)).toBeDefined();
    expect(budgetInsight?.type).toBe('risk');
    const listed = json<InsightDto[]>(await owner.get(`/api/ai-insights?projectId=${projectId}`));
    expect(listed.map((i) => i.id).sort()).toEqual(plan.insights.map((i) => i.id).sort());

    const progress = json<PlanProgressDto>(await owner.get(`/api/ai/plan-progress/${projectId}`));
    expect(progress).toMatchObject({
      generationId: plan.generationId,
      projectId,
      status: 'succeeded',
      step: 'finalizing',
      percent: 100,
      fileName: 'miller-estimate.pdf',
      error: null,
    });
  });

  it("adds no budget insight when the budget is within 5% of the estimate's total", async () => {
    // The budget must cover the whole estimate: works, tax and contingency.
    const budget = Math.round(grandTotal(REMODEL_ITEMS) * 1.03);
    const projectId = await createProject(owner, { budget });
    const res = await generate(owner, { projectId, budget, estimateContent: REMODEL });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    expect(plan.insights.filter((i) => /budget/i.test(i.title))).toEqual([]);
  });

  it('answers two identical concurrent requests with one set of tasks; the second is reused', async () => {
    const projectId = await createProject(owner, { budget: REMODEL_TOTAL });
    const body = { projectId, estimateContent: REMODEL, fileName: 'miller.pdf' };
    const [a, b] = await Promise.all([generate(owner, body), generate(owner, body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const plans = [json<GeneratedPlanDto>(a), json<GeneratedPlanDto>(b)];
    expect(plans.map((p) => p.reused).sort()).toEqual([false, true]);
    expect(plans[0]?.generationId).toBe(plans[1]?.generationId);
    expect(plans[0]?.tasks.map((x) => x.id)).toEqual(plans[1]?.tasks.map((x) => x.id));
    const created = plans.find((p) => !p.reused) as GeneratedPlanDto;
    expect(await countRows(tasks, projectId)).toBe(created.tasks.length);
    // Every insight a plan wrote was reported by the one plan made (none from the second request).
    const written = await planInsightIds(projectId);
    expect(written.length).toBeGreaterThan(0);
    expect(created.insights.map((i) => i.id)).toEqual(expect.arrayContaining(written));

    // A third identical request later creates nothing either.
    const again = json<GeneratedPlanDto>(await generate(owner, body));
    expect(again).toMatchObject({ reused: true, generationId: created.generationId });
    expect(await countRows(tasks, projectId)).toBe(created.tasks.length);
    const rows = await t.ctx.db
      .select()
      .from(planGenerations)
      .where(eq(planGenerations.projectId, projectId));
    expect(rows).toHaveLength(1);
  });

  it('links a second, different estimate into the existing permits/inspections/closeout chain', async () => {
    const projectId = await createProject(owner, {
      budget: grandTotal(REMODEL_ITEMS) + grandTotal(DECK_ITEMS),
    });
    const first = json<GeneratedPlanDto>(await generate(owner, { projectId, estimateContent: REMODEL }));
    const deck = estimateText(DECK_ITEMS, 'Miller rear deck');
    const res = await generate(owner, { projectId, estimateContent: deck, fileName: 'deck.pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const second = json<GeneratedPlanDto>(res);
    expect(second.generationId).not.toBe(first.generationId);

    const firstKeys = await taskIdsByKey(first.generationId);
    const secondKeys = await taskIdsByKey(second.generationId);
    const deckTrades = tradesByKey(deck);
    const remodelTrades = tradesByKey(REMODEL);
    const chain = new Set<Trade>(['permits', 'inspections', 'punch-list', 'closeout']);
    for (const [key, id] of Object.entries(secondKeys)) {
      const trade = deckTrades.get(key) as Trade;
      if (chain.has(trade) && firstKeys[key] !== undefined) {
        expect(id, `${key} is the first estimate's task`).toBe(firstKeys[key]);
      }
    }
    const all = await projectTasks(owner, projectId);
    const tradeOfId = new Map<number, Trade | undefined>();
    for (const [key, id] of Object.entries(firstKeys)) tradeOfId.set(id, remodelTrades.get(key));
    for (const [key, id] of Object.entries(secondKeys))
      if (!tradeOfId.has(id)) tradeOfId.set(id, deckTrades.get(key));
    const tradeOf = (id: number) => tradeOfId.get(id);
    expect(all.filter((task) => tradeOf(task.id) === 'permits')).toHaveLength(1);
    expect(all.filter((task) => tradeOf(task.id) === 'closeout')).toHaveLength(1);
    // The project holds the first estimate's tasks and the deck's new ones, still one DAG, dated.
    const firstIds = new Set(Object.values(firstKeys));
    const deckOnly = new Set(Object.values(secondKeys).filter((id) => !firstIds.has(id)));
    expect(deckOnly.size).toBeGreaterThan(0);
    expect(all).toHaveLength(firstIds.size + deckOnly.size);
    expectSoundPlan(all);
    const closeout = all.find((task) => tradeOf(task.id) === 'closeout') as TaskDto;
    expect(closeout.endDate.slice(0, 10)).toBe(second.finishDate);
    expect(second.notes.some((n) => /earlier estimate/i.test(n))).toBe(true);
    // The budget left after the remodel covers the deck exactly: no budget insight for it.
    expect(second.insights.filter((i) => /budget/i.test(i.title))).toEqual([]);
  });

  it('rolls everything back when the schedule cannot be computed, and shows the generation failed', async () => {
    const projectId = await createProject(owner, { budget: REMODEL_TOTAL });
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const companyId = project?.companyId as number;
    const base = {
      companyId,
      projectId,
      duration: 2,
      startDate: new Date('2026-03-02T00:00:00Z'),
      endDate: new Date('2026-03-03T00:00:00Z'),
    };
    const [a] = await t.ctx.db
      .insert(tasks)
      .values({ ...base, name: 'Loop A' })
      .returning({ id: tasks.id });
    const [b] = await t.ctx.db
      .insert(tasks)
      .values({
        ...base,
        name: 'Loop B',
        dependencies: JSON.stringify([{ taskId: a?.id, type: 'FS', lagDays: 0 }]),
      })
      .returning({ id: tasks.id });
    await t.ctx.db
      .update(tasks)
      .set({ dependencies: JSON.stringify([{ taskId: b?.id, type: 'FS', lagDays: 0 }]) })
      .where(eq(tasks.id, a?.id as number));

    // The company's background insights refresh (after other tests' plans) is let finish before each
    // count, so only what this generation writes is compared.
    await t.ctx.insightsRefresh.idle();
    const insightsBefore = await countPlanInsights(projectId);
    const res = await generate(owner, { projectId, estimateContent: REMODEL });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('dependency_cycle');
    expect(await countRows(tasks, projectId)).toBe(2);
    await t.ctx.insightsRefresh.idle();
    expect(await countPlanInsights(projectId)).toBe(insightsBefore);
    const progress = json<PlanProgressDto>(await owner.get(`/api/ai/plan-progress/${projectId}`));
    expect(progress.status).toBe('failed');
    expect(progress.error).toMatch(/cycle/);

    // Once the loop is gone, the same estimate is claimed again and runs.
    await t.ctx.db.delete(tasks).where(and(eq(tasks.projectId, projectId)));
    const retry = await generate(owner, { projectId, estimateContent: REMODEL });
    expect(retry.statusCode, retry.body).toBe(200);
    const plan = json<GeneratedPlanDto>(retry);
    expect(plan.reused).toBe(false);
    expect(plan.generationId).toBe(progress.generationId);
    expect(json<PlanProgressDto>(await owner.get(`/api/ai/plan-progress/${projectId}`))).toMatchObject({
      status: 'succeeded',
      percent: 100,
      error: null,
    });
  });

  it('answers 422 for text with no work items, creates nothing, and the progress says why', async () => {
    const projectId = await createProject(owner, { budget: 1000 });
    // The company's insights are refreshed in the background after other tests' plans: counted once
    // that is done, before and after, so only what this generation writes is compared.
    await t.ctx.insightsRefresh.idle();
    const insightsBefore = await countPlanInsights(projectId);
    const res = await generate(owner, {
      projectId,
      estimateContent: 'Thank you for the opportunity to bid.\nWe look forward to working with you.',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'no_work_items' });
    expect(json<{ message: string }>(res).message).toMatch(/No work items could be read from this estimate/);
    expect(await countRows(tasks, projectId)).toBe(0);
    await t.ctx.insightsRefresh.idle();
    expect(await countPlanInsights(projectId)).toBe(insightsBefore);
    const progress = json<PlanProgressDto>(await owner.get(`/api/ai/plan-progress/${projectId}`));
    expect(progress).toMatchObject({ status: 'failed' });
    expect(progress.error).toMatch(/No work items/);
  });

  it("answers 404 for another company's project and creates nothing", async () => {
    const projectId = await createProject(owner, { budget: 1000 });
    const res = await generate(other, { projectId, estimateContent: REMODEL });
    expect(res.statusCode).toBe(404);
    expect(await countRows(tasks, projectId)).toBe(0);
    expect((await other.get(`/api/ai/plan-progress/${projectId}`)).statusCode).toBe(404);
    expect((await other.get(`/api/ai-insights?projectId=${projectId}`)).statusCode).toBe(404);
    expect((await generate(owner, { projectId: 999_999, estimateContent: REMODEL })).statusCode).toBe(404);
  });

  it('answers 400 for a bad body and 401 when signed out', async () => {
    const projectId = await createProject(owner, { budget: 1000 });
    for (const body of [
      {},
      { projectId },
      { projectId, estimateContent: '' },
      { projectId: 'abc', estimateContent: REMODEL },
      { projectId, estimateContent: REMODEL, projectType: 'Spaceship' },
      { projectId, estimateContent: 42 },
    ]) {
      const res = await generate(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bad = await owner.request('POST', '/api/ai/generate-project-plan', '{"projectId":', {
      'content-type': 'application/json',
    });
    expect(bad.statusCode).toBe(400);
    expect(await countRows(tasks, projectId)).toBe(0);
    const anonymous = await t
      .agent()
      .post('/api/ai/generate-project-plan', { projectId, estimateContent: REMODEL });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/ai/plan-progress/{projectId}', () => {
  it('answers 404 before any generation and 400 for a bad id', async () => {
    const projectId = await createProject(owner, { budget: 1000 });
    const res = await owner.get(`/api/ai/plan-progress/${projectId}`);
    expect(res.statusCode).toBe(404);
    expect((await owner.get('/api/ai/plan-progress/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/ai-insights', () => {
  it("lists the company's active insights newest first, filtered by project, never another company's", async () => {
    const p1 = await createProject(owner, { budget: 1000, name: 'Insights one' });
    const p2 = await createProject(owner, { budget: 1000, name: 'Insights two' });
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, p1));
    const companyId = project?.companyId as number;
    const at = (iso: string) => new Date(iso);
    await t.ctx.db.insert(aiInsights).values([
      {
        companyId,
        projectId: p1,
        type: 'risk',
        severity: 'high',
        title: 'Old risk',
        description: 'd',
        createdAt: at('2026-01-01T00:00:00Z'),
      },
      {
        companyId,
        projectId: p2,
        type: 'opportunity',
        severity: 'low',
        title: 'Newer opportunity',
        description: 'd',
        potentialSavings: '1250.00',
        createdAt: at('2026-02-01T00:00:00Z'),
      },
      {
        companyId,
        projectId: p1,
        type: 'recommendation',
        severity: 'medium',
        title: 'Inactive',
        description: 'd',
        isActive: false,
        createdAt: at('2026-03-01T00:00:00Z'),
      },
      {
        companyId,
        projectId: null,
        type: 'recommendation',
        severity: 'low',
        title: 'Company-wide',
        description: 'd',
        createdAt: at('2026-01-15T00:00:00Z'),
      },
    ]);
    const all = json<InsightDto[]>(await owner.get('/api/ai-insights'));
    const mine = all.filter((i) =>
      ['Old risk', 'Newer opportunity', 'Inactive', 'Company-wide'].includes(i.title),
    );
    expect(mine.map((i) => i.title)).toEqual(['Newer opportunity', 'Company-wide', 'Old risk']);
    expect(mine[0]).toMatchObject({
      projectId: p2,
      type: 'opportunity',
      potentialSavings: '1250.00',
      isActive: true,
    });
    const createdAts = all.map((i) => i.createdAt);
    expect(createdAts).toEqual([...createdAts].sort().reverse());

    const onlyP1 = json<InsightDto[]>(await owner.get(`/api/ai-insights?projectId=${p1}`));
    expect(onlyP1.map((i) => i.title)).toEqual(['Old risk']);
    const others = json<InsightDto[]>(await other.get('/api/ai-insights'));
    expect(others.filter((i) => i.projectId === p1 || i.projectId === p2)).toEqual([]);
    expect(others.some((i) => i.title === 'Company-wide')).toBe(false);
    expect((await owner.get('/api/ai-insights?projectId=x')).statusCode).toBe(400);
  });
});
