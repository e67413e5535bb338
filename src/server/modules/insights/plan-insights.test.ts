/**
 * The insights a new plan leaves on the Insights screen, through the API: a saving two sources find
 * (the plan generator and the company-wide rules, overlapping the same two tasks) is listed once,
 * and the written analysis's savings figure is the sum of the listed insights; a lead time the
 * estimate states is kept by the procurement task and its insight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto, InsightDto } from '../../../contracts/ai.js';
import type { PortfolioAnalysisDto } from '../../../contracts/insights.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { formatMoney } from '../../../domain/money/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import {
  createProject,
  DECK_ITEMS,
  type EstimateItem,
  estimateText,
  generate,
  REMODEL_ITEMS,
} from '../ai/ai-test-support.js';
import { NOW } from './insights-test-support.js';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Oakline Builders' });
});
afterAll(async () => {
  await t.close();
});

/** The remodel with twenty times the drywall and paint: both long enough, and critical, to overlap. */
const LONG_FINISHES: readonly EstimateItem[] = REMODEL_ITEMS.map((i) =>
  /^(Hang, tape|Paint walls)/.test(i.description) ? { ...i, quantity: i.quantity * 20 } : i,
);

async function planned(items: readonly EstimateItem[], name: string, budget: number) {
  const projectId = await createProject(owner, { budget, name });
  const res = await generate(owner, {
    projectId,
    projectType: 'Residential',
    estimateContent: estimateText(items, name),
    fileName: `${name}.pdf`,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.insightsRefresh.idle();
  return { projectId, plan: json<GeneratedPlanDto>(res) };
}

const mentions = (i: InsightDto, ...words: string[]) =>
  words.every((w) => `${i.title} ${i.description}`.toLowerCase().includes(w));

describe('a saving found by the plan and by the rules', () => {
  it('is listed once, and the analysis states the sum of the listed savings', async () => {
    const { projectId, plan } = await planned(LONG_FINISHES, 'Miller Remodel', 873_000);
    const insights = json<InsightDto[]>(await owner.get(`/api/ai-insights?projectId=${projectId}`));
    const overlaps = insights.filter(
      (i) => i.type === 'opportunity' && mentions(i, 'overlap', 'drywall', 'painting'),
    );
    expect(overlaps.map((i) => [i.title, i.potentialSavings])).toHaveLength(1);
    // The plan's answer lists the same insights as the screen: nothing it answers was superseded.
    expect(plan.insights.map((i) => i.id).sort()).toEqual(insights.map((i) => i.id).sort());

    const listed = insights.reduce((sum, i) => sum + Number(i.potentialSavings ?? 0), 0);
    expect(listed).toBeGreaterThan(0);
    const { analysis } = json<PortfolioAnalysisDto>(
      await owner.get(`/api/ai-portfolio-analysis?projectId=${projectId}`),
    );
    expect(analysis).toContain(`could save about ${formatMoney(listed, 'USD')}`);
  });

  it('is listed once after a refresh too, and a second estimate of the project replaces the first one’s budget comparison', async () => {
    const { projectId } = await planned(LONG_FINISHES, 'Second Remodel', 873_000);
    await owner.post('/api/ai-insights/refresh');
    const again = await generate(owner, {
      projectId,
      projectType: 'Residential',
      estimateContent: estimateText(DECK_ITEMS, 'Second Remodel deck'),
      fileName: 'deck.pdf',
    });
    expect(again.statusCode, again.body).toBe(200);
    await t.ctx.insightsRefresh.idle();
    const insights = json<InsightDto[]>(await owner.get(`/api/ai-insights?projectId=${projectId}`));
    const titles = insights.map((i) => i.title);
    expect(titles.filter((x) => x === 'Budget exceeds the estimate')).toHaveLength(1);
    const withSavings = insights.filter((i) => Number(i.potentialSavings ?? 0) > 0);
    const subjects = withSavings.map((i) => `${i.type}:${i.taskId}:${i.title.replace(/\d+/g, '#')}`);
    expect(new Set(subjects).size).toBe(subjects.length);
  });
});

describe('a lead time the estimate states', () => {
  it('is the procurement task’s duration and is said as written in its order insight', async () => {
    const items = REMODEL_ITEMS.map((i) =>
      i.description.startsWith('Install shaker')
        ? { ...i, description: 'Shaker base and wall cabinets, 10–12 weeks lead time' }
        : i,
    );
    const { projectId } = await planned(items, 'Whitaker Kitchen', 90_000);
    const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    const order = tasks.find((x) => /^Procure /.test(x.name));
    expect(order?.duration).toBe(60);
    expect(order?.description).toContain('10–12 weeks');
    const insights = json<InsightDto[]>(await owner.get(`/api/ai-insights?projectId=${projectId}`));
    const toOrder = insights.filter((i) => /^Order /.test(i.title));
    expect(toOrder.map((i) => i.title)).toEqual([
      expect.stringMatching(/^Order cabinets and millwork(?: for "[^"]+")? now$/),
    ]);
    expect(toOrder[0]?.taskId).toBe(order?.id);
    expect(toOrder[0]?.description).toContain(
      '10–12 weeks from order to delivery as stated (60 working days)',
    );
  });
});
