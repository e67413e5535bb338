/**
 * The project's currency: chosen on create and edit (a known ISO 4217 code, else 400 and nothing
 * changed), carried by the project's DTO and its duplicate, and taken from the estimate a plan is
 * made from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto } from '../../../contracts/ai.js';
import { type ProjectDto, projectDto } from '../../../contracts/projects.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { generate } from '../ai/ai-test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Currency Builders' });
  await other.signUpWithCompany({ company: 'Other Builders' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const fields = {
  name: 'Library block',
  client: 'PWD',
  budget: '1000000',
  startDate: '2027-01-04',
  endDate: '2027-12-31',
};

const getProject = async (agent: Agent, id: number) => {
  const res = await agent.get(`/api/projects/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return projectDto.parse(json(res));
};

/** A rupee estimate (its columns titled in rupees, lakh grouping): works of ₹10,90,000. */
const RUPEE_ESTIMATE = [
  'Estimate for a block library, Udaipur',
  'S.No\tDescription\tQty\tUnit\tRate (Rs)\tAmount (Rs)',
  '1\tExcavation in foundation\t120\tcum\t₹ 250\t₹ 30,000',
  '2\tBrick masonry in cement mortar\t80\tcum\t₹ 6,500\t₹ 5,20,000',
  '3\tReinforced cement concrete slab\t40\tcum\t₹ 9,000\t₹ 3,60,000',
  '4\tCement plaster 12 mm\t600\tsqm\t₹ 300\t₹ 1,80,000',
  'Total\t\t\t\t\t₹ 10,90,000',
].join('\n');

/** A euro estimate of the same shape. */
const EURO_ESTIMATE = [
  'Office refurbishment, Madrid',
  'Description\tQty\tUnit\tRate\tAmount',
  'Demolition of partitions\t1\tLS\t€ 4,000.00\t€ 4,000.00',
  'Drywall partitions\t200\tm2\t€ 45.00\t€ 9,000.00',
  'Electrical installation\t1\tLS\t€ 12,000.00\t€ 12,000.00',
  'Painting walls\t600\tm2\t€ 8.00\t€ 4,800.00',
  'Total\t\t\t\t€ 29,800.00',
].join('\n');

/** An estimate in US dollars by its column titles. */
const DOLLAR_ESTIMATE = [
  'Office refurbishment',
  'Description\tQty\tUnit\tRate (USD)\tAmount (USD)',
  'Demolition of partitions\t1\tLS\t4,000.00\t4,000.00',
  'Drywall partitions\t200\tm2\t45.00\t9,000.00',
  'Electrical installation\t1\tLS\t12,000.00\t12,000.00',
  'Total\t\t\t\t25,000.00',
].join('\n');

async function plan(projectId: number, estimateContent: string, fileName: string) {
  const res = await generate(owner, { projectId, estimateContent, fileName });
  expect(res.statusCode, res.body).toBe(200);
  return json<GeneratedPlanDto>(res);
}

describe('choosing the currency', () => {
  it('is USD unless chosen, and a chosen code (any case) is kept upper-case', async () => {
    const plain = await owner.createProject(fields);
    expect((await getProject(owner, plain)).currency).toBe('USD');
    const res = await owner.post('/api/projects', { ...fields, currency: 'eur' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<ProjectDto>(res).currency).toBe('EUR');
    const listed = projectDto.array().parse(json(await owner.get('/api/projects')));
    expect(listed.find((p) => p.id === json<ProjectDto>(res).id)?.currency).toBe('EUR');
  });

  it.each([
    ['a made-up code', 'XYZ'],
    ['a word', 'dollars'],
    ['a sign', '$'],
    ['a number', 840],
    ['an empty text', ''],
  ])('refuses %s with a 400 naming the rule, creating nothing', async (_, currency) => {
    const before = json<ProjectDto[]>(await owner.get('/api/projects')).length;
    const res = await owner.post('/api/projects', { ...fields, currency });
    expect(res.statusCode, res.body).toBe(400);
    expect(json<{ errors: Record<string, string> }>(res).errors.currency).toMatch(/ISO 4217/);
    expect(json<ProjectDto[]>(await owner.get('/api/projects')).length).toBe(before);
  });

  it('changes on edit; a bad code changes nothing, not even the other fields sent with it', async () => {
    const id = await owner.createProject(fields);
    const edited = await owner.put(`/api/projects/${id}`, { currency: 'CAD' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<ProjectDto>(edited).currency).toBe('CAD');

    const bad = await owner.put(`/api/projects/${id}`, { name: 'Renamed', currency: 'CANADIAN' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(json<{ errors: Record<string, string> }>(bad).errors.currency).toMatch(/ISO 4217/);
    expect(await getProject(owner, id)).toMatchObject({ name: fields.name, currency: 'CAD' });
    // Another company's project is not found, and keeps its currency.
    expect((await other.put(`/api/projects/${id}`, { currency: 'GBP' })).statusCode).toBe(404);
    expect((await getProject(owner, id)).currency).toBe('CAD');
  });

  it('is copied with the project', async () => {
    const id = await owner.createProject({ ...fields, currency: 'MXN' });
    const copy = await owner.post(`/api/projects/${id}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(json<ProjectDto>(copy).currency).toBe('MXN');
  });
});

describe('the currency of a planned estimate', () => {
  it("takes the estimate's currency, and reads the budget in it", async () => {
    const id = await owner.createProject(fields);
    const result = await plan(id, RUPEE_ESTIMATE, 'library-boq.txt');
    expect(result.tasks.length).toBeGreaterThan(0);
    expect(result.notes.join('\n')).toContain("The project's money is now in INR");
    expect(await getProject(owner, id)).toMatchObject({ currency: 'INR', budget: '1000000.00' });
    // ₹10,90,000 of estimate over a ₹10,00,000 budget: the budget is compared in rupees.
    const below = result.insights.find((i) => i.title === 'Budget is below the estimate');
    expect(below?.description).toBe(
      'The project budget of ₹10,00,000 is ₹90,000 (8.3%) below the estimate total of ₹10,90,000.',
    );
  });

  it('keeps a Canadian project in its dollars when the estimate reads as US dollars', async () => {
    const id = await owner.createProject({ ...fields, currency: 'CAD' });
    const result = await plan(id, DOLLAR_ESTIMATE, 'refurb-usd.txt');
    expect(result.tasks.length).toBeGreaterThan(0);
    expect((await getProject(owner, id)).currency).toBe('CAD');
  });

  it("keeps the currency of the project's earlier estimates, and says it did not convert", async () => {
    const id = await owner.createProject(fields);
    await plan(id, RUPEE_ESTIMATE, 'first-boq.txt');
    const second = await plan(id, EURO_ESTIMATE, 'second-euro.txt');
    expect(second.notes.join('\n')).toMatch(/in EUR but the project's earlier estimates are in INR/);
    expect((await getProject(owner, id)).currency).toBe('INR');
  });

  it('leaves the currency alone when the estimate shows none', async () => {
    const id = await owner.createProject({ ...fields, currency: 'GBP' });
    const bare = DOLLAR_ESTIMATE.replace(/ \(USD\)/g, '');
    await plan(id, bare, 'bare-figures.txt');
    expect((await getProject(owner, id)).currency).toBe('GBP');
  });
});
