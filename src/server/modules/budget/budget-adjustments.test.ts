/**
 * Changes to the revised budget: transfers between codes (owner or admin, a pair summing to zero)
 * and an approved change order's lines, written inside the caller's transaction.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetTransferDto, CostCodeListDto } from '../../../contracts/budget.js';
import { budgetAdjustments, users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { createProject } from '../ai/ai-test-support.js';
import { recordApprovedChangeOrder } from './budget.service.js';

let t: TestApp;
let owner: Agent;
let companyId: number;
let userId: string;
let codes: CostCodeListDto['costCodes'];
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Transfer Builders' });
  const me = json<{ companyId: number; id: string }>(await owner.get('/api/auth/user'));
  companyId = me.companyId;
  userId = me.id;
  codes = json<CostCodeListDto>(await owner.get('/api/cost-codes')).costCodes;
});
afterAll(async () => {
  await t.close();
});

const codeAt = (i: number) => {
  const code = codes[i];
  if (!code) throw new Error(`no cost code ${i}`);
  return code.id;
};

async function adjustmentsOf(projectId: number) {
  return t.ctx.db.select().from(budgetAdjustments).where(eq(budgetAdjustments.projectId, projectId));
}

describe('budget transfers', () => {
  it('move an amount from one code to another as a pair summing to zero', async () => {
    const projectId = await createProject(owner, { budget: 50_000 });
    const res = await owner.post(`/api/projects/${projectId}/budget/transfers`, {
      fromCostCodeId: codeAt(0),
      toCostCodeId: codeAt(1),
      amountCents: 123_456,
      description: 'Contingency to framing',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { adjustments } = json<BudgetTransferDto>(res);
    expect(adjustments.map((a) => [a.kind, a.costCodeId, a.amountCents])).toEqual([
      ['transfer', codeAt(0), -123_456],
      ['transfer', codeAt(1), 123_456],
    ]);
    const stored = await adjustmentsOf(projectId);
    expect(stored.reduce((s, a) => s + a.amountCents, 0)).toBe(0);
  });

  it('refuse bad input with the field named, and save nothing', async () => {
    const projectId = await createProject(owner, { budget: 50_000 });
    const path = `/api/projects/${projectId}/budget/transfers`;
    const good = { fromCostCodeId: codeAt(0), toCostCodeId: codeAt(1), amountCents: 100, description: 'x' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, amountCents: -5 }, 'amountCents'],
      [{ ...good, amountCents: 0 }, 'amountCents'],
      [{ ...good, amountCents: 10.5 }, 'amountCents'],
      [{ ...good, toCostCodeId: codeAt(0) }, 'toCostCodeId'],
      [{ ...good, toCostCodeId: 2_000_000_000 }, 'toCostCodeId'],
      [{ ...good, fromTaskId: 2_000_000_000 }, 'fromTaskId'],
      [{ ...good, description: ' ' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.post(path, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(json<{ errors?: Record<string, string> }>(res).errors ?? {}), field).toContain(
        field,
      );
    }
    // Another company's code is unknown here.
    const stranger = t.agent();
    await stranger.signUpWithCompany({ company: 'Other Ledger' });
    const theirs = json<CostCodeListDto>(await stranger.get('/api/cost-codes')).costCodes[0]?.id;
    expect((await owner.post(path, { ...good, toCostCodeId: theirs })).statusCode).toBe(400);
    expect((await stranger.post(path, good)).statusCode).toBe(404);
    expect(await adjustmentsOf(projectId)).toEqual([]);
  });

  it('are for the owner or an admin only', async () => {
    const projectId = await createProject(owner, { budget: 50_000 });
    const member = t.agent();
    const { email } = await member.signUpWithCompany({ company: false });
    await t.ctx.db.update(users).set({ companyId, role: 'member' }).where(eq(users.email, email));
    const res = await member.post(`/api/projects/${projectId}/budget/transfers`, {
      fromCostCodeId: codeAt(0),
      toCostCodeId: codeAt(1),
      amountCents: 100,
      description: 'Mine',
    });
    expect(res.statusCode).toBe(403);
    expect(await adjustmentsOf(projectId)).toEqual([]);
  });
});

describe("an approved change order's lines", () => {
  it('become change-order adjustments inside the caller’s transaction, or none of them', async () => {
    const projectId = await createProject(owner, { budget: 50_000 });
    const written = await t.ctx.db.transaction((tx) =>
      recordApprovedChangeOrder(tx, companyId, userId, {
        projectId,
        changeOrderId: 7,
        lines: [
          { costCodeId: codeAt(2), taskId: null, description: 'Extra outlets', amountCents: 45_000 },
          { costCodeId: null, taskId: null, description: 'Credit for tile', amountCents: -12_000 },
        ],
      }),
    );
    expect(written.map((a) => [a.kind, a.changeOrderId, a.amountCents])).toEqual([
      ['change_order', 7, 45_000],
      ['change_order', 7, -12_000],
    ]);
    const bad = t.ctx.db.transaction((tx) =>
      recordApprovedChangeOrder(tx, companyId, userId, {
        projectId,
        changeOrderId: 8,
        lines: [
          { costCodeId: codeAt(2), taskId: null, description: 'Fine', amountCents: 1 },
          { costCodeId: 2_000_000_000, taskId: null, description: 'Unknown', amountCents: 1 },
        ],
      }),
    );
    await expect(bad).rejects.toMatchObject({
      statusCode: 400,
      errors: { 'lines.1.costCodeId': 'Cost code not found' },
    });
    expect((await adjustmentsOf(projectId)).map((a) => a.changeOrderId)).toEqual([7, 7]);
  });
});
