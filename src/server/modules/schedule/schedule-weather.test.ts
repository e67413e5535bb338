/**
 * Weather days, said where they are added: a company in a cold state plans a new home starting in
 * early December (the project has no location of its own); the plan answer and the project's
 * schedule both say how many weather days were added, and that count is how far the finish moved
 * against the same plan for a company with no state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanGenerationDto, StartedPlansDto } from '../../../contracts/ai.js';
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { createProject } from '../ai/ai-test-support.js';
import { multipartBody } from '../documents/documents.test-support.js';
import { readOwnEstimate } from '../ingestion/ingestion.test-support.js';

const ESTIMATE = 'new-home-2400sf.pdf';
/** A Monday early in December: the site work, foundation and framing fall in the winter months. */
const WINTER_START = '2026-12-07';

let t: TestApp;
let cold: Agent;
let noState: Agent;

beforeAll(async () => {
  t = await createTestApp();
  cold = t.agent();
  await cold.signUpWithCompany({ company: 'North Star Builders' });
  const located = await cold.put('/api/companies/location', { country: 'US', state: 'MN' });
  expect(located.statusCode, located.body).toBe(200);
  noState = t.agent();
  await noState.signUpWithCompany({ company: 'Nowhere Builders' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

/** Plans the estimate into a new project of the agent's company, and answers the finished generation. */
async function planWinterHome(agent: Agent): Promise<{ projectId: number; plan: PlanGenerationDto }> {
  const projectId = await createProject(agent, {
    budget: 450_000,
    name: 'Winter new home',
    type: 'Residential',
    startDate: WINTER_START,
    endDate: '2027-12-31',
  });
  const { payload, contentType } = await multipartBody([
    { name: ESTIMATE, content: readOwnEstimate(ESTIMATE) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/plans`,
    headers: { cookie: `sid=${agent.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { generationId } = json<StartedPlansDto>(res);
  const until = Date.now() + 150_000;
  for (;;) {
    const read = await agent.get(`/api/plans/${generationId}`);
    expect(read.statusCode, read.body).toBe(200);
    const plan = json<PlanGenerationDto>(read);
    if (plan.status !== 'running' || Date.now() > until) {
      expect(plan.status, plan.error ?? '').toBe('succeeded');
      return { projectId, plan };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function scheduleOf(agent: Agent, projectId: number): Promise<ProjectScheduleDto> {
  const res = await agent.post(`/api/projects/${projectId}/schedule`, {});
  expect(res.statusCode, res.body).toBe(200);
  return json<ProjectScheduleDto>(res);
}

describe('weather days on the plan and the schedule', () => {
  it('says how many weather days a winter start in Minnesota adds: the days the finish moved', async () => {
    const north = await planWinterHome(cold);
    const plain = await planWinterHome(noState);
    const northSchedule = await scheduleOf(cold, north.projectId);
    const plainSchedule = await scheduleOf(noState, plain.projectId);
    expect(northSchedule.startDate).toBe(plainSchedule.startDate);

    // The days added are the working days the finish moved against the same plan with no state.
    const moved = northSchedule.durationDays - plainSchedule.durationDays;
    expect(moved).toBeGreaterThan(0);
    const said = `${moved} weather days added for a winter start in Minnesota (Dec–Feb)`;
    expect(north.plan.result?.weather).toEqual({ days: moved, summary: said });
    expect(north.plan.result?.finishDate).toBe(northSchedule.finishDate);
    expect(northSchedule.weather).toEqual({ days: moved, summary: said });
    const current = json<ProjectScheduleDto>(await cold.get(`/api/projects/${north.projectId}/schedule`));
    expect(current.weather).toEqual({ days: moved, summary: said });

    // No state, no weather days: nothing is said.
    expect(plain.plan.result?.weather).toBeNull();
    expect(plainSchedule).not.toHaveProperty('weather');
  }, 300_000);
});
