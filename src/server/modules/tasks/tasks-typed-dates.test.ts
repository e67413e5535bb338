/**
 * Start and due dates sent to `PUT /api/tasks/{id}` are kept as typed, or refused with 422
 * `date_not_allowed` naming the field, the reason and the nearest day allowed; nothing is changed
 * then. A 200 means the task stands on the dates sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Typed Dates Co' });
});
afterAll(async () => {
  await t.close();
});

const day = (date: string) => `${date}T00:00:00.000Z`;
const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

async function projectTasks(projectId: number) {
  return json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`)).map((x) => ({
    id: x.id,
    startDate: x.startDate,
    endDate: x.endDate,
    duration: x.duration,
    startNoEarlierThan: x.startNoEarlierThan,
  }));
}

/** Permits (5 days from Monday 2 March 2026) then Framing (5 days), scheduled. */
async function permitsThenFraming() {
  const projectId = await owner.createProject();
  const permits = await owner.createTask(projectId, { name: 'Permits', duration: 5 });
  const framing = await owner.createTask(projectId, {
    name: 'Framing',
    duration: 5,
    dependencies: fs(permits.id),
  });
  expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
  return { projectId, permits, framing };
}

describe('typed task dates', () => {
  it('a start before the predecessor finishes is refused with the reason and the nearest day', async () => {
    const { projectId, framing } = await permitsThenFraming();
    const before = await projectTasks(projectId);
    const res = await owner.put(`/api/tasks/${framing.id}`, { startDate: '2026-03-04' });
    expect(res.statusCode).toBe(422);
    const body = json<{ code: string; errors: Record<string, string>; nearest: Record<string, string> }>(res);
    expect(body.code).toBe('date_not_allowed');
    expect(body.errors.startDate).toContain('Permits');
    expect(body.nearest.startDate).toBe('2026-03-09');
    expect(await projectTasks(projectId)).toEqual(before);
  });

  it('a start on a weekend is refused with the next working day', async () => {
    const { projectId, framing } = await permitsThenFraming();
    const res = await owner.put(`/api/tasks/${framing.id}`, { startDate: '2026-03-14' });
    expect(res.statusCode).toBe(422);
    const body = json<{ errors: Record<string, string>; nearest: Record<string, string> }>(res);
    expect(body.errors.startDate).toContain('not a working day');
    expect(body.nearest.startDate).toBe('2026-03-16');
    expect((await projectTasks(projectId)).find((x) => x.id === framing.id)?.startDate).toBe(
      day('2026-03-09'),
    );
  });

  it('a due date is stored as typed (the duration follows), never replaced by another day', async () => {
    const { framing } = await permitsThenFraming();
    const res = await owner.put(`/api/tasks/${framing.id}`, { endDate: '2026-03-27' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      startDate: day('2026-03-09'),
      endDate: day('2026-03-27'),
      duration: 15,
    });
    const sunday = await owner.put(`/api/tasks/${framing.id}`, { endDate: '2026-03-29' });
    expect(sunday.statusCode).toBe(422);
    expect(json<{ nearest: Record<string, string> }>(sunday).nearest.endDate).toBe('2026-03-30');
  });

  it('refuses a start on a task already under way: its start is its actual start', async () => {
    const { framing, permits } = await permitsThenFraming();
    expect((await owner.put(`/api/tasks/${permits.id}`, { progress: 40 })).statusCode).toBe(200);
    expect(
      (await owner.put(`/api/tasks/${framing.id}`, { progress: 10, actualStart: '2026-03-09' })).statusCode,
    ).toBe(200);
    const res = await owner.put(`/api/tasks/${framing.id}`, { startDate: '2026-03-16' });
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string> }>(res).errors.startDate).toContain('actual start');
  });
});
