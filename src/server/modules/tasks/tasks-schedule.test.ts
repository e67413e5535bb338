/**
 * Task writes that re-schedule the project (editing a task's duration, dates or dependencies
 * re-schedules its successors), through the tasks API on a real database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Schedule Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
});
afterAll(async () => {
  await t.close();
});

/** A project starting Monday 2 March 2026 (no company state: no weather allowance). */
async function newProject(agent = owner): Promise<number> {
  const res = await agent.post('/api/projects', {
    name: 'Warehouse',
    client: 'Client',
    budget: '1000',
    startDate: '2026-03-02',
    endDate: '2026-12-31',
  });
  if (res.statusCode !== 201) throw new Error(`project not created: ${res.statusCode} ${res.body}`);
  return json<{ id: number }>(res).id;
}

async function newTask(projectId: number, body: Record<string, unknown>, agent = owner) {
  const res = await agent.post('/api/tasks', { projectId, ...body });
  if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
  return json<TaskDto>(res);
}

const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));
const day = (date: string) => `${date}T00:00:00.000Z`;

async function projectTasks(projectId: number, agent = owner) {
  return new Map(json<TaskDto[]>(await agent.get(`/api/projects/${projectId}/tasks`)).map((x) => [x.id, x]));
}

describe('re-scheduling after a task edit', () => {
  it('lengthening a task moves its FS successors and the critical flags, in the answer too', async () => {
    const projectId = await newProject();
    const frame = await newTask(projectId, { name: 'Frame', duration: 3 });
    const roof = await newTask(projectId, { name: 'Roof', duration: 2, dependencies: fs(frame.id) });
    const permit = await newTask(projectId, { name: 'Permit', duration: 6 });
    expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
    let stored = await projectTasks(projectId);
    expect(stored.get(roof.id)).toMatchObject({ startDate: day('2026-03-05'), endDate: day('2026-03-06') });
    expect([frame, roof, permit].map((x) => stored.get(x.id)?.isCritical)).toEqual([false, false, true]);

    const res = await owner.put(`/api/tasks/${frame.id}`, { duration: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-rescheduled']).toBe('true');
    expect(res.headers['x-schedule-overridden']).toBeUndefined();
    expect(json(res)).toMatchObject({
      duration: 5,
      startDate: day('2026-03-02'),
      endDate: day('2026-03-06'),
      isCritical: true,
    });
    stored = await projectTasks(projectId);
    // Roof waits for the longer framing (over the weekend); Permit is no longer the longest path.
    expect(stored.get(roof.id)).toMatchObject({
      startDate: day('2026-03-09'),
      endDate: day('2026-03-10'),
      isCritical: true,
    });
    expect(stored.get(permit.id)?.isCritical).toBe(false);
    const schedule = json<{ criticalPath: number[]; finishDate: string }>(
      await owner.post(`/api/projects/${projectId}/schedule`),
    );
    expect(schedule).toMatchObject({ criticalPath: [frame.id, roof.id], finishDate: '2026-03-10' });
  });

  it('a new link re-schedules too, and deleting the predecessor moves the successor back', async () => {
    const projectId = await newProject();
    const dig = await newTask(projectId, { name: 'Dig', duration: 2, startDate: '2026-05-04' });
    const pour = await newTask(projectId, { name: 'Pour', duration: 1, startDate: '2026-05-04' });
    // Unlinked tasks keep the dates they were given until something re-schedules the project.
    expect(pour.startDate).toBe(day('2026-05-04'));

    const linked = await owner.put(`/api/tasks/${pour.id}`, { dependencies: `${dig.id}` });
    expect(linked.headers['x-rescheduled']).toBe('true');
    expect(json(linked)).toMatchObject({ startDate: day('2026-03-04'), endDate: day('2026-03-04') });
    expect((await projectTasks(projectId)).get(dig.id)?.startDate).toBe(day('2026-03-02'));

    const cure = await newTask(projectId, { name: 'Cure', duration: 3, dependencies: `${pour.id}` });
    // Created with a link and no dates: dated by the schedule.
    expect(cure).toMatchObject({
      startDate: day('2026-03-05'),
      endDate: day('2026-03-09'),
      isCritical: true,
    });

    const removed = await owner.delete(`/api/tasks/${dig.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.headers['x-rescheduled']).toBe('true');
    const stored = await projectTasks(projectId);
    expect(stored.get(pour.id)).toMatchObject({ dependencies: null, startDate: day('2026-03-02') });
    expect(stored.get(cure.id)).toMatchObject({ startDate: day('2026-03-03'), endDate: day('2026-03-05') });
  });

  it('keeps typed dates the links allow, on an edit and on a new linked task, and refuses the rest', async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'A', duration: 2 });
    const b = await newTask(projectId, { name: 'B', duration: 2, dependencies: `${a.id}` });
    const res = await owner.put(`/api/tasks/${b.id}`, { startDate: '2026-03-16', endDate: '2026-03-17' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-rescheduled']).toBe('true');
    expect(res.headers['x-schedule-overridden']).toBeUndefined();
    expect(json(res)).toMatchObject({ startDate: day('2026-03-16'), endDate: day('2026-03-17') });
    expect(json(await owner.get(`/api/tasks/${b.id}`))).toMatchObject({ startNoEarlierThan: '2026-03-16' });
    // A start alone (a Gantt bar moved) past the task's own end keeps the duration.
    const moved = await owner.put(`/api/tasks/${a.id}`, { startDate: '2026-03-20' });
    expect(moved.statusCode).toBe(200);
    expect(json(moved)).toMatchObject({ startDate: day('2026-03-20'), endDate: day('2026-03-23') });

    // B follows A (Mon 20 – Mon 23 March) on Tue 24 – Wed 25: a new task after B may start from Thu 26.
    const before = (await projectTasks(projectId)).size;
    const early = await owner.post('/api/tasks', {
      projectId,
      name: 'C',
      startDate: '2026-03-25',
      endDate: '2026-03-27',
      dependencies: `${b.id}`,
    });
    expect(early.statusCode).toBe(422);
    expect(json(early)).toMatchObject({ code: 'date_not_allowed', nearest: { startDate: '2026-03-26' } });
    expect(json<{ errors: { startDate: string } }>(early).errors.startDate).toMatch(/“B”.*Mar 26, 2026/);
    expect((await projectTasks(projectId)).size).toBe(before);

    const created = await owner.post('/api/tasks', {
      projectId,
      name: 'C',
      startDate: '2026-04-01',
      endDate: '2026-04-03',
      dependencies: `${b.id}`,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-schedule-overridden']).toBeUndefined();
    expect(json(created)).toMatchObject({
      startDate: day('2026-04-01'),
      endDate: day('2026-04-03'),
      duration: 3,
      startNoEarlierThan: '2026-04-01',
    });
    // A due date on a Saturday is refused with the nearest working day, and nothing is created.
    const saturday = await owner.post('/api/tasks', {
      projectId,
      name: 'D',
      startDate: '2026-04-06',
      endDate: '2026-04-11',
      dependencies: `${json<{ id: number }>(created).id}`,
    });
    expect(saturday.statusCode).toBe(422);
    expect(json(saturday)).toMatchObject({ code: 'date_not_allowed', nearest: { endDate: '2026-04-10' } });
    expect((await projectTasks(projectId)).size).toBe(before + 1);
  });

  it('a dependency that closes a cycle answers 422 with its tasks and changes nothing', async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'Pour', duration: 1 });
    const b = await newTask(projectId, { name: 'Cure', duration: 2, dependencies: `${a.id}` });
    const c = await newTask(projectId, { name: 'Strip', duration: 1, dependencies: `${b.id}` });
    const before = await projectTasks(projectId);

    const res = await owner.put(`/api/tasks/${a.id}`, {
      name: 'Pour slab',
      duration: 4,
      dependencies: fs(c.id),
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'dependency_cycle' });
    expect(json(res).message).toContain('cycle');
    expect(
      json<{ cycle: number[] }>(res)
        .cycle.slice()
        .sort((x, y) => x - y),
    ).toEqual([a.id, b.id, c.id]);
    expect(await projectTasks(projectId)).toEqual(before);
  });

  it('unreadable dependencies stored on another task answer 422 and change nothing', async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'A', duration: 1 });
    const c = await newTask(projectId, { name: 'C', duration: 1, dependencies: `${a.id}` });
    const b = await newTask(projectId, { name: 'B', duration: 1 });
    await t.ctx.db.update(tasks).set({ dependencies: '[{"taskId":"x"}]' }).where(eq(tasks.id, b.id));
    const before = await projectTasks(projectId);
    const res = await owner.put(`/api/tasks/${a.id}`, { duration: 3 });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'invalid_dependencies', taskId: b.id });
    expect(await projectTasks(projectId)).toEqual(before);
    // Deleting stays possible (it may be the repair); the project then keeps its dates.
    const removed = await owner.delete(`/api/tasks/${c.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.headers['x-rescheduled']).toBe('false');
    expect((await projectTasks(projectId)).get(a.id)).toEqual(before.get(a.id));
    const repaired = await owner.delete(`/api/tasks/${b.id}`);
    expect(repaired.headers['x-rescheduled']).toBe('true');
    expect(json(await owner.put(`/api/tasks/${a.id}`, { duration: 3 }))).toMatchObject({
      duration: 3,
      endDate: day('2026-03-04'),
    });
  });

  it('edits of other fields do not move any date', async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, {
      name: 'Excavate',
      duration: 2,
      startDate: '2026-05-04',
      endDate: '2026-05-06',
    });
    const b = await newTask(projectId, {
      name: 'Rebar',
      duration: 1,
      startDate: '2026-05-11',
      endDate: '2026-05-11',
      isCritical: true,
    });
    const before = await projectTasks(projectId);
    for (const body of [
      { name: 'Excavate footings' },
      { progress: 40 },
      { status: 'blocked' },
      { punchlist: '[]' },
      { materialsNotes: 'Rebar from Steel & Co' },
      { materialsStatus: JSON.stringify({ needed: true }) },
      { description: 'North side', phase: 'Site Work' },
      { duration: 2, startDate: '2026-05-04', endDate: '2026-05-06', name: 'Excavate' },
    ]) {
      const res = await owner.put(`/api/tasks/${a.id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-rescheduled']).toBe('false');
      expect(json(res)).toMatchObject({ startDate: day('2026-05-04'), endDate: day('2026-05-06') });
    }
    // The task form resends the dates as calendar days; a task dated "now" keeps its day.
    const stamped = await newTask(projectId, { name: 'Survey', duration: 7 });
    expect(stamped.startDate).not.toMatch(/T00:00:00.000Z$/);
    const resent = await owner.put(`/api/tasks/${stamped.id}`, {
      name: 'Site survey',
      startDate: stamped.startDate.slice(0, 10),
      endDate: stamped.endDate.slice(0, 10),
    });
    expect(resent.headers['x-rescheduled']).toBe('false');
    const after = await projectTasks(projectId);
    expect(after.get(b.id)).toEqual(before.get(b.id));
    expect(after.get(a.id)).toMatchObject({ startDate: day('2026-05-04'), isCritical: false });
  });

  it("another company's task answers 404 and its project is not re-scheduled", async () => {
    const projectId = await newProject();
    const a = await newTask(projectId, { name: 'A', duration: 2 });
    const b = await newTask(projectId, { name: 'B', duration: 2, dependencies: `${a.id}` });
    const before = await projectTasks(projectId);
    const missing = await other.put('/api/tasks/999999', { duration: 9 });
    for (const body of [{ duration: 9 }, { dependencies: null }, { startDate: '2026-03-20' }]) {
      const res = await other.put(`/api/tasks/${a.id}`, body);
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual(json(missing));
    }
    expect((await other.delete(`/api/tasks/${a.id}`)).statusCode).toBe(404);
    const theirProject = await newProject(other);
    const link = await other.post('/api/tasks', {
      projectId: theirProject,
      name: 'X',
      dependencies: `${b.id}`,
    });
    expect(link.statusCode).toBe(400);
    expect(await projectTasks(projectId)).toEqual(before);
  });
});
