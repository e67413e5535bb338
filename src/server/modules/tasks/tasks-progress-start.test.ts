/**
 * Progress recorded on a task not started: its actual start is the planned start unless one is
 * given (never today, which would move a future task ahead of its predecessors); an actual start can
 * be corrected and cleared; Not Started clears progress and actual dates; and a change can be undone
 * with `POST /api/tasks/restore`, which puts every task back exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  // Wednesday 11 March 2026: Framing is planned for next week.
  t = await createTestApp({}, { now: () => new Date('2026-03-11T15:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Progress Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const day = (date: string) => `${date}T00:00:00.000Z`;
const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

const allTasks = async (projectId: number) =>
  json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`)).sort((a, b) => a.id - b.id);

/** Permits (10 days from Monday 2 March), then Framing (5 days, from Monday 16 March), then Roofing. */
async function job() {
  const projectId = await owner.createProject();
  const permits = await owner.createTask(projectId, { name: 'Permits', duration: 10 });
  const framing = await owner.createTask(projectId, {
    name: 'Framing',
    duration: 5,
    dependencies: fs(permits.id),
  });
  const roofing = await owner.createTask(projectId, {
    name: 'Roofing',
    duration: 3,
    dependencies: fs(framing.id),
  });
  expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
  return { projectId, permits, framing, roofing };
}

describe('progress on a task not started', () => {
  it('records the planned start as the actual start, and nothing moves before its predecessor', async () => {
    const { projectId, framing } = await job();
    const before = await allTasks(projectId);
    const res = await owner.put(`/api/tasks/${framing.id}`, { progress: 50 });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ actualStart: '2026-03-16', startDate: day('2026-03-16') });
    const after = await allTasks(projectId);
    expect(after.map((x) => [x.startDate, x.endDate])).toEqual(before.map((x) => [x.startDate, x.endDate]));
  });

  it('an actual start can be corrected and cleared', async () => {
    const { framing } = await job();
    await owner.put(`/api/tasks/${framing.id}`, { progress: 20, actualStart: '2026-03-17' });
    const moved = await owner.put(`/api/tasks/${framing.id}`, { actualStart: '2026-03-18' });
    expect(moved.statusCode).toBe(200);
    expect(json(moved)).toMatchObject({ actualStart: '2026-03-18', startDate: day('2026-03-18') });
    const cleared = await owner.put(`/api/tasks/${framing.id}`, { actualStart: null });
    expect(cleared.statusCode).toBe(200);
    expect(json(cleared)).toMatchObject({ actualStart: null, progress: 20, startDate: day('2026-03-16') });
  });

  it('Not Started clears the progress and the actual dates', async () => {
    const { framing } = await job();
    await owner.put(`/api/tasks/${framing.id}`, { progress: 50 });
    const res = await owner.put(`/api/tasks/${framing.id}`, { status: 'not-started' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      status: 'not-started',
      progress: 0,
      actualStart: null,
      actualFinish: null,
    });
    const both = await owner.put(`/api/tasks/${framing.id}`, { status: 'not-started', progress: 30 });
    expect(both.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string> }>(both).errors.progress).toBeTruthy();
  });

  it('restore puts every task back exactly as it was before the change', async () => {
    const { projectId, framing } = await job();
    const before = await allTasks(projectId);
    expect(
      (await owner.put(`/api/tasks/${framing.id}`, { progress: 40, actualStart: '2026-03-11' })).statusCode,
    ).toBe(200);
    expect((await allTasks(projectId)).map((x) => x.startDate)).not.toEqual(before.map((x) => x.startDate));
    const res = await owner.post('/api/tasks/restore', { projectId, tasks: before });
    expect(res.statusCode).toBe(200);
    expect(await allTasks(projectId)).toEqual(before);
  });

  it('restore refuses tasks of another project or company and changes nothing', async () => {
    const first = await job();
    const second = await job();
    const before = await allTasks(first.projectId);
    const mixed = [...before, ...(await allTasks(second.projectId))].map((x) => ({ ...x, progress: 10 }));
    const res = await owner.post('/api/tasks/restore', { projectId: first.projectId, tasks: mixed });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string> }>(res).errors.tasks).toContain('not found');
    expect(await allTasks(first.projectId)).toEqual(before);
    const foreign = await other.post('/api/tasks/restore', { projectId: first.projectId, tasks: before });
    expect(foreign.statusCode).toBe(404);
  });
});
