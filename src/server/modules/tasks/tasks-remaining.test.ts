/**
 * A task's remaining duration through `PUT /api/tasks/{id}`: kept consistent with the progress by the
 * tasks domain's rule, refused when it is not a whole number of days or is sent with a progress, and
 * 404 for another company's task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-03-05T12:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Remaining Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function newTask(body: Record<string, unknown>): Promise<TaskDto> {
  return owner.createTask(await owner.createProject({ name: 'Depot' }), body);
}

const put = (id: number, body: Record<string, unknown>, agent = owner) => agent.put(`/api/tasks/${id}`, body);

describe('remaining duration', () => {
  it('is the whole duration before the start, derived from the progress, and 0 when finished', async () => {
    const task = await newTask({ name: 'Walls', duration: 10 });
    expect(task.remainingDuration).toBe(10);
    expect(json<TaskDto>(await put(task.id, { progress: 35 })).remainingDuration).toBe(7);
    expect(json<TaskDto>(await put(task.id, { progress: 100 }))).toMatchObject({
      remainingDuration: 0,
      status: 'completed',
    });
  });

  it('sets the progress when given, starts a task not begun, and is forgotten by a new progress', async () => {
    const task = await newTask({ name: 'Roof', duration: 8 });
    const given = json<TaskDto>(await put(task.id, { remainingDuration: 6 }));
    expect(given).toMatchObject({ remainingDuration: 6, progress: 25, status: 'in-progress' });
    expect(given.actualStart).not.toBeNull();
    // More than planned is allowed: still started, 1 %.
    expect(json<TaskDto>(await put(task.id, { remainingDuration: 12 }))).toMatchObject({
      remainingDuration: 12,
      progress: 1,
    });
    // Nothing left: 99 %, finished only when completed.
    expect(json<TaskDto>(await put(task.id, { remainingDuration: 0 }))).toMatchObject({
      remainingDuration: 0,
      progress: 99,
      status: 'in-progress',
      actualFinish: null,
    });
    expect(json<TaskDto>(await put(task.id, { progress: 50 })).remainingDuration).toBe(4);
    // A new duration re-reads the progress from a given remaining duration.
    await put(task.id, { remainingDuration: 2 });
    expect(json<TaskDto>(await put(task.id, { duration: 4 }))).toMatchObject({
      remainingDuration: 2,
      progress: 50,
    });
    // Null derives it from the progress again.
    expect(json<TaskDto>(await put(task.id, { remainingDuration: null })).remainingDuration).toBe(2);
  });

  it('refuses what is not a whole number of days, or comes with a progress or a settled status', async () => {
    const task = await newTask({ name: 'Paint', duration: 5, progress: 20 });
    for (const body of [
      { remainingDuration: -1 },
      { remainingDuration: 2.5 },
      { remainingDuration: '3' },
      { remainingDuration: 10_001 },
      { remainingDuration: 2, progress: 40 },
      { remainingDuration: 2, status: 'completed' },
      { remainingDuration: 2, status: 'not-started' },
    ]) {
      const res = await put(task.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ errors?: Record<string, string> }>(res).errors).toHaveProperty('remainingDuration');
    }
    expect(json<TaskDto>(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({
      progress: 20,
      remainingDuration: 4,
    });
  });

  it("answers 404 for another company's task and leaves it as it was", async () => {
    const task = await newTask({ name: 'Tile', duration: 4 });
    expect((await put(task.id, { remainingDuration: 1 }, other)).statusCode).toBe(404);
    expect(json<TaskDto>(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({
      progress: 0,
      remainingDuration: 4,
      status: 'not-started',
    });
  });
});
