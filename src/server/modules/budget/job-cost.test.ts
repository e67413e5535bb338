/**
 * The job cost report through the API, on a fixture estimate's plan: a subcontract billed past its
 * amount, an expense, labour, a draft purchase order (not counted), an approved change order, a
 * transfer, an estimate of the cost to complete and an approved client invoice; the figures match a
 * hand computation, every total is the sum of its rows to the cent, and the lines behind a figure
 * add up to it.
 *
 * The commitments and cost entries are written straight into the costs module's tables (its seam:
 * the report reads those tables); the end-to-end case through the costs and change order
 * routes lives in job-cost-done-when.test.ts.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto } from '../../../contracts/ai.js';
import type { CostCodeListDto, ProjectBudgetDto } from '../../../contracts/budget.js';
import type { JobCostFiguresDto, JobCostLinesDto, JobCostReportDto } from '../../../contracts/job-cost.js';
import {
  commitmentLines,
  commitments,
  contacts,
  costEntries,
  costEntryLines,
} from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { createProject, estimateText, generate, grandTotal, REMODEL_ITEMS } from '../ai/ai-test-support.js';
import { recordApprovedChangeOrder } from './budget.service.js';

let t: TestApp;
let owner: Agent;
let companyId: number;
let userId: string;
let projectId: number;
let budget: ProjectBudgetDto;
let codeA: number;
let codeB: number;

const cents = (amount: number) => Math.round(amount * 100);
const FIGURES = [
  'originalCents',
  'approvedChangeCents',
  'transferCents',
  'revisedCents',
  'committedCents',
  'openCommittedCents',
  'actualCents',
  'uncommittedToCompleteCents',
  'costToCompleteCents',
  'eacCents',
  'varianceCents',
] as const;
const sumOf = (rows: readonly JobCostFiguresDto[]) =>
  Object.fromEntries(FIGURES.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)]));
const figuresOf = (row: JobCostFiguresDto) => Object.fromEntries(FIGURES.map((k) => [k, row[k]]));

async function report(agent: Agent = owner): Promise<JobCostReportDto> {
  const res = await agent.get(`/api/projects/${projectId}/job-cost`);
  expect(res.statusCode, res.body).toBe(200);
  return json<JobCostReportDto>(res);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Costed Builders' });
  const me = json<{ companyId: number; id: string }>(await owner.get('/api/auth/user'));
  companyId = me.companyId;
  userId = me.id;
  projectId = await createProject(owner, { budget: 500_000 });
  const res = await generate(owner, {
    projectId,
    projectType: 'Residential',
    estimateContent: estimateText(REMODEL_ITEMS),
  });
  expect(res.statusCode, res.body).toBe(200);
  json<GeneratedPlanDto>(res);
  budget = json<ProjectBudgetDto>(await owner.get(`/api/projects/${projectId}/budget`));
  // Two codes whose budget lines are all on tasks: what is added below lands on their no-task cell.
  const onTasksOnly = budget.byCode
    .map((c) => c.costCodeId)
    .filter(
      (id): id is number =>
        id !== null && budget.lines.filter((l) => l.costCodeId === id).every((l) => l.taskId !== null),
    );
  const [a, b] = onTasksOnly;
  if (a === undefined || b === undefined) throw new Error('the fixture needs two codes of work');
  codeA = a;
  codeB = b;
  json<CostCodeListDto>(await owner.get('/api/cost-codes'));

  const [vendor] = await t.ctx.db
    .insert(contacts)
    .values({ companyId, name: 'Sparks Electric', email: 'sparks@example.com', type: 'subcontractor' })
    .returning();
  if (!vendor) throw new Error('no vendor');
  const [sub, draft] = await t.ctx.db
    .insert(commitments)
    .values([
      {
        companyId,
        projectId,
        kind: 'subcontract',
        number: 'SC-001',
        vendorContactId: vendor.id,
        title: 'Electrical',
        status: 'issued',
        issuedAt: new Date('2026-03-10T00:00:00Z'),
      },
      { companyId, projectId, kind: 'purchase_order', number: 'PO-001', title: 'Tile', status: 'draft' },
    ])
    .returning();
  if (!sub || !draft) throw new Error('no commitments');
  await t.ctx.db.insert(commitmentLines).values([
    {
      companyId,
      commitmentId: sub.id,
      costCodeId: codeA,
      description: 'Rough-in and trim',
      amountCents: 800_000,
    },
    { companyId, commitmentId: draft.id, costCodeId: codeB, description: 'Tile', amountCents: 1_000_000 },
  ]);
  const entries = await t.ctx.db
    .insert(costEntries)
    .values([
      {
        companyId,
        projectId,
        kind: 'bill',
        vendorContactId: vendor.id,
        number: 'E-17',
        entryDate: '2026-03-20',
        commitmentId: sub.id,
      },
      {
        companyId,
        projectId,
        kind: 'bill',
        vendorContactId: vendor.id,
        number: 'E-18',
        entryDate: '2026-04-20',
        commitmentId: sub.id,
      },
      { companyId, projectId, kind: 'expense', entryDate: '2026-04-02', memo: 'Dump fees' },
      { companyId, projectId, kind: 'labor', entryDate: '2026-04-03' },
    ])
    .returning();
  const [bill1, bill2, expense, labor] = entries;
  if (!bill1 || !bill2 || !expense || !labor) throw new Error('no entries');
  await t.ctx.db.insert(costEntryLines).values([
    { companyId, entryId: bill1.id, costCodeId: codeA, description: 'Rough-in', amountCents: 300_000 },
    { companyId, entryId: bill2.id, costCodeId: codeA, description: 'Trim and extras', amountCents: 600_000 },
    { companyId, entryId: expense.id, costCodeId: codeB, description: 'Dump fees', amountCents: 50_000 },
    {
      companyId,
      entryId: labor.id,
      costCodeId: codeB,
      description: 'Demolition crew',
      amountCents: 45_000,
      hours: '10.00',
      rateCents: 4_500,
    },
  ]);
  await t.ctx.db.transaction((tx) =>
    recordApprovedChangeOrder(tx, companyId, userId, {
      projectId,
      changeOrderId: 1,
      lines: [
        { costCodeId: codeA, taskId: null, description: 'Added circuits', amountCents: 200_000 },
        { costCodeId: codeB, taskId: null, description: 'Less demolition', amountCents: -30_000 },
      ],
    }),
  );
  const transfer = await owner.post(`/api/projects/${projectId}/budget/transfers`, {
    fromCostCodeId: codeB,
    toCostCodeId: codeA,
    amountCents: 100_000,
    description: 'Cover the electrical overrun',
  });
  expect(transfer.statusCode, transfer.body).toBe(201);
  const estimate = await owner.put(`/api/projects/${projectId}/job-cost/estimates`, {
    estimates: [{ costCodeId: codeB, taskId: null, uncommittedCents: 20_000 }],
  });
  expect(estimate.statusCode, estimate.body).toBe(200);
  const invoice = await owner.post(`/api/projects/${projectId}/invoices`, {
    invoiceDate: '2026-04-30',
    lines: [{ description: 'Progress billing 1', amountCents: 5_000_000 }],
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const approved = await owner.post(`/api/invoices/${json<{ id: number }>(invoice).id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the job cost report', () => {
  it('matches the hand computation by code and for the job', async () => {
    const r = await report();
    const total = cents(grandTotal(REMODEL_ITEMS));
    const original = (id: number) =>
      budget.lines.filter((l) => l.costCodeId === id).reduce((s, l) => s + l.originalCents, 0);
    const oa = original(codeA);
    const ob = original(codeB);
    // Code A: +2,000 change order, +1,000 transfer in; SC-001 of 8,000 billed 3,000 + 6,000 = 9,000
    // (past its amount: nothing left owed); its budget lines' cells still to come as budgeted.
    expect(figuresOf(r.byCode.find((c) => c.costCodeId === codeA) as JobCostFiguresDto)).toEqual({
      originalCents: oa,
      approvedChangeCents: 200_000,
      transferCents: 100_000,
      revisedCents: oa + 300_000,
      committedCents: 800_000,
      openCommittedCents: 0,
      actualCents: 900_000,
      uncommittedToCompleteCents: oa,
      costToCompleteCents: oa,
      eacCents: oa + 900_000,
      varianceCents: 300_000 - 900_000,
    });
    // Code B: −300 change order, −1,000 transfer out; the draft PO counts nothing; 500 expense +
    // 10 h × 45.00 labour = 950 actual; 200 estimated still to come on its no-task cell.
    expect(figuresOf(r.byCode.find((c) => c.costCodeId === codeB) as JobCostFiguresDto)).toEqual({
      originalCents: ob,
      approvedChangeCents: -30_000,
      transferCents: -100_000,
      revisedCents: ob - 130_000,
      committedCents: 0,
      openCommittedCents: 0,
      actualCents: 95_000,
      uncommittedToCompleteCents: ob + 20_000,
      costToCompleteCents: ob + 20_000,
      eacCents: ob + 115_000,
      varianceCents: -130_000 - 115_000,
    });
    expect(r.total).toMatchObject({
      originalCents: total,
      revisedCents: total + 170_000,
      actualCents: 995_000,
      eacCents: total + 1_015_000,
      varianceCents: 170_000 - 1_015_000,
    });
    // Work in progress: cost to cost against the 500,000.00 contract, 50,000.00 billed.
    const share = 995_000 / (total + 1_015_000);
    expect(r.workInProgress).toEqual({
      contractCents: 50_000_000,
      billedToClientCents: 5_000_000,
      percentComplete: Math.round(share * 1000) / 10,
      earnedCents: Math.round(50_000_000 * share),
      overUnderBillingCents: 5_000_000 - Math.round(50_000_000 * share),
    });
  });

  it('has every total equal to the sum of its rows, to the cent', async () => {
    const r = await report();
    expect(sumOf(r.cells)).toEqual(figuresOf(r.total));
    expect(sumOf(r.byCode)).toEqual(figuresOf(r.total));
    expect(sumOf(r.byTask)).toEqual(figuresOf(r.total));
    for (const row of r.byCode)
      expect(sumOf(r.cells.filter((c) => c.costCodeId === row.costCodeId))).toEqual(figuresOf(row));
    for (const row of r.byTask)
      expect(sumOf(r.cells.filter((c) => c.taskId === row.taskId))).toEqual(figuresOf(row));
    for (const value of Object.values(r.total)) expect(Number.isInteger(value)).toBe(true);
  });

  it('lists the documents behind a figure, adding up to it', async () => {
    const r = await report();
    const a = r.byCode.find((c) => c.costCodeId === codeA) as JobCostFiguresDto;
    const lines = async (query: string) => {
      const res = await owner.get(`/api/projects/${projectId}/job-cost/lines?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return json<JobCostLinesDto>(res);
    };
    const actual = await lines(`figure=actual&costCodeId=${codeA}`);
    expect(actual.totalCents).toBe(a.actualCents);
    expect(actual.lines.map((l) => [l.source, l.reference, l.vendorName, l.amountCents])).toEqual([
      ['bill', 'E-17 · SC-001', 'Sparks Electric', 300_000],
      ['bill', 'E-18 · SC-001', 'Sparks Electric', 600_000],
    ]);
    expect((await lines(`figure=revised&costCodeId=${codeA}`)).totalCents).toBe(a.revisedCents);
    expect((await lines(`figure=original&costCodeId=${codeA}`)).totalCents).toBe(a.originalCents);
    const committed = await lines(`figure=committed&costCodeId=${codeA}&taskId=none`);
    expect(committed.lines.map((l) => [l.source, l.amountCents])).toEqual([
      ['commitment_line', 800_000],
      ['billed_on_commitment', -300_000],
      ['billed_on_commitment', -600_000],
    ]);
    const labor = await lines(`figure=actual&costCodeId=${codeB}&taskId=none`);
    expect(labor.lines.find((l) => l.source === 'labor')).toMatchObject({ hours: '10.00', rateCents: 4_500 });
    const job = await lines('figure=actual');
    expect(job.totalCents).toBe(r.total.actualCents);
    expect((await lines('figure=revised')).totalCents).toBe(r.total.revisedCents);
    expect((await owner.get(`/api/projects/${projectId}/job-cost/lines?figure=nope`)).statusCode).toBe(400);
  });

  it('takes estimates only of the company’s codes and positive cents, and clears them with null', async () => {
    const path = `/api/projects/${projectId}/job-cost/estimates`;
    const before = await report();
    for (const estimate of [
      { costCodeId: codeA, taskId: null, uncommittedCents: -1 },
      { costCodeId: 2_000_000_000, taskId: null, uncommittedCents: 1 },
      { costCodeId: codeA, taskId: 2_000_000_000, uncommittedCents: 1 },
    ]) {
      const res = await owner.put(path, { estimates: [estimate] });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await report()).toEqual(before);
    const cleared = await owner.put(path, {
      estimates: [{ costCodeId: codeB, taskId: null, uncommittedCents: null }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = json<JobCostReportDto>(cleared);
    // Without the estimate the no-task cell of code B falls back to revised − actual (negative: 0).
    expect(after.total.eacCents).toBe(before.total.eacCents - 20_000);
    const restored = await owner.put(path, {
      estimates: [{ costCodeId: codeB, taskId: null, uncommittedCents: 20_000 }],
    });
    expect(json<JobCostReportDto>(restored)).toMatchObject({ total: before.total });
  });

  it('downloads as CSV whose rows add up to its totals, the same figures as the report', async () => {
    const r = await report();
    const res = await owner.get(`/api/projects/${projectId}/job-cost.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=.*job cost\.csv/);
    const rows = res.body
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]?.slice(3)).toEqual([
      'Original',
      'Change orders',
      'Transfers',
      'Revised',
      'Committed (open)',
      'Actual',
      'Cost to complete',
      'EAC',
      'Variance',
    ]);
    const toCents = (text: string | undefined) => {
      const [whole = '0', fraction = '00'] = (text ?? '').replace('-', '').split('.');
      return (text?.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
    };
    const codes = rows.filter((row) => row[0] === 'code');
    const total = rows.find((row) => row[0] === 'total');
    // The nine amounts are a row's last fields (a name may hold a quoted comma).
    const amounts = (row: string[] | undefined) => (row ?? []).slice(-9).map(toCents);
    for (let col = 0; col < 9; col++)
      expect(codes.reduce((sum, row) => sum + (amounts(row)[col] ?? 0), 0)).toBe(amounts(total)[col]);
    expect(amounts(total)).toEqual([
      r.total.originalCents,
      r.total.approvedChangeCents,
      r.total.transferCents,
      r.total.revisedCents,
      r.total.openCommittedCents,
      r.total.actualCents,
      r.total.costToCompleteCents,
      r.total.eacCents,
      r.total.varianceCents,
    ]);
  });

  it('prints a PDF whose text holds the job totals', async () => {
    const r = await report();
    const res = await owner.get(`/api/projects/${projectId}/job-cost.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(res.rawPayload),
      standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
      useSystemFonts: false,
    }).promise;
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
    }
    await doc.destroy();
    const money = (c: number) =>
      `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100).toLocaleString('en-US')}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
    expect(text).toContain('Job total');
    for (const value of [
      r.total.originalCents,
      r.total.revisedCents,
      r.total.actualCents,
      r.total.eacCents,
      r.total.varianceCents,
    ])
      expect(text).toContain(money(value));
    expect(text).toContain(`${r.workInProgress.percentComplete.toFixed(1)} %`);
  });

  it("answers 404 for another company's project", async () => {
    const stranger = t.agent();
    await stranger.signUpWithCompany({ company: 'Nosy Builders' });
    expect((await stranger.get(`/api/projects/${projectId}/job-cost`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/projects/${projectId}/job-cost.csv`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/projects/${projectId}/job-cost.pdf`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/projects/${projectId}/job-cost/lines?figure=actual`)).statusCode).toBe(
      404,
    );
    const put = await stranger.put(`/api/projects/${projectId}/job-cost/estimates`, {
      estimates: [{ costCodeId: null, taskId: null, uncommittedCents: 1 }],
    });
    expect(put.statusCode).toBe(404);
  });
});
