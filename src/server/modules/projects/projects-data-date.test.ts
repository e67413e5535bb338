/**
 * Progress against plan: a project's data date, and re-scheduling from it with retained logic
 * (finished work stays, work under way finishes its remaining days from the data date, work not
 * started follows its links and starts no earlier than the data date).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../../contracts/projects.js';
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  // Thursday 5 March 2026.
  t = await createTestApp({}, { now: () => new Date('2026-03-05T12:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Status Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const day = (date: string) => `${date}T00:00:00.000Z`;
const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

const newTask = (projectId: number, body: Record<string, unknown>) => owner.createTask(projectId, body);

async function projectTasks(projectId: number) {
  return new Map(json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`)).map((x) => [x.id, x]));
}

/**
 * A project from Monday 2 March 2026: Survey (2 days, finished), Foundations (10 days, 30 % done),
 * Framing (5 days after Foundations) and Permits (3 days, no links, not started).
 */
async function statusedProject() {
  const res = await owner.post('/api/projects', {
    name: 'Depot',
    client: 'Client',
    budget: '1000',
    startDate: '2026-03-02',
    endDate: '2026-10-01',
  });
  const projectId = json<ProjectDto>(res).id;
  const survey = await newTask(projectId, { name: 'Survey', duration: 2 });
  const foundations = await newTask(projectId, { name: 'Foundations', duration: 10 });
  const framing = await newTask(projectId, {
    name: 'Framing',
    duration: 5,
    dependencies: fs(foundations.id),
  });
  const permits = await newTask(projectId, { name: 'Permits', duration: 3 });
  expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
  expect((await owner.put(`/api/tasks/${survey.id}`, { progress: 100 })).statusCode).toBe(200);
  const started = json<TaskDto>(await owner.put(`/api/tasks/${foundations.id}`, { progress: 30 }));
  expect(started).toMatchObject({ actualStart: '2026-03-02', remainingDuration: 7 });
  return { projectId, survey, foundations, framing, permits };
}

describe('PUT /api/projects/{id} with a data date', () => {
  it('re-schedules from the data date in the same request with reschedule: true', async () => {
    const { projectId, survey, foundations, framing, permits } = await statusedProject();
    const res = await owner.put(`/api/projects/${projectId}`, { dataDate: '2026-03-23', reschedule: true });
    expect(res.statusCode).toBe(200);
    expect(json<ProjectDto>(res).dataDate).toBe('2026-03-23');
    const stored = await projectTasks(projectId);
    // Finished work stays where it happened.
    expect(stored.get(survey.id)).toMatchObject({ startDate: day('2026-03-02'), endDate: day('2026-03-03') });
    // Seven days left from Monday 23 March: 23–31 March, though it began on 2 March.
    expect(stored.get(foundations.id)).toMatchObject({
      startDate: day('2026-03-02'),
      endDate: day('2026-03-31'),
      remainingDuration: 7,
    });
    expect(stored.get(framing.id)).toMatchObject({
      startDate: day('2026-04-01'),
      endDate: day('2026-04-07'),
    });
    // Not started and unlinked: no earlier than the data date.
    expect(stored.get(permits.id)).toMatchObject({
      startDate: day('2026-03-23'),
      endDate: day('2026-03-25'),
    });
    expect(json<ProjectDto>(await owner.get(`/api/projects/${projectId}`)).dataDate).toBe('2026-03-23');
  });

  it('stores a data date alone; POST /schedule then re-schedules from it; null clears it', async () => {
    const { projectId, foundations, permits } = await statusedProject();
    const set = await owner.put(`/api/projects/${projectId}`, { dataDate: '2026-03-30' });
    expect(json<ProjectDto>(set).dataDate).toBe('2026-03-30');
    expect((await projectTasks(projectId)).get(foundations.id)).toMatchObject({ endDate: day('2026-03-13') });
    const scheduled = json<ProjectScheduleDto>(await owner.post(`/api/projects/${projectId}/schedule`));
    expect(scheduled.tasks.find((x) => x.id === permits.id)).toMatchObject({ startDate: '2026-03-30' });
    // 30 March + 7 working days.
    expect((await projectTasks(projectId)).get(foundations.id)).toMatchObject({ endDate: day('2026-04-07') });

    const cleared = await owner.put(`/api/projects/${projectId}`, { dataDate: null, reschedule: true });
    expect(json<ProjectDto>(cleared).dataDate).toBeNull();
    const stored = await projectTasks(projectId);
    // As planned again: the whole duration from its actual start, and Permits at the project start.
    expect(stored.get(foundations.id)).toMatchObject({ endDate: day('2026-03-13') });
    expect(stored.get(permits.id)).toMatchObject({ startDate: day('2026-03-02') });
  });

  it('moves the finish of work under way when its remaining duration or progress changes', async () => {
    const { projectId, foundations, framing } = await statusedProject();
    await owner.put(`/api/projects/${projectId}`, { dataDate: '2026-03-23', reschedule: true });
    const two = await owner.put(`/api/tasks/${foundations.id}`, { remainingDuration: 2 });
    expect(two.statusCode).toBe(200);
    expect(json<TaskDto>(two)).toMatchObject({
      remainingDuration: 2,
      progress: 80,
      status: 'in-progress',
      endDate: day('2026-03-24'),
    });
    expect((await projectTasks(projectId)).get(framing.id)).toMatchObject({ startDate: day('2026-03-25') });
    // A new progress derives the remaining days again: half of ten.
    const half = json<TaskDto>(await owner.put(`/api/tasks/${foundations.id}`, { progress: 50 }));
    expect(half).toMatchObject({ remainingDuration: 5, endDate: day('2026-03-27') });
  });

  it("answers 404 for another company's project and 400 for bad input, changing nothing", async () => {
    const { projectId, foundations } = await statusedProject();
    const theirs = await other.put(`/api/projects/${projectId}`, {
      dataDate: '2026-03-23',
      reschedule: true,
    });
    expect(theirs.statusCode).toBe(404);
    for (const body of [
      { dataDate: '2026-02-30', reschedule: true },
      { dataDate: 'next monday' },
      { dataDate: '2026-03-23T00:00:00Z' },
      { dataDate: 20260323 },
      { dataDate: '2026-03-23', reschedule: 'yes' },
    ]) {
      const res = await owner.put(`/api/projects/${projectId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(json<ProjectDto>(await owner.get(`/api/projects/${projectId}`)).dataDate).toBeNull();
    expect((await projectTasks(projectId)).get(foundations.id)).toMatchObject({ endDate: day('2026-03-13') });
  });
});
