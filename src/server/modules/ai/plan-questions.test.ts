/**
 * A server-run plan that asks first: a bid tabulation asks which column to carry (the engineer's
 * estimate offered by default), nothing is written until it is answered, and the plan then carries
 * the chosen column whole. Answers are checked against the questions asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanGenerationDto, StartedPlansDto } from '../../../contracts/ai.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { multipartBody } from '../documents/documents.test-support.js';
import { createProject } from './ai-test-support.js';

/** A small bid tab in the layout public owners publish: bidders side by side, unit price and total each. */
const BID_TAB = [
  'CITY OF SPRINGFIELD - OAK STREET SIDEWALK REPAIRS',
  ",,,,Lane Paving Co.,,Ridge Concrete LLC,,Engineer's Estimate",
  'Item No.,Item Description,Estimated Quantity,Units,Unit Price,Total Price,Unit Price,Total Price,Unit Price,Total Price',
  '1,Mobilization,1,LS,20000,20000,25000,25000,30000,30000',
  '2,Sidewalk Removal,1200,SY,12,14400,10,12000,15,18000',
  '3,Concrete Sidewalk 4 Inch,1200,SY,65,78000,70,84000,80,96000',
  '4,Concrete Curb and Gutter,800,LF,35,28000,32,25600,40,32000',
  '5,Traffic Control,1,LS,8000,8000,9000,9000,12000,12000',
  ',Total Amount Bid,,,,148400,,155600,,188000',
].join('\n');

let t: TestApp;
let owner: Agent;
let stranger: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Question Builders' });
  stranger = t.agent();
  await stranger.signUpWithCompany({ company: 'Other Question Builders' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function settled(generationId: number): Promise<PlanGenerationDto> {
  const until = Date.now() + 150_000;
  for (;;) {
    const body = json<PlanGenerationDto>(await owner.get(`/api/plans/${generationId}`));
    if (body.status !== 'running' || Date.now() > until) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a plan that asks first', () => {
  it('asks which bid column to carry, writes nothing until answered, then plans that column', async () => {
    const projectId = await createProject(owner, {
      budget: 200_000,
      name: 'Oak Street',
      type: 'Infrastructure',
    });
    const { payload, contentType } = await multipartBody([
      { name: 'oak-street-bid-tab.csv', content: new TextEncoder().encode(BID_TAB) },
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/plans`,
      headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
      payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { generationId } = json<StartedPlansDto>(started);

    const asking = await settled(generationId);
    expect(asking).toMatchObject({ status: 'needs-input', result: null });
    const [column] = asking.questions?.choices ?? [];
    expect(column).toMatchObject({ key: 'bid-column', kind: 'bid-column' });
    const totals = Object.fromEntries(column?.options.map((o) => [o.label, o.total]) ?? []);
    expect(totals).toEqual({
      'Lane Paving Co.': 148_400,
      'Ridge Concrete LLC': 155_600,
      "Engineer's Estimate": 188_000,
    });
    expect(column?.options.find((o) => o.id === column.defaultOption)?.label).toBe("Engineer's Estimate");
    expect(json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`))).toEqual([]);

    // Answers are checked against the questions asked, and only by the company that owns the plan.
    const answers = `/api/plans/${generationId}/answers`;
    for (const bad of [
      { choices: { 'no-such-question': 'x' } },
      { choices: { 'bid-column': 'nobody' } },
      { choices: 'x' },
    ]) {
      const res = await owner.post(answers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await stranger.post(answers, { choices: {} })).statusCode).toBe(404);
    expect((await settled(generationId)).status).toBe('needs-input');

    const low = column?.options.find((o) => o.label === 'Lane Paving Co.');
    const answered = await owner.post(answers, { choices: { 'bid-column': low?.id } });
    expect(answered.statusCode, answered.body).toBe(202);
    const done = await settled(generationId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.result?.estimateTotal).toBe(148_400);
    const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    const cost = tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
    expect(cost).toBeCloseTo(148_400, 2);

    // Planned: it no longer waits for answers.
    expect((await owner.post(answers, { choices: { 'bid-column': low?.id } })).statusCode).toBe(409);
  }, 240_000);

  it('asks a tab in sections one question per section, under its own key, each answerable', async () => {
    const projectId = await createProject(owner, {
      budget: 300_000,
      name: 'Oak Street sections',
      type: 'Infrastructure',
    });
    const pairs =
      'Item No.,Item Description,Estimated Quantity,Units,Unit Price,Total Price,Unit Price,Total Price,Unit Price,Total Price';
    const sections = [
      ...BID_TAB.split('\n'),
      'ADDITIVE ALTERNATE 1 - STREET TREES',
      pairs,
      '6,Street Trees,20,EA,600,12000,650,13000,700,14000',
      '7,Tree Grates,20,EA,400,8000,420,8400,500,10000',
      ',Total Alternate 1,,,,20000,,21400,,24000',
    ].join('\n');
    const { payload, contentType } = await multipartBody([
      { name: 'oak-street-sections.csv', content: new TextEncoder().encode(sections) },
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/plans`,
      headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
      payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { generationId } = json<StartedPlansDto>(started);
    const asking = await settled(generationId);
    expect(asking.status).toBe('needs-input');
    const choices = asking.questions?.choices ?? [];
    const keys = choices.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    const second = choices.find((c) => c.key === 'bid-column:2');
    expect(second?.options.map((o) => [o.label, o.total])).toEqual([
      ['Lane Paving Co.', 20_000],
      ['Ridge Concrete LLC', 21_400],
      ["Engineer's Estimate", 24_000],
    ]);
    // Every question answered at once: the second section with another bidder than the first.
    const answer = Object.fromEntries(choices.map((c) => [c.key, c.defaultOption ?? c.options[0]?.id]));
    answer['bid-column:2'] = second?.options.find((o) => o.label === 'Ridge Concrete LLC')?.id;
    const answered = await owner.post(`/api/plans/${generationId}/answers`, { choices: answer });
    expect(answered.statusCode, answered.body).toBe(202);
    const done = await settled(generationId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.result?.estimateTotal).toBe(188_000);
  }, 240_000);

  it('asks which bidder of a tab with one row per bidder and item, and plans the one answered', async () => {
    const projectId = await createProject(owner, {
      budget: 100_000,
      name: 'County bids',
      type: 'Infrastructure',
    });
    // A county's export: the letting's columns (job size, federal id) on every row, the amount in Extension.
    const rows = [
      'Pay Item,Description,Quantity,Unit,Unit Price,Bidder Name,Job Size,Pos,Extension,Federal ID',
      '110-01,MOBILIZATION,1,EACH,9000,ACME CONSTRUCTION CO.,60000,1,9000,4400123',
      '203-02,EXCAVATION COMMON,500,CY,25,ACME CONSTRUCTION CO.,60000,1,12500,4400123',
      '304-12,HMA PATCHING,200,TON,190,ACME CONSTRUCTION CO.,60000,1,38000,4400123',
      '110-01,MOBILIZATION,1,EACH,12000,RIVER ROAD PAVING INC.,60000,2,12000,4400123',
      '203-02,EXCAVATION COMMON,500,CY,30,RIVER ROAD PAVING INC.,60000,2,15000,4400123',
      '304-12,HMA PATCHING,200,TON,200,RIVER ROAD PAVING INC.,60000,2,40000,4400123',
    ].join('\n');
    const { payload, contentType } = await multipartBody([
      { name: 'county-bids.csv', content: new TextEncoder().encode(rows) },
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/plans`,
      headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
      payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { generationId } = json<StartedPlansDto>(started);
    const asking = await settled(generationId);
    expect(asking.status).toBe('needs-input');
    const [column] = asking.questions?.choices ?? [];
    expect(column).toMatchObject({ key: 'bid-column', kind: 'bid-column' });
    expect(column?.options.map((o) => [o.label, o.total])).toEqual([
      ['ACME CONSTRUCTION CO.', 59_500],
      ['RIVER ROAD PAVING INC.', 67_000],
    ]);
    expect(column?.options.find((o) => o.id === column.defaultOption)?.label).toBe('ACME CONSTRUCTION CO.');

    const other = column?.options.find((o) => o.label === 'RIVER ROAD PAVING INC.');
    const answered = await owner.post(`/api/plans/${generationId}/answers`, {
      choices: { 'bid-column': other?.id },
    });
    expect(answered.statusCode, answered.body).toBe(202);
    const done = await settled(generationId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.result?.estimateTotal).toBe(67_000);
  }, 240_000);

  it('keeps the synchronous text endpoint as it was: the document default, no question', async () => {
    const projectId = await createProject(owner, {
      budget: 200_000,
      name: 'Oak Street text',
      type: 'Infrastructure',
    });
    const text = `## Sheet: Bid Tab\n${BID_TAB.replaceAll(',', '\t')}`;
    const res = await owner.post('/api/ai/generate-project-plan', { projectId, estimateContent: text });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ estimateTotal: number }>(res).estimateTotal).toBe(188_000);
  }, 240_000);
});
