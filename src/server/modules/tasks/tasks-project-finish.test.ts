/**
 * A project's end date is its scheduled finish, the latest task finish: adding, editing and deleting a
 * task keep it there, whether or not the write re-schedules the project, and an undo puts it back
 * with the tasks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../../contracts/projects.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Finish Follows Co' });
});
afterAll(async () => {
  await t.close();
});

const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

async function tasksOf(projectId: number) {
  return json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
}
async function endDateOf(projectId: number) {
  return json<ProjectDto>(await owner.get(`/api/projects/${projectId}`)).endDate.slice(0, 10);
}
/** The latest finish among the project's tasks as stored (`YYYY-MM-DD`). */
async function latestFinish(projectId: number) {
  const ends = (await tasksOf(projectId)).map((x) => x.endDate.slice(0, 10));
  return ends.reduce((a, b) => (b > a ? b : a));
}

/** Framing (5 days from Monday 2 March 2026) then Roofing (3 days), scheduled: finish 11 March. */
async function framingThenRoofing() {
  const projectId = await owner.createProject({ endDate: '2026-10-01' });
  const framing = await owner.createTask(projectId, { name: 'Framing', duration: 5 });
  const roofing = await owner.createTask(projectId, {
    name: 'Roofing',
    duration: 3,
    dependencies: fs(framing.id),
  });
  expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
  expect(await endDateOf(projectId)).toBe('2026-03-11');
  return { projectId, framing, roofing };
}

describe("the project's end date follows its tasks", () => {
  it('adding a task without links that ends after the finish moves the end date to it', async () => {
    const { projectId } = await framingThenRoofing();
    const res = await owner.post('/api/tasks', {
      projectId,
      name: 'Landscaping',
      startDate: '2026-04-06',
      endDate: '2026-04-10',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<TaskDto>(res).endDate.slice(0, 10)).toBe('2026-04-10');
    expect(await endDateOf(projectId)).toBe('2026-04-10');
    expect(await endDateOf(projectId)).toBe(await latestFinish(projectId));
  });

  it('adding a task without dates or links keeps the end date at the latest finish', async () => {
    const projectId = await owner.createProject({ endDate: '2026-10-01' });
    await owner.createTask(projectId, { name: 'Site survey' });
    expect(await endDateOf(projectId)).toBe(await latestFinish(projectId));
  });

  it('deleting the task that finishes last brings the end date back to the next latest finish', async () => {
    const { projectId, roofing } = await framingThenRoofing();
    const late = await owner.createTask(projectId, {
      name: 'Landscaping',
      startNoEarlierThan: '2026-04-06',
      duration: 5,
    });
    // Marked not critical by hand (no re-schedule): its delete does not re-schedule the project.
    expect((await owner.put(`/api/tasks/${late.id}`, { isCritical: false })).statusCode).toBe(200);
    expect(await endDateOf(projectId)).toBe('2026-04-10');
    const res = await owner.delete(`/api/tasks/${late.id}`);
    expect(res.statusCode).toBe(200);
    expect(await endDateOf(projectId)).toBe(
      (await tasksOf(projectId)).find((x) => x.id === roofing.id)?.endDate.slice(0, 10),
    );
    expect(await endDateOf(projectId)).toBe('2026-03-11');
  });

  it('deleting a task of a project dated by hand keeps the end date at the latest finish left', async () => {
    const projectId = await owner.createProject({ endDate: '2026-10-01' });
    await owner.createTask(projectId, { name: 'Survey', duration: 2 });
    const other = await owner.createTask(projectId, { name: 'Permit', duration: 1 });
    const res = await owner.delete(`/api/tasks/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(await endDateOf(projectId)).toBe(await latestFinish(projectId));
  });

  it('editing the last task’s due date moves the end date with it, earlier and later', async () => {
    const { projectId, roofing } = await framingThenRoofing();
    const later = await owner.put(`/api/tasks/${roofing.id}`, { endDate: '2026-03-20' });
    expect(later.statusCode, later.body).toBe(200);
    expect(await endDateOf(projectId)).toBe('2026-03-20');
    const earlier = await owner.put(`/api/tasks/${roofing.id}`, { endDate: '2026-03-09' });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(await endDateOf(projectId)).toBe('2026-03-09');
    expect(await endDateOf(projectId)).toBe(await latestFinish(projectId));
  });
});

describe('undo puts the end date back with the tasks', () => {
  it('restoring the tasks read before a lengthened task gives the end date it had before', async () => {
    const { projectId, roofing } = await framingThenRoofing();
    const before = await tasksOf(projectId);
    const endBefore = await endDateOf(projectId);
    const res = await owner.put(`/api/tasks/${roofing.id}`, { duration: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await endDateOf(projectId)).not.toBe(endBefore);

    const undo = await owner.post('/api/tasks/restore', { projectId, tasks: before });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await endDateOf(projectId)).toBe(endBefore);
    expect((await tasksOf(projectId)).map((x) => [x.id, x.startDate, x.endDate, x.duration])).toEqual(
      before.map((x) => [x.id, x.startDate, x.endDate, x.duration]),
    );
  });

  it('restoring after a task moved earlier gives the later end date back', async () => {
    const { projectId, framing } = await framingThenRoofing();
    const before = await tasksOf(projectId);
    const endBefore = await endDateOf(projectId);
    expect((await owner.put(`/api/tasks/${framing.id}`, { duration: 2 })).statusCode).toBe(200);
    expect(await endDateOf(projectId)).not.toBe(endBefore);
    expect((await owner.post('/api/tasks/restore', { projectId, tasks: before })).statusCode).toBe(200);
    expect(await endDateOf(projectId)).toBe(endBefore);
  });
});
