/**
 * The budget through the API: a plan of an estimate gives the project its original budget, line by
 * line on the company's cost codes, adding up to the estimate's own total to the cent; the codes
 * are seeded by the company's kind of work and changed only by its owner or an admin.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../../tests/support/fixtures.js';
import type { GeneratedPlanDto } from '../../../contracts/ai.js';
import type {
  CostCodeListDto,
  ProjectBudgetDto,
  ReplaceCostCodesResponse,
} from '../../../contracts/budget.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { budgetLines, costCodes, users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import {
  amountOf,
  createProject,
  estimateText,
  generate,
  grandTotal,
  REMODEL_ITEMS,
} from '../ai/ai-test-support.js';
import { readEstimateOnce } from '../ingestion/ingestion.test-support.js';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Ledger Builders' });
});
afterAll(async () => {
  await t.close();
});

const cents = (amount: number) => Math.round(amount * 100);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

async function budgetOf(agent: Agent, projectId: number): Promise<ProjectBudgetDto> {
  const res = await agent.get(`/api/projects/${projectId}/budget`);
  expect(res.statusCode, res.body).toBe(200);
  return json<ProjectBudgetDto>(res);
}

/** A residential company of its own, signed in. */
async function residentialCompany(): Promise<Agent> {
  const agent = t.agent();
  await agent.signUpWithCompany({ company: false });
  const res = await agent.post('/api/companies', { name: 'Hearth Homes', type: 'residential' });
  expect(res.statusCode, res.body).toBe(201);
  return agent;
}

describe("a project's budget from its estimate", () => {
  it('has a line for every priced line, on its task and code, adding up to the estimate to the cent', async () => {
    const builder = await residentialCompany();
    const projectId = await createProject(builder, { budget: 500_000 });
    const res = await generate(builder, {
      projectId,
      projectType: 'Residential',
      estimateContent: estimateText(REMODEL_ITEMS),
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    const budget = await budgetOf(builder, projectId);

    // The document's own figures: its items, then tax 6.25% and a 5% contingency on their subtotal.
    expect(budget.originalCents).toBe(cents(grandTotal(REMODEL_ITEMS)));
    expect(budget.originalCents).toBe(sum(budget.lines.map((l) => l.originalCents)));
    expect(sum(budget.byCode.map((c) => c.originalCents))).toBe(budget.originalCents);
    const work = budget.lines.filter((l) => l.kind === 'work');
    expect(work.map((l) => l.originalCents)).toEqual(REMODEL_ITEMS.map((item) => cents(amountOf(item))));
    // Tax and contingency stay lines of their own, on no task; every line of work is on a task of the plan.
    const others = budget.lines.filter((l) => l.kind !== 'work');
    expect(others.map((l) => l.description)).toEqual([
      expect.stringMatching(/tax/i),
      expect.stringMatching(/contingency/i),
    ]);
    expect(others.every((l) => l.taskId === null)).toBe(true);
    const planned = new Set(plan.tasks.map((task) => task.id));
    for (const line of work) expect(planned.has(line.taskId ?? -1), line.description).toBe(true);

    // A residential company's codes are its phases: every line is on one of them.
    const codes = json<CostCodeListDto>(await builder.get('/api/cost-codes')).costCodes;
    expect(codes.map((c) => c.code)).toEqual([
      '1000',
      '2000',
      '3000',
      '4000',
      '5000',
      '6000',
      '8000',
      '9000',
    ]);
    const codeIds = new Set(codes.map((c) => c.id));
    expect(budget.lines.every((l) => l.costCodeId !== null && codeIds.has(l.costCodeId))).toBe(true);
  });

  it("keeps one set of lines when the same estimate's plan is asked for again", async () => {
    const projectId = await createProject(owner, { budget: 500_000 });
    const body = { projectId, projectType: 'Residential', estimateContent: estimateText(REMODEL_ITEMS) };
    expect((await generate(owner, body)).statusCode).toBe(200);
    expect((await generate(owner, body)).statusCode).toBe(200);
    const budget = await budgetOf(owner, projectId);
    expect(budget.originalCents).toBe(cents(grandTotal(REMODEL_ITEMS)));
  });

  it("reads a real subcontractor's bid summary into divisions: masonry and exterior finishes", async () => {
    const file = 'us_masonry_sub_bid_summary.pdf';
    const parsed = await readEstimateOnce(
      t.app,
      owner,
      file,
      new Uint8Array(readFileSync(fixturePath('estimates', file))),
    );
    const projectId = await createProject(owner, { budget: 200_000, type: 'Commercial', name: file });
    const res = await generate(owner, {
      projectId,
      projectType: 'Commercial',
      estimateContent: parsed.content,
      fileName: file,
    });
    expect(res.statusCode, res.body).toBe(200);
    const budget = await budgetOf(owner, projectId);
    // The document: brick $60,397 + stucco $35,055 + EIFS $28,721 = GRAND TOTAL $124,173.00.
    expect(budget.originalCents).toBe(12_417_300);
    const byCode = new Map(budget.byCode.map((c) => [c.code, c.originalCents]));
    expect(byCode.get('04')).toBe(6_039_700);
    expect(byCode.get('07')).toBe(3_505_500 + 2_872_100);
  });

  it("answers 404 for another company's project", async () => {
    const projectId = await createProject(owner, { budget: 10_000 });
    const stranger = t.agent();
    await stranger.signUpWithCompany({ company: 'Elsewhere Builders' });
    expect((await stranger.get(`/api/projects/${projectId}/budget`)).statusCode).toBe(404);
  });
});

describe('cost codes', () => {
  async function companyOf(agent: Agent): Promise<number> {
    return json<{ companyId: number }>(await agent.get('/api/auth/user')).companyId;
  }

  it('are changed only by the owner or an admin; a member gets 403 and nothing changes', async () => {
    const boss = t.agent();
    await boss.signUpWithCompany({ company: 'Ranked Builders' });
    const companyId = await companyOf(boss);
    const codes = json<CostCodeListDto>(await boss.get('/api/cost-codes')).costCodes;
    const member = t.agent();
    const { email } = await member.signUpWithCompany({ company: false });
    await t.ctx.db.update(users).set({ companyId, role: 'member' }).where(eq(users.email, email));
    const first = codes[0];
    if (!first) throw new Error('no codes');
    expect((await member.get('/api/cost-codes')).statusCode).toBe(200);
    expect((await member.patch(`/api/cost-codes/${first.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await member.post('/api/cost-codes/import', { csv: 'A,Anything' })).statusCode).toBe(403);
    const after = json<CostCodeListDto>(await boss.get('/api/cost-codes')).costCodes;
    expect(after).toEqual(codes);

    const renamed = await boss.patch(`/api/cost-codes/${first.id}`, { name: 'Bid and contract' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed)).toMatchObject({ id: first.id, name: 'Bid and contract', code: first.code });
    const clash = await boss.patch(`/api/cost-codes/${first.id}`, { code: codes[1]?.code });
    expect(clash.statusCode).toBe(409);
  });

  it('are replaced from a CSV whole, moving the lines of codes that go, or refused whole with the row', async () => {
    const boss = t.agent();
    await boss.signUpWithCompany({ company: 'Chart Builders' });
    const companyId = await companyOf(boss);
    const projectId = await createProject(boss, { budget: 500_000 });
    const res = await generate(boss, {
      projectId,
      projectType: 'Residential',
      estimateContent: estimateText(REMODEL_ITEMS),
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = await budgetOf(boss, projectId);

    const rowsBefore = await t.ctx.db.select().from(costCodes).where(eq(costCodes.companyId, companyId));
    const bad = await boss.post('/api/cost-codes/import', { csv: 'code,name\n09,Finishes\n22,\n' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toMatch(/Row 2: code 22 has no name/);
    const twice = await boss.post('/api/cost-codes/import', { csv: '09,Finishes\n09,Again\n' });
    expect(twice.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(costCodes).where(eq(costCodes.companyId, companyId))).toEqual(
      rowsBefore,
    );

    // Keep divisions 01 and 09 only: 09's lines stay, every other line moves to 01 (it takes what no code claims).
    const replaced = await boss.post('/api/cost-codes/import', {
      csv: 'Code,Name\n01,General requirements and other work\n09,Finishes\n',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const answer = json<ReplaceCostCodesResponse>(replaced);
    expect(answer.costCodes.map((c) => [c.code, c.name])).toEqual([
      ['01', 'General requirements and other work'],
      ['09', 'Finishes'],
    ]);
    const after = await budgetOf(boss, projectId);
    expect(after.originalCents).toBe(before.originalCents);
    const kept = new Set(answer.costCodes.map((c) => c.id));
    expect(after.lines.every((l) => l.costCodeId !== null && kept.has(l.costCodeId))).toBe(true);
    const onCode = (budget: ProjectBudgetDto, code: string) => {
      const id = answer.costCodes.find((c) => c.code === code)?.id;
      return budget.lines.filter((l) => l.costCodeId === id).map((l) => l.id);
    };
    const stayed = [...onCode(before, '01'), ...onCode(before, '09')];
    expect(onCode(after, '09')).toEqual(onCode(before, '09'));
    expect(onCode(after, '09').length).toBeGreaterThan(0);
    expect(answer.linesMoved).toBe(before.lines.length - stayed.length);
    expect(onCode(after, '01').length).toBe(onCode(before, '01').length + answer.linesMoved);
    const stored = await t.ctx.db.select().from(budgetLines).where(eq(budgetLines.projectId, projectId));
    expect(stored.every((row) => Number.isInteger(row.originalCents))).toBe(true);
  });
});

// A task deleted later leaves its budget line, without the task.
describe('a budget line whose task is deleted', () => {
  it('keeps its amount and loses only its task', async () => {
    const projectId = await createProject(owner, { budget: 500_000 });
    const res = await generate(owner, {
      projectId,
      projectType: 'Residential',
      estimateContent: estimateText(REMODEL_ITEMS),
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = await budgetOf(owner, projectId);
    const line = before.lines.find((l) => l.taskId !== null);
    if (!line?.taskId) throw new Error('no line on a task');
    const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    expect(tasks.some((task) => task.id === line.taskId)).toBe(true);
    expect((await owner.delete(`/api/tasks/${line.taskId}`)).statusCode).toBeLessThan(300);
    const after = await budgetOf(owner, projectId);
    expect(after.originalCents).toBe(before.originalCents);
    expect(after.lines.find((l) => l.id === line.id)?.taskId).toBeNull();
  });
});
