/**
 * Client invoices and the accounting export through the API, on both databases: drafts numbered
 * per project, changed only while drafts, approved only by the owner or an admin and then counted
 * as billed; the mappings kept per company; the export files answered with what could not be
 * mapped listed; bad input a 4xx naming the field with nothing saved; another company's ids a 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountingMappingsDto,
  ExportCheckDto,
  InvoiceDto,
  InvoiceListDto,
} from '../../../contracts/accounting.js';
import { IIF_SPL_HEADER, IIF_TRNS_HEADER, numericToCents } from '../../../domain/accounting/index.js';
import { clientInvoices, users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { projectBilledToClientCents } from './accounting.service.js';

let t: TestApp;
let owner: Agent;
let member: Agent;
let other: Agent;
let companyId: number;
let projectId: number;

const companyOf = async (agent: Agent) =>
  json<{ companyId: number }>(await agent.get('/api/auth/user')).companyId;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Ledger Builders' });
  companyId = await companyOf(owner);
  projectId = await owner.createProject({ name: 'Kitchen remodel', client: 'Smith', budget: '50000.50' });
  member = t.agent();
  const { email } = await member.signUpWithCompany({ company: false });
  await t.ctx.db.update(users).set({ companyId, role: 'member' }).where(eq(users.email, email));
  other = t.agent();
  await other.signUpWithCompany({ company: 'Other Co' });
});
afterAll(async () => {
  await t.close();
});

const draft = (overrides: Record<string, unknown> = {}) => ({
  invoiceDate: '2026-03-10',
  dueDate: '2026-04-09',
  memo: 'Draw 1',
  lines: [
    { description: 'Framing, 50%', amountCents: 1_000_000 },
    { description: 'Permit', amountCents: 35_099 },
  ],
  ...overrides,
});

async function create(agent: Agent, body = draft(), project = projectId): Promise<InvoiceDto> {
  const res = await agent.post(`/api/projects/${project}/invoices`, body);
  expect(res.statusCode, res.body).toBe(201);
  return json<InvoiceDto>(res);
}

describe('client invoices', () => {
  it('are drafts numbered INV-001… per project, totalled to the cent', async () => {
    const first = await create(member);
    expect(first).toMatchObject({
      number: 'INV-001',
      status: 'draft',
      totalCents: 1_035_099,
      dueDate: '2026-04-09',
    });
    const second = await create(owner, draft({ dueDate: null, memo: undefined }));
    expect(second.number).toBe('INV-002');
    const list = json<InvoiceListDto>(await member.get(`/api/projects/${projectId}/invoices`));
    expect(list.contractCents).toBe(5_000_050);
    expect(list.billedCents).toBe(0);
    expect(list.invoices.map((i) => i.number).sort()).toEqual(['INV-001', 'INV-002']);
  });

  it('change only while drafts; approval is the owner’s or an admin’s and counts as billed', async () => {
    const invoice = await create(member);
    const patched = await member.patch(`/api/invoices/${invoice.id}`, {
      lines: [{ description: 'Framing, all', amountCents: 2_000_000 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json<InvoiceDto>(patched).totalCents).toBe(2_000_000);

    expect((await member.post(`/api/invoices/${invoice.id}/approve`)).statusCode).toBe(403);
    const approved = await owner.post(`/api/invoices/${invoice.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json<InvoiceDto>(approved)).toMatchObject({ status: 'approved' });
    expect(json<InvoiceDto>(approved).approvedAt).not.toBeNull();

    expect((await owner.post(`/api/invoices/${invoice.id}/approve`)).statusCode).toBe(409);
    const late = await member.patch(`/api/invoices/${invoice.id}`, { memo: 'changed' });
    expect(late.statusCode).toBe(409);
    expect(await projectBilledToClientCents(t.ctx.db, companyId, projectId)).toBe(2_000_000);
    const list = json<InvoiceListDto>(await owner.get(`/api/projects/${projectId}/invoices`));
    expect(list.billedCents).toBe(2_000_000);
  });

  it.each([
    ['a negative amount', { lines: [{ description: 'Credit', amountCents: -100 }] }, 'lines.0.amountCents'],
    ['a fraction of a cent', { lines: [{ description: 'Odd', amountCents: 10.5 }] }, 'lines.0.amountCents'],
    ['no lines', { lines: [] }, 'lines'],
    ['a zero total', { lines: [{ description: 'Nothing', amountCents: 0 }] }, 'lines'],
    ['a bad date', { invoiceDate: '2026-02-30' }, 'invoiceDate'],
    ['a due date before the invoice', { dueDate: '2026-03-01' }, 'dueDate'],
    ['an empty description', { lines: [{ description: ' ', amountCents: 5 }] }, 'lines.0.description'],
  ])('refuse %s with a 400 naming the field, saving nothing', async (_label, overrides, field) => {
    const before = (await t.ctx.db.select().from(clientInvoices)).length;
    const res = await member.post(`/api/projects/${projectId}/invoices`, draft(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(json<{ errors?: Record<string, string> }>(res).errors ?? {})).toContain(field);
    expect((await t.ctx.db.select().from(clientInvoices)).length).toBe(before);
  });

  it("refuse a cost code that is not the company's", async () => {
    const theirs = json<{ costCodes: { id: number }[] }>(await other.get('/api/cost-codes')).costCodes[0];
    const res = await member.post(
      `/api/projects/${projectId}/invoices`,
      draft({ lines: [{ description: 'Framing', amountCents: 100, costCodeId: theirs?.id }] }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(json<{ errors: Record<string, string> }>(res).errors['lines.0.costCodeId']).toBe(
      'Unknown cost code',
    );
  });

  it("answer another company's project and invoices with 404", async () => {
    const invoice = await create(owner);
    expect((await other.get(`/api/projects/${projectId}/invoices`)).statusCode).toBe(404);
    expect((await other.post(`/api/projects/${projectId}/invoices`, draft())).statusCode).toBe(404);
    expect((await other.patch(`/api/invoices/${invoice.id}`, { memo: 'x' })).statusCode).toBe(404);
    expect((await other.post(`/api/invoices/${invoice.id}/approve`)).statusCode).toBe(404);
    expect((await owner.get('/api/projects/2147483647/invoices')).statusCode).toBe(404);
    expect((await owner.patch('/api/invoices/0', { memo: 'x' })).statusCode).toBe(400);
  });
});

describe('accounting mappings', () => {
  it('are kept per company, for the owner or an admin only', async () => {
    expect((await member.get('/api/accounting/mappings')).statusCode).toBe(403);
    const before = json<AccountingMappingsDto>(await owner.get('/api/accounting/mappings'));
    expect(before.settings.apAccount).toBe('Accounts Payable');
    const job = before.jobs.find((j) => j.projectId === projectId);
    expect(job).toMatchObject({ customerJob: null, defaultName: 'Smith:Kitchen remodel' });
    const code = before.costCodes[0];
    if (!code) throw new Error('no cost codes');

    const res = await owner.put('/api/accounting/mappings', {
      settings: { arAccount: 'A/R', incomeAccount: 'Income:Contracts' },
      costCodes: [
        { costCodeId: code.costCodeId, account: 'Job Costs:Prep', accountCode: '510', item: 'Prep' },
      ],
      jobs: [{ projectId, customerJob: 'Smith:Kitchen' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json<AccountingMappingsDto>(await owner.get('/api/accounting/mappings'));
    expect(after.settings).toMatchObject({
      arAccount: 'A/R',
      incomeAccount: 'Income:Contracts',
      apAccount: 'Accounts Payable',
    });
    expect(after.costCodes[0]).toMatchObject({ account: 'Job Costs:Prep', accountCode: '510', item: 'Prep' });
    expect(after.jobs.find((j) => j.projectId === projectId)?.customerJob).toBe('Smith:Kitchen');

    // The other company sees none of it, and cannot write to these ids.
    const theirs = json<AccountingMappingsDto>(await other.get('/api/accounting/mappings'));
    expect(theirs.jobs.some((j) => j.projectId === projectId)).toBe(false);
    const denied = await other.put('/api/accounting/mappings', {
      jobs: [{ projectId, customerJob: 'Mine' }],
    });
    expect(denied.statusCode).toBe(404);
    expect(
      (
        await other.put('/api/accounting/mappings', {
          costCodes: [{ costCodeId: code.costCodeId, account: 'X', accountCode: null, item: null }],
        })
      ).statusCode,
    ).toBe(404);
    const bad = await owner.put('/api/accounting/mappings', { settings: { apAccount: 'A\tP' } });
    expect(bad.statusCode).toBe(400);
    expect(json<AccountingMappingsDto>(await owner.get('/api/accounting/mappings')).settings.apAccount).toBe(
      'Accounts Payable',
    );
  });
});

describe('the accounting export', () => {
  it('writes approved invoices as IIF whose splits sum to zero, for the owner or an admin', async () => {
    expect((await member.get('/api/accounting/export?format=iif')).statusCode).toBe(403);
    const res = await owner.get(
      `/api/accounting/export?format=iif&projectId=${projectId}&from=2026-01-01&to=2026-12-31`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('.iif');
    const rows = res.body
      .split('\r\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t'));
    expect(rows[0]).toEqual(IIF_TRNS_HEADER);
    expect(rows[1]).toEqual(IIF_SPL_HEADER);
    const invoices = rows.filter((r) => r[0] === 'TRNS');
    // Only the approved invoice: 20,000.00 on A/R to the mapped job, its split on the income account.
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.slice(2, 8)).toEqual([
      'INVOICE',
      '03/10/2026',
      'A/R',
      'Smith:Kitchen',
      '20000.00',
      expect.stringMatching(/^INV-/),
    ]);
    const amounts = rows
      .filter((r) => r[0] === 'TRNS' || r[0] === 'SPL')
      .map((r) => numericToCents(r[6] ?? ''));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(0);
    expect(rows.find((r) => r[0] === 'SPL')?.[4]).toBe('Income:Contracts');

    // Outside the period, no invoice.
    const none = await owner.get('/api/accounting/export?format=iif&from=2027-01-01');
    expect(none.body.split('\r\n').filter((l) => l.startsWith('TRNS'))).toHaveLength(0);
  });

  it('lists jobs written under their default name', async () => {
    const second = await owner.createProject({ name: 'Garage', client: 'Jones' });
    const res = await owner.get('/api/accounting/export/check?format=qbo-customers');
    expect(res.statusCode, res.body).toBe(200);
    const check = json<ExportCheckDto>(res);
    expect(check.unmapped.jobs).toContainEqual({ projectId: second, usedName: 'Jones:Garage' });
    expect(check.unmapped.jobs.some((j) => j.projectId === projectId)).toBe(false);
    const file = await owner.get('/api/accounting/export?format=qbo-customers');
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain('Smith:Kitchen');
    expect(file.body).toContain('Jones:Garage');
  });

  it.each([
    ['format=pdf', 'format'],
    ['format=iif&from=2026-02-30', 'from'],
    ['format=iif&from=2026-05-01&to=2026-04-01', 'to'],
    ['format=iif&projectId=abc', 'projectId'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const res = await owner.get(`/api/accounting/export?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(json<{ errors?: Record<string, string> }>(res).errors ?? {})).toContain(field);
  });

  it("answers another company's project with 404", async () => {
    expect((await other.get(`/api/accounting/export?format=iif&projectId=${projectId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await other.get(`/api/accounting/export/check?format=xero-bills&projectId=${projectId}`)).statusCode,
    ).toBe(404);
  });
});
