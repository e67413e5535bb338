/**
 * "Read my estimates this way next time": an answer's corrections remembered for the company's
 * layout, the next estimate of that layout read with them before anything is asked, and nobody
 * else's estimates (another company's, another layout's) touched; a bad answer keeps nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanGenerationDto, StartedPlansDto } from '../../../contracts/ai.js';
import type { PlanReadingDto } from '../../../contracts/estimate-review.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { multipartBody } from '../documents/documents.test-support.js';
import { createProject } from './ai-test-support.js';
import { REMEMBERED_NOTE } from './reading-rules.js';

const PORCH = 'Covered porch upgrade';
const PERGOLA = 'Timber pergola kit';
const HEADINGS = 'Item\tDescription\tQty\tUnit\tAmount';

/** A builder's budget whose TOTAL leaves out the porch upgrade listed among the work. */
function budget(project: string, lines: (readonly [string, number])[], headings = HEADINGS): string {
  const columns = headings.split('\t').length;
  const row = (i: number, d: string, a: number) =>
    columns === 5 ? `${i + 1}\t${d}\t1\tLS\t${a}` : `${d}\t${a}`;
  return [
    'MAPLE RIDGE HOMES',
    `Construction budget - ${project}`,
    headings,
    'SITE AND STRUCTURE',
    ...lines.map(([d, a], i) => row(i, d, a)),
    `TOTAL${'\t'.repeat(columns - 1)}${workTotal(lines)}`,
  ].join('\n');
}
/** What the work comes to: every line but the upgrade. */
const workTotal = (lines: (readonly [string, number])[]) =>
  lines.filter(([d]) => d !== PORCH).reduce((sum, [, a]) => sum + a, 0);
const lineOf = (text: string, words: string) => text.split('\n').findIndex((l) => l.includes(words)) + 1;

const FIRST_LINES = [
  ['Site work and excavation', 12_000],
  ['Foundation', 28_000],
  ['Framing package', 64_000],
  [PORCH, 9_000],
  [PERGOLA, 6_500],
  ['Roofing', 18_000],
] as const;
/** The same builder's next budget: other figures and project, and one more line near the top. */
const SECOND_LINES = [
  ['Site work and excavation', 14_500],
  ['Driveway extension', 7_250],
  ['Foundation', 31_000],
  ['Framing package', 71_400],
  [PORCH, 11_800],
  [PERGOLA, 7_900],
  ['Roofing', 19_600],
] as const;
const FIRST = budget('Lot 14, Birch Court', [...FIRST_LINES]);
const SECOND = budget('Lot 9, Aspen Way', [...SECOND_LINES]);
const OTHER_LAYOUT = budget('Lot 3, Cedar Lane', [...SECOND_LINES], 'Description\tAmount');

let t: TestApp;
let a: Agent;
let b: Agent;

beforeAll(async () => {
  t = await createTestApp();
  a = t.agent();
  await a.signUpWithCompany({ company: 'Maple Ridge Homes' });
  b = t.agent();
  await b.signUpWithCompany({ company: 'Other Ridge Homes' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function settled(agent: Agent, generationId: number): Promise<PlanGenerationDto> {
  const until = Date.now() + 150_000;
  for (;;) {
    const body = json<PlanGenerationDto>(await agent.get(`/api/plans/${generationId}`));
    if (body.status !== 'running' || Date.now() > until) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Plans `text` in a new project of `agent`'s company; answers the project and generation. */
async function plan(agent: Agent, name: string, text: string) {
  const projectId = await createProject(agent, { budget: 500_000, name, type: 'Residential' });
  const { payload, contentType } = await multipartBody([
    { name: `${name}.txt`, content: new TextEncoder().encode(text) },
  ]);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/plans`,
    headers: { cookie: `sid=${agent.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
  expect(started.statusCode, started.body).toBe(202);
  const { generationId } = json<StartedPlansDto>(started);
  return { projectId, generationId, outcome: await settled(agent, generationId) };
}

const reading = async (agent: Agent, generationId: number) =>
  json<PlanReadingDto>(await agent.get(`/api/plans/${generationId}/reading`));

describe("a company's remembered reading rules", () => {
  it('read its next estimate of the same layout, and nobody else’s', async () => {
    // Company A's first budget does not add up: it asks, and A answers, remembering the answer.
    const first = await plan(a, 'birch-court', FIRST);
    expect(first.outcome.status).toBe('needs-input');
    expect(first.outcome.questions?.mismatch).toBeTruthy();
    const corrections = {
      lines: {
        [String(lineOf(FIRST, PORCH))]: { role: 'option' as const },
        [String(lineOf(FIRST, PERGOLA))]: { trade: 'exterior-finishes' as const },
      },
    };
    const answered = await a.post(`/api/plans/${first.generationId}/answers`, {
      corrections,
      remember: true,
    });
    expect(answered.statusCode, answered.body).toBe(202);
    const firstPlanned = await settled(a, first.generationId);
    expect(firstPlanned.status, firstPlanned.error ?? '').toBe('succeeded');
    expect((await reading(a, first.generationId)).rememberedRules).toBe(false);

    // Its next budget of the same layout is read with the rules: nothing asked about the porch.
    const second = await plan(a, 'aspen-way', SECOND);
    expect(second.outcome.status, second.outcome.error ?? '').toBe('succeeded');
    expect(second.outcome.questions).toBeNull();
    const secondReading = await reading(a, second.generationId);
    expect(secondReading.rememberedRules).toBe(true);
    expect(second.outcome.result?.notes).toContain(REMEMBERED_NOTE);
    expect(firstPlanned.result?.notes).not.toContain(REMEMBERED_NOTE);
    expect(secondReading.corrections.lines).toMatchObject({
      [String(lineOf(SECOND, PORCH))]: { role: 'option' },
      [String(lineOf(SECOND, PERGOLA))]: { trade: 'exterior-finishes' },
    });
    expect(lineOf(SECOND, PORCH)).not.toBe(lineOf(FIRST, PORCH));
    const porch = second.outcome.result?.sourceLines.find((l) => l.line === lineOf(SECOND, PORCH));
    expect(porch).toMatchObject({ disposition: 'option', taskId: null });
    const tasks = json<TaskDto[]>(await a.get(`/api/projects/${second.projectId}/tasks`));
    const cost = tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
    expect(cost).toBeCloseTo(workTotal([...SECOND_LINES]), 2);

    // Another layout of A's is not read with them: it asks.
    const other = await plan(a, 'cedar-lane', OTHER_LAYOUT);
    expect(other.outcome.status).toBe('needs-input');
    expect(other.outcome.questions?.mismatch).toBeTruthy();
    expect((await reading(a, other.generationId)).rememberedRules).toBe(false);

    // Company B has no rules: the same budget asks.
    const theirs = await plan(b, 'aspen-way', SECOND);
    expect(theirs.outcome.status).toBe('needs-input');
    expect(theirs.outcome.questions?.mismatch).toBeTruthy();
    const theirReading = await reading(b, theirs.generationId);
    expect(theirReading.rememberedRules).toBe(false);
    expect(theirReading.corrections).toEqual({});

    // B's bad answer asking to remember is refused and keeps nothing: B's next budget still asks.
    const bad = await b.post(`/api/plans/${theirs.generationId}/answers`, {
      corrections: {
        lines: { [String(lineOf(SECOND, PORCH))]: { role: 'option', trade: 'basket-weaving' } },
      },
      remember: true,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect((await settled(b, theirs.generationId)).status).toBe('needs-input');
    const again = await plan(b, 'aspen-way-2', SECOND);
    expect(again.outcome.status).toBe('needs-input');
    expect((await reading(b, again.generationId)).rememberedRules).toBe(false);
  });
});
