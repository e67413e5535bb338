/**
 * A project's end date is its schedule's finish once it has one (a plan generated, a task moved),
 * with the contractual deadline the user typed kept beside it and the days the finish runs past it;
 * the job's location sets the weather the schedule allows for; an estimate waiting for answers is
 * flagged on the project; text fields over their limit are refused by name.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto, PlanGenerationDto, StartedPlansDto } from '../../../contracts/ai.js';
import type { ProjectDto } from '../../../contracts/projects.js';
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { weatherAllowanceDays } from '../../../domain/schedule/index.js';
import { projects } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { estimateText, generate, grandTotal, REMODEL_ITEMS } from '../ai/ai-test-support.js';
import { multipartBody } from '../documents/documents.test-support.js';
import { seedTasks } from '../schedule/schedule-test-support.js';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Finish Line Builders' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const form = {
  name: 'Miller remodel',
  client: 'Dana Miller',
  type: 'Residential',
  budget: '90000',
  startDate: '2026-03-02',
  endDate: '2027-07-07',
};

const day = (iso: string) => iso.slice(0, 10);

async function create(body: Record<string, unknown>): Promise<ProjectDto> {
  const res = await owner.post('/api/projects', body);
  expect(res.statusCode, res.body).toBe(201);
  return json<ProjectDto>(res);
}
const one = async (id: number) => json<ProjectDto>(await owner.get(`/api/projects/${id}`));
const listed = async (id: number) =>
  json<ProjectDto[]>(await owner.get('/api/projects')).find((p) => p.id === id);

describe("a project's end date", () => {
  it('follows the plan’s finish, and a task moved later; the typed deadline stays and is warned of', async () => {
    const created = await create({ ...form, deadline: '2027-08-01' });
    expect(created).toMatchObject({ deadline: '2027-08-01', daysPastDeadline: 0 });
    expect(day(created.endDate)).toBe('2027-07-07');

    const res = await generate(owner, {
      projectId: created.id,
      budget: 90_000,
      estimateContent: estimateText(REMODEL_ITEMS),
      fileName: 'miller-estimate.pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    expect(plan.finishDate).not.toBe('2027-07-07');

    for (const project of [await one(created.id), await listed(created.id)]) {
      expect(day(project?.endDate ?? '')).toBe(plan.finishDate);
      expect(project?.deadline).toBe('2027-08-01');
    }
    // A deadline before the finish is kept as typed, and the days past it answered.
    const tight = await owner.put(`/api/projects/${created.id}`, { deadline: '2026-04-15' });
    const daysLate = (finish: string) =>
      Math.round((Date.parse(finish) - Date.parse('2026-04-15')) / 86_400_000);
    expect(json<ProjectDto>(tight)).toMatchObject({
      deadline: '2026-04-15',
      daysPastDeadline: daysLate(plan.finishDate),
    });
    expect(daysLate(plan.finishDate)).toBeGreaterThan(0);
    expect(await listed(created.id)).toEqual(await one(created.id));

    // The last task moved a month later: the finish, and the end date, follow.
    const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${created.id}/tasks`));
    const last = tasks.reduce((a, b) => (b.endDate > a.endDate ? b : a));
    const moved = await owner.put(`/api/tasks/${last.id}`, { startNoEarlierThan: '2026-09-01' });
    expect(moved.statusCode, moved.body).toBe(200);
    const schedule = json<ProjectScheduleDto>(await owner.get(`/api/projects/${created.id}/schedule`));
    expect(schedule.finishDate > plan.finishDate).toBe(true);
    const after = await one(created.id);
    expect(day(after.endDate)).toBe(schedule.finishDate);
    expect(await listed(created.id)).toEqual(after);

    expect(after).toMatchObject({ deadline: '2026-04-15', daysPastDeadline: daysLate(schedule.finishDate) });

    // An edit sending the old typed end date leaves the scheduled finish; the deadline moves as typed.
    const edited = await owner.put(`/api/projects/${created.id}`, {
      ...form,
      status: 'active',
      progress: 0,
      deadline: '2026-12-31',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<ProjectDto>(edited)).toMatchObject({ deadline: '2026-12-31', daysPastDeadline: 0 });
    expect(day(json<ProjectDto>(edited).endDate)).toBe(schedule.finishDate);
    // The start moved past the old finish, the schedule with it: the end date is the new finish.
    const shifted = await owner.put(`/api/projects/${created.id}`, {
      startDate: '2027-01-04',
      shiftSchedule: true,
    });
    expect(shifted.statusCode, shifted.body).toBe(200);
    const moved2 = json<ProjectScheduleDto>(await owner.get(`/api/projects/${created.id}/schedule`));
    expect(moved2.finishDate > '2027-01-04').toBe(true);
    expect(day(json<ProjectDto>(shifted).endDate)).toBe(moved2.finishDate);
    expect(
      json<ProjectDto>(await owner.put(`/api/projects/${created.id}`, { deadline: null })),
    ).toMatchObject({ deadline: null, daysPastDeadline: null });
  });

  it('stays as typed while the project has no tasks, and refuses a bad deadline by name', async () => {
    const created = await create({ ...form, name: 'Empty lot' });
    expect((await owner.post(`/api/projects/${created.id}/schedule`)).statusCode).toBe(200);
    expect(day((await one(created.id)).endDate)).toBe('2027-07-07');
    expect((await one(created.id)).deadline).toBeNull();
    const bad = await owner.post('/api/projects', { ...form, deadline: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Deadline is not a valid date');
  });
});

describe("a plan's insights", () => {
  it('warn of a finish after the typed deadline, though the end date typed is later', async () => {
    const created = await create({ ...form, name: 'Tight contract', deadline: '2026-04-01' });
    const res = await generate(owner, {
      projectId: created.id,
      estimateContent: estimateText(REMODEL_ITEMS),
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<GeneratedPlanDto>(res);
    const late = plan.insights.find((i) => i.title === 'Scheduled finish is after the planned end date');
    expect(late?.description).toContain('planned end date of 2026-04-01');
  });
});

describe('a project created without a budget', () => {
  it("takes its estimate's total; a budget given is kept", async () => {
    const open = await create({ ...form, name: 'Budget from estimate', budget: '0' });
    const given = await create({ ...form, name: 'Budget given', budget: '50000' });
    for (const p of [open, given]) {
      const res = await generate(owner, { projectId: p.id, estimateContent: estimateText(REMODEL_ITEMS) });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(Number((await one(open.id)).budget)).toBeCloseTo(grandTotal(REMODEL_ITEMS), 2);
    expect((await one(given.id)).budget).toBe('50000.00');
  });
});

describe("the job's location", () => {
  it('gives a winter job in a cold state its weather days, before the company’s (unset) state', async () => {
    const winter = { ...form, startDate: '2026-12-07', endDate: '2027-03-31' };
    const cold = await create({
      ...winter,
      name: 'Duluth warehouse',
      siteAddress: '12 Harbor Dr, Duluth',
      location: { country: 'US', state: 'mn' },
    });
    expect(cold).toMatchObject({
      siteAddress: '12 Harbor Dr, Duluth',
      location: { country: 'US', state: 'MN' },
    });
    expect(await listed(cold.id)).toEqual(await one(cold.id));
    const plain = await create({ ...winter, name: 'No place given' });
    expect(plain.location).toBeNull();

    const [row] = await t.ctx.db.select().from(projects).where(eq(projects.id, cold.id));
    const companyId = row?.companyId ?? 0;
    const pour = [{ name: 'Pour foundation', duration: 10, phase: 'Concrete' }];
    const coldIds = await seedTasks(t, { id: cold.id, companyId }, pour);
    const plainIds = await seedTasks(t, { id: plain.id, companyId }, pour);
    const coldPlan = json<ProjectScheduleDto>(await owner.post(`/api/projects/${cold.id}/schedule`));
    const plainPlan = json<ProjectScheduleDto>(await owner.post(`/api/projects/${plain.id}/schedule`));
    const span = (s: ProjectScheduleDto, id: number | undefined) => {
      const task = s.tasks.find((x) => x.id === id);
      return (task?.earlyFinish ?? 0) - (task?.earlyStart ?? 0);
    };
    const allowance = weatherAllowanceDays('Concrete', 'MN', 12, 10);
    expect(allowance).toBeGreaterThan(0);
    expect(span(coldPlan, coldIds.get('Pour foundation'))).toBe(10 + allowance);
    expect(span(plainPlan, plainIds.get('Pour foundation'))).toBe(10);
    expect(day((await one(cold.id)).endDate)).toBe(coldPlan.finishDate);

    // A US state must be a state code; clearing the location puts the job back on the company's.
    const wrong = await owner.put(`/api/projects/${cold.id}`, {
      location: { country: 'US', state: 'Snowland' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('State must be a US state code');
    const cleared = await owner.put(`/api/projects/${cold.id}`, { location: null, reschedule: true });
    expect(json<ProjectDto>(cleared).location).toBeNull();
    const again = json<ProjectScheduleDto>(await owner.get(`/api/projects/${cold.id}/schedule`));
    expect(span(again, coldIds.get('Pour foundation'))).toBe(10);
  });
});

describe('an estimate waiting for answers', () => {
  it('flags its project in the list and on its own until it is answered', async () => {
    const created = await create({ ...form, name: 'Oak Street', type: 'Infrastructure' });
    expect(created.awaitingAnswers).toBe(false);
    const bidTab = [
      'CITY OF SPRINGFIELD - OAK STREET SIDEWALK REPAIRS',
      ",,,,Lane Paving Co.,,Ridge Concrete LLC,,Engineer's Estimate",
      'Item No.,Item Description,Estimated Quantity,Units,Unit Price,Total Price,Unit Price,Total Price,Unit Price,Total Price',
      '1,Mobilization,1,LS,20000,20000,25000,25000,30000,30000',
      '2,Sidewalk Removal,1200,SY,12,14400,10,12000,15,18000',
      '3,Concrete Sidewalk 4 Inch,1200,SY,65,78000,70,84000,80,96000',
      ',Total Amount Bid,,,,112400,,121000,,144000',
    ].join('\n');
    const { payload, contentType } = await multipartBody([
      { name: 'oak-street-bid-tab.csv', content: new TextEncoder().encode(bidTab) },
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${created.id}/plans`,
      headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
      payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const { generationId } = json<StartedPlansDto>(started);
    const until = Date.now() + 150_000;
    let status = 'running';
    while (status === 'running' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = json<PlanGenerationDto>(await owner.get(`/api/plans/${generationId}`)).status;
    }
    expect(status).toBe('needs-input');
    expect((await one(created.id)).awaitingAnswers).toBe(true);
    expect((await listed(created.id))?.awaitingAnswers).toBe(true);
    expect(await listed(created.id)).toEqual(await one(created.id));
  });
});

describe('text over its limit', () => {
  it.each([
    ['name', 201, 'Project name must be at most 200 characters'],
    ['client', 201, 'Client must be at most 200 characters'],
    ['description', 5001, 'Description must be at most 5000 characters'],
    ['siteAddress', 301, 'Site address must be at most 300 characters'],
  ])('refuses a %s of %i characters with a message naming it', async (field, length, message) => {
    const res = await owner.post('/api/projects', { ...form, [field]: 'x'.repeat(length) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    const before = json<ProjectDto[]>(await owner.get('/api/projects')).length;
    const project = await create({ ...form, name: `Limit ${field}` });
    const edit = await owner.put(`/api/projects/${project.id}`, { [field]: 'x'.repeat(length) });
    expect(edit.statusCode).toBe(400);
    expect(edit.body).toContain(message);
    expect(json<ProjectDto[]>(await owner.get('/api/projects')).length).toBe(before + 1);
  });
});
