/**
 * The review's side of a server-run plan: the estimate's text as the reader reads it, the user's
 * corrections sent with the answers (checked, stored with the generation, applied to the plan and
 * shown in its source lines), and a bad correction refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanGenerationDto, StartedPlansDto } from '../../../contracts/ai.js';
import type { PlanReadingDto } from '../../../contracts/estimate-review.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { multipartBody } from '../documents/documents.test-support.js';
import { createProject } from './ai-test-support.js';

/** A house budget whose TOTAL leaves out an upgrade listed among the work, as builders often write them. */
const BUDGET = [
  'HARBOR VIEW RESIDENCE - CONSTRUCTION BUDGET',
  'Site work\t12000',
  'Foundation\t28000',
  'Framing\t64000',
  'Covered porch upgrade\t9000',
  'Roofing\t18000',
  'TOTAL\t122000',
].join('\n');
const PORCH_LINE = BUDGET.split('\n').findIndex((l) => l.startsWith('Covered porch')) + 1;
const STATED_TOTAL = 122_000;

let t: TestApp;
let owner: Agent;
let stranger: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Review Builders' });
  stranger = t.agent();
  await stranger.signUpWithCompany({ company: 'Other Review Builders' });
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

async function startPlan(projectId: number): Promise<number> {
  const { payload, contentType } = await multipartBody([
    { name: 'harbor-view-budget.txt', content: new TextEncoder().encode(BUDGET) },
  ]);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/plans`,
    headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
  expect(started.statusCode, started.body).toBe(202);
  return json<StartedPlansDto>(started).generationId;
}

describe('the review of an estimate that does not add up', () => {
  it('reads the stored text, plans with the corrections, keeps them with the generation and shows them', async () => {
    const projectId = await createProject(owner, {
      budget: 150_000,
      name: 'Harbor View',
      type: 'Residential',
    });
    const generationId = await startPlan(projectId);
    const asking = await settled(generationId);
    expect(asking.status).toBe('needs-input');
    expect(asking.questions?.mismatch).toMatchObject({
      documentTotal: STATED_TOTAL,
      difference: -9000,
    });

    // The review reads what the reader reads: the stored file's text, nothing answered yet.
    const reading = json<PlanReadingDto>(await owner.get(`/api/plans/${generationId}/reading`));
    expect(reading).toMatchObject({
      generationId,
      projectId,
      fileName: 'harbor-view-budget.txt',
      projectType: 'Residential',
      choices: {},
      corrections: {},
    });
    expect(reading.content.trim()).toBe(BUDGET);
    expect((await stranger.get(`/api/plans/${generationId}/reading`)).statusCode).toBe(404);

    // A correction naming a trade the plan does not know is refused; the plan still waits.
    const answers = `/api/plans/${generationId}/answers`;
    for (const bad of [
      { corrections: { lines: { [PORCH_LINE]: { trade: 'basket-weaving' } } } },
      { corrections: { lines: { zero: { role: 'option' } } } },
      { corrections: { lines: { [PORCH_LINE]: { role: 'maybe' } } } },
      { corrections: { statedTotal: -5 } },
      { corrections: { unknown: true } },
    ]) {
      const res = await owner.post(answers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await settled(generationId)).status).toBe('needs-input');
    expect(json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`))).toEqual([]);

    // The porch upgrade is an option: the figures now add up and the plan goes ahead without asking.
    const corrections = { lines: { [String(PORCH_LINE)]: { role: 'option' as const } } };
    const answered = await owner.post(answers, { corrections });
    expect(answered.statusCode, answered.body).toBe(202);
    const planned = await settled(generationId);
    expect(planned.status, planned.error ?? '').toBe('succeeded');
    const porch = planned.result?.sourceLines.find((l) => l.line === PORCH_LINE);
    expect(porch).toMatchObject({ disposition: 'option', taskId: null, amount: 9000 });
    expect(porch?.reason).toMatch(/your correction/);
    const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    const planTotal = tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
    expect(planTotal).toBeCloseTo(STATED_TOTAL, 2);

    // Stored with the generation: the review opened again shows them.
    const again = json<PlanReadingDto>(await owner.get(`/api/plans/${generationId}/reading`));
    expect(again.corrections).toEqual(corrections);
  });
});
