/**
 * Actual start and finish: recorded when a task is started or completed, kept by every re-schedule,
 * correctable through `PUT /api/tasks/{id}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  // Wednesday 11 March 2026.
  t = await createTestApp({}, { now: () => new Date('2026-03-11T15:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Actuals Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const day = (date: string) => `${date}T00:00:00.000Z`;

async function setup() {
  const project = await owner.post('/api/projects', {
    name: 'Depot',
    client: 'Client',
    budget: '1000',
    startDate: '2026-03-02',
    endDate: '2026-10-01',
  });
  const projectId = json<{ id: number }>(project).id;
  const a = json<TaskDto>(await owner.post('/api/tasks', { projectId, name: 'Slab', duration: 5 }));
  const b = json<TaskDto>(
    await owner.post('/api/tasks', {
      projectId,
      name: 'Walls',
      duration: 3,
      dependencies: JSON.stringify([{ taskId: a.id, type: 'FS', lagDays: 0 }]),
    }),
  );
  await owner.post(`/api/projects/${projectId}/schedule`);
  return { projectId, a, b };
}

describe('actual dates', () => {
  it('a finish recorded late moves the successors; the answer is the task as saved', async () => {
    const { projectId, a, b } = await setup();
    // Slab was planned 2–6 March; it started on time and finished on 10 March.
    const res = await owner.put(`/api/tasks/${a.id}`, { progress: 100, actualFinish: '2026-03-10' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-rescheduled']).toBe('true');
    expect(json<TaskDto>(res)).toMatchObject({
      actualStart: '2026-03-02',
      actualFinish: '2026-03-10',
      startDate: day('2026-03-02'),
      endDate: day('2026-03-10'),
      status: 'completed',
    });
    const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    expect(tasks.find((x) => x.id === b.id)).toMatchObject({
      startDate: day('2026-03-11'),
      endDate: day('2026-03-13'),
    });
    // Set back to in progress: the finish is cleared and the slab's planned duration counts again.
    const back = await owner.put(`/api/tasks/${a.id}`, { progress: 50 });
    expect(json<TaskDto>(back)).toMatchObject({
      actualStart: '2026-03-02',
      actualFinish: null,
      endDate: day('2026-03-06'),
    });
  });

  it('refuses a finish before the start and another company’s task, changing nothing', async () => {
    const { a } = await setup();
    const bad = await owner.put(`/api/tasks/${a.id}`, {
      actualStart: '2026-03-05',
      actualFinish: '2026-03-04',
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string> }>(bad).errors).toHaveProperty('actualFinish');
    const garbled = await owner.put(`/api/tasks/${a.id}`, { actualStart: 'yesterday' });
    expect(garbled.statusCode).toBe(400);
    const theirs = await other.put(`/api/tasks/${a.id}`, { progress: 100 });
    expect(theirs.statusCode).toBe(404);
    const stored = json<TaskDto>(await owner.get(`/api/tasks/${a.id}`));
    expect(stored).toMatchObject({ progress: 0, actualStart: null, actualFinish: null });
  });
});
