/**
 * Dates that follow the job: moving a project's start moves its schedule (`shiftSchedule`), started
 * and finished work keeps its actual dates, and several links between two tasks all count.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../../contracts/projects.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  // Thursday 5 March 2026: the day progress is reported on.
  t = await createTestApp({}, { now: () => new Date('2026-03-05T12:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Shift Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A project starting Monday 2 March 2026 (no company state: no weather allowance). */
const newProject = (agent = owner) => agent.createProject();

const newTask = (projectId: number, body: Record<string, unknown>, agent = owner) =>
  agent.createTask(projectId, body);

const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));
const day = (date: string) => `${date}T00:00:00.000Z`;

async function projectTasks(projectId: number, agent = owner) {
  return new Map(json<TaskDto[]>(await agent.get(`/api/projects/${projectId}/tasks`)).map((x) => [x.id, x]));
}

describe('PUT /api/projects/{id} with shiftSchedule', () => {
  it('moves not-started work by the working days the start moved; started and finished work keeps its dates', async () => {
    const projectId = await newProject();
    const done = await newTask(projectId, { name: 'Survey', duration: 2 });
    const site = await newTask(projectId, { name: 'Site prep', duration: 3, dependencies: fs(done.id) });
    const frame = await newTask(projectId, {
      name: 'Frame',
      duration: 4,
      dependencies: fs(site.id),
      startNoEarlierThan: '2026-03-16',
    });
    expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
    let stored = await projectTasks(projectId);
    expect(stored.get(done.id)).toMatchObject({ startDate: day('2026-03-02'), endDate: day('2026-03-03') });
    expect(stored.get(frame.id)).toMatchObject({ startDate: day('2026-03-16'), endDate: day('2026-03-19') });

    // Survey finished and Site prep under way: their dates are facts now.
    const finished = await owner.put(`/api/tasks/${done.id}`, { progress: 100 });
    expect(json<TaskDto>(finished)).toMatchObject({ actualStart: '2026-03-02', actualFinish: '2026-03-03' });
    const started = await owner.put(`/api/tasks/${site.id}`, { progress: 20 });
    expect(json<TaskDto>(started)).toMatchObject({ actualStart: '2026-03-04', actualFinish: null });

    // The start moves two weeks (ten working days) later.
    const res = await owner.put(`/api/projects/${projectId}`, {
      startDate: '2026-03-16',
      shiftSchedule: true,
    });
    expect(res.statusCode).toBe(200);
    expect(json<ProjectDto>(res).startDate).toBe(day('2026-03-16'));
    stored = await projectTasks(projectId);
    expect(stored.get(done.id)).toMatchObject({ startDate: day('2026-03-02'), endDate: day('2026-03-03') });
    expect(stored.get(site.id)).toMatchObject({ startDate: day('2026-03-04'), endDate: day('2026-03-06') });
    // Frame's own start constraint moved ten working days with the project.
    expect(stored.get(frame.id)).toMatchObject({
      startNoEarlierThan: '2026-03-30',
      startDate: day('2026-03-30'),
      endDate: day('2026-04-02'),
    });
  });

  it('without shiftSchedule the tasks stay; shiftSchedule alone re-schedules from the current start', async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'Dig', duration: 2 });
    const b = await newTask(projectId, { name: 'Pour', duration: 1, dependencies: fs(a.id) });
    expect((await owner.put(`/api/projects/${projectId}`, { startDate: '2026-04-06' })).statusCode).toBe(200);
    let stored = await projectTasks(projectId);
    expect(stored.get(b.id)).toMatchObject({ startDate: day('2026-03-04') });
    expect((await owner.put(`/api/projects/${projectId}`, { shiftSchedule: true })).statusCode).toBe(200);
    stored = await projectTasks(projectId);
    expect(stored.get(a.id)).toMatchObject({ startDate: day('2026-04-06'), endDate: day('2026-04-07') });
    expect(stored.get(b.id)).toMatchObject({ startDate: day('2026-04-08'), endDate: day('2026-04-08') });
    // Generating or re-scheduling starts from the project's current start too.
    const scheduled = await owner.post(`/api/projects/${projectId}/schedule`);
    expect(json<{ startDate: string }>(scheduled).startDate).toBe('2026-04-06');
  });

  it("answers 404 for another company's project and 400 for bad input, changing nothing", async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'Dig', duration: 2 });
    await owner.post(`/api/projects/${projectId}/schedule`);
    const theirs = await other.put(`/api/projects/${projectId}`, {
      startDate: '2026-05-04',
      shiftSchedule: true,
    });
    expect(theirs.statusCode).toBe(404);
    for (const body of [
      { startDate: '2026-05-04', shiftSchedule: 'yes' },
      { startDate: 'soon', shiftSchedule: true },
      // A scheduled project's end date follows its schedule, so a later start alone is no error;
      // an unreadable end date still is.
      { startDate: '2026-05-04', endDate: 'never', shiftSchedule: true },
    ]) {
      const res = await owner.put(`/api/projects/${projectId}`, body);
      expect(res.statusCode).toBe(400);
    }
    const stored = await projectTasks(projectId);
    expect(stored.get(a.id)).toMatchObject({ startDate: day('2026-03-02') });
    const project = json<ProjectDto>(await owner.get(`/api/projects/${projectId}`));
    expect(project.startDate).toBe(day('2026-03-02'));
  });

  it('a cycle in the links refuses the shift (422) and leaves project and tasks as they were', async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'A', duration: 2 });
    const b = await newTask(projectId, { name: 'B', duration: 2, dependencies: fs(a.id) });
    await owner.post(`/api/projects/${projectId}/schedule`);
    // A loop left by older data, written past the API's checks.
    await t.ctx.db
      .update(tasks)
      .set({ dependencies: fs(b.id) })
      .where(eq(tasks.id, a.id));
    const res = await owner.put(`/api/projects/${projectId}`, {
      startDate: '2026-04-06',
      shiftSchedule: true,
    });
    expect(res.statusCode).toBe(422);
    const project = json<ProjectDto>(await owner.get(`/api/projects/${projectId}`));
    expect(project.startDate).toBe(day('2026-03-02'));
    expect((await projectTasks(projectId)).get(b.id)).toMatchObject({ startDate: day('2026-03-04') });
  });
});

describe('several links between two tasks', () => {
  it('keeps an SS and an FF link from one task to another and honours both', async () => {
    const projectId = await newProject();
    const walls = await newTask(projectId, { name: 'Walls', duration: 10 });
    const deps = JSON.stringify([
      { taskId: walls.id, type: 'SS', lagDays: 2 },
      { taskId: walls.id, type: 'FF', lagDays: 3 },
    ]);
    const paint = await newTask(projectId, { name: 'Paint', duration: 4, dependencies: deps });
    expect(JSON.parse(paint.dependencies ?? '[]')).toHaveLength(2);
    // Walls: 2–13 March. Paint may finish no earlier than 3 working days after (18 March): 13–18 March.
    expect(paint).toMatchObject({ startDate: day('2026-03-13'), endDate: day('2026-03-18') });
  });
});
