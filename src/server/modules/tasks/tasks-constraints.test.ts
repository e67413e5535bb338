/**
 * Start constraints through the tasks API: a task's start-no-earlier-than day (what a
 * Gantt move saves), its materials' expected delivery while they are not delivered, and the rule
 * that a task whose materials are pending cannot be started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Constraint Co' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
});
afterAll(async () => {
  await t.close();
});

/** A project starting Monday 2 March 2026 (no company state: no weather allowance). */
async function newProject(): Promise<number> {
  const res = await owner.post('/api/projects', {
    name: 'Warehouse',
    client: 'Client',
    budget: '1000',
    startDate: '2026-03-02',
    endDate: '2026-12-31',
  });
  if (res.statusCode !== 201) throw new Error(`project not created: ${res.statusCode} ${res.body}`);
  return json<{ id: number }>(res).id;
}

async function newTask(projectId: number, body: Record<string, unknown>) {
  const res = await owner.post('/api/tasks', { projectId, ...body });
  if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
  return json<TaskDto>(res);
}

const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));
const day = (date: string) => `${date}T00:00:00.000Z`;
const chain = (steps: number) =>
  JSON.stringify(
    Object.fromEntries(
      ['needed', 'approved', 'ordered', 'shipped', 'delivered', 'finalized']
        .slice(0, steps)
        .map((s) => [s, true]),
    ),
  );

async function taskOf(id: number) {
  return json<TaskDto>(await owner.get(`/api/tasks/${id}`));
}

/** A loose task and a chain A → B, scheduled from Monday 2 March. */
async function network() {
  const projectId = await newProject();
  const a = await newTask(projectId, { name: 'Excavate', duration: 3 });
  const b = await newTask(projectId, { name: 'Pour', duration: 2, dependencies: fs(a.id) });
  const loose = await newTask(projectId, { name: 'Order signage', duration: 2 });
  expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
  return { projectId, a, b, loose };
}

describe('start no earlier than', () => {
  it('moves a task without predecessors, its successors follow, and clearing it moves them back', async () => {
    const { a, b } = await network();
    expect(await taskOf(a.id)).toMatchObject({ startDate: day('2026-03-02'), startNoEarlierThan: null });

    const res = await owner.put(`/api/tasks/${a.id}`, { startNoEarlierThan: '2026-03-09' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-rescheduled']).toBe('true');
    expect(json<TaskDto>(res)).toMatchObject({
      startNoEarlierThan: '2026-03-09',
      startDate: day('2026-03-09'),
      endDate: day('2026-03-11'),
    });
    expect(await taskOf(b.id)).toMatchObject({ startDate: day('2026-03-12'), endDate: day('2026-03-13') });

    const cleared = await owner.put(`/api/tasks/${a.id}`, { startNoEarlierThan: null });
    expect(json<TaskDto>(cleared)).toMatchObject({ startNoEarlierThan: null, startDate: day('2026-03-02') });
    expect(await taskOf(b.id)).toMatchObject({ startDate: day('2026-03-05') });
  });

  it('holds a linked task later than its links, and gives way to links that start it later', async () => {
    const { b } = await network();
    // A Saturday: the task starts on the next working day.
    const later = await owner.put(`/api/tasks/${b.id}`, { startNoEarlierThan: '2026-03-14' });
    expect(json<TaskDto>(later)).toMatchObject({ startDate: day('2026-03-16'), endDate: day('2026-03-17') });
    // Earlier than its predecessor allows: the link wins, the constraint stays stored.
    const earlier = await owner.put(`/api/tasks/${b.id}`, { startNoEarlierThan: '2026-03-03' });
    expect(json<TaskDto>(earlier)).toMatchObject({
      startNoEarlierThan: '2026-03-03',
      startDate: day('2026-03-05'),
    });
  });

  it('is taken at creation: the new task is scheduled at once', async () => {
    const projectId = await newProject();
    const res = await owner.post('/api/tasks', {
      projectId,
      name: 'Crane',
      duration: 2,
      startNoEarlierThan: '2026-03-18',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-rescheduled']).toBe('true');
    expect(json<TaskDto>(res)).toMatchObject({
      startNoEarlierThan: '2026-03-18',
      startDate: day('2026-03-18'),
      endDate: day('2026-03-19'),
    });
  });

  it('refuses dates that are not calendar days with 400 and changes nothing', async () => {
    const { a } = await network();
    for (const [value, message] of [
      ['2026-3-9', 'Start no earlier than must be a date YYYY-MM-DD'],
      ['2026-03-09T00:00:00Z', 'Start no earlier than must be a date YYYY-MM-DD'],
      ['2026-02-30', 'Start no earlier than is not a valid date'],
      ['3026-03-09', 'Start no earlier than is not a valid date'],
      [20260309, 'Start no earlier than must be a date YYYY-MM-DD'],
    ] as const) {
      const res = await owner.put(`/api/tasks/${a.id}`, { startNoEarlierThan: value });
      expect(res.statusCode).toBe(400);
      expect(json<{ errors: Record<string, string> }>(res).errors.startNoEarlierThan).toBe(message);
    }
    const bad = await owner.put(`/api/tasks/${a.id}`, { materialsExpectedDate: '2026-13-01' });
    expect(json<{ errors: Record<string, string> }>(bad).errors.materialsExpectedDate).toBe(
      'Expected delivery is not a valid date',
    );
    expect(await taskOf(a.id)).toMatchObject({ startNoEarlierThan: null, materialsExpectedDate: null });
  });

  it("answers another company's task with 404 and leaves it alone", async () => {
    const { a } = await network();
    const res = await other.put(`/api/tasks/${a.id}`, { startNoEarlierThan: '2026-04-01' });
    expect(res.statusCode).toBe(404);
    expect(await taskOf(a.id)).toMatchObject({ startNoEarlierThan: null, startDate: day('2026-03-02') });
  });
});

describe('materials expected delivery', () => {
  it('holds the start until the materials are delivered; Delivered or Not Applicable releases it', async () => {
    const { a, b } = await network();
    const set = await owner.put(`/api/tasks/${a.id}`, {
      materialsStatus: chain(3),
      materialsExpectedDate: '2026-03-10',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.headers['x-rescheduled']).toBe('true');
    expect(json<TaskDto>(set)).toMatchObject({
      materialsExpectedDate: '2026-03-10',
      startDate: day('2026-03-10'),
      endDate: day('2026-03-12'),
    });
    expect(await taskOf(b.id)).toMatchObject({ startDate: day('2026-03-13') });

    // Shipped: still on its way.
    const shipped = await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(4) });
    expect(shipped.headers['x-rescheduled']).toBe('false');
    expect(json<TaskDto>(shipped).startDate).toBe(day('2026-03-10'));

    // Delivered: the date no longer holds the task; the project is re-scheduled.
    const delivered = await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(5) });
    expect(delivered.headers['x-rescheduled']).toBe('true');
    expect(json<TaskDto>(delivered)).toMatchObject({
      materialsExpectedDate: '2026-03-10',
      startDate: day('2026-03-02'),
    });
    expect(await taskOf(b.id)).toMatchObject({ startDate: day('2026-03-05') });

    // Back to not delivered, then Not Applicable.
    await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(2) });
    expect((await taskOf(a.id)).startDate).toBe(day('2026-03-10'));
    await owner.put(`/api/tasks/${a.id}`, { materialsStatus: '{"notApplicable":true}' });
    expect((await taskOf(a.id)).startDate).toBe(day('2026-03-02'));
  });

  it('with a start-no-earlier-than too, the later of the two holds the start', async () => {
    const { loose } = await network();
    await owner.put(`/api/tasks/${loose.id}`, { startNoEarlierThan: '2026-03-04' });
    const both = await owner.put(`/api/tasks/${loose.id}`, {
      materialsStatus: chain(1),
      materialsExpectedDate: '2026-03-11',
    });
    expect(json<TaskDto>(both).startDate).toBe(day('2026-03-11'));
    const earlierDelivery = await owner.put(`/api/tasks/${loose.id}`, {
      materialsExpectedDate: '2026-03-03',
    });
    expect(json<TaskDto>(earlierDelivery).startDate).toBe(day('2026-03-04'));
  });
});

describe('a task whose materials are not delivered cannot be started', () => {
  const refusal =
    "The task's materials are not delivered yet (expected 2026-03-10): still to tick Shipped, Delivered. " +
    'Tick Delivered in Materials Status, or mark the materials Not Applicable, before starting the task.';

  it('refuses in-progress, progress above 0 and completed with 409, and changes nothing', async () => {
    const { a } = await network();
    await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(3), materialsExpectedDate: '2026-03-10' });
    const before = await taskOf(a.id);
    for (const body of [
      { status: 'in-progress' },
      { progress: 25 },
      { status: 'completed', progress: 100 },
      { status: 'on-track', name: 'Renamed' },
    ]) {
      const res = await owner.put(`/api/tasks/${a.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(json(res)).toMatchObject({ code: 'materials_not_delivered', message: refusal });
    }
    expect(await taskOf(a.id)).toEqual(before);
  });

  it('allows the start once the materials are delivered (or in the same request), or not applicable', async () => {
    const { a, loose } = await network();
    await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(3), materialsExpectedDate: '2026-03-10' });
    const together = await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(5), progress: 10 });
    expect(together.statusCode, together.body).toBe(200);
    expect(json<TaskDto>(together)).toMatchObject({ progress: 10, status: 'in-progress' });

    await owner.put(`/api/tasks/${loose.id}`, { materialsStatus: chain(1) });
    expect((await owner.put(`/api/tasks/${loose.id}`, { status: 'in-progress' })).statusCode).toBe(409);
    await owner.put(`/api/tasks/${loose.id}`, { materialsStatus: '{"notApplicable":true}' });
    expect((await owner.put(`/api/tasks/${loose.id}`, { status: 'in-progress' })).statusCode).toBe(200);
  });

  it('does not refuse edits that start nothing: a form resending the status, the materials alone, a stop', async () => {
    const { a } = await network();
    const started = await owner.put(`/api/tasks/${a.id}`, { progress: 40 });
    expect(started.statusCode).toBe(200);
    // New materials for a task under way are recorded …
    const listed = await owner.put(`/api/tasks/${a.id}`, { materialsStatus: chain(1) });
    expect(listed.statusCode, listed.body).toBe(200);
    // … an edit form resending the same status still saves …
    const renamed = await owner.put(`/api/tasks/${a.id}`, { name: 'Excavate north', status: 'in-progress' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // … and putting the task back to not started is allowed; more progress is not.
    expect((await owner.put(`/api/tasks/${a.id}`, { progress: 60 })).statusCode).toBe(409);
    const stopped = await owner.put(`/api/tasks/${a.id}`, { progress: 0 });
    expect(json<TaskDto>(stopped)).toMatchObject({ progress: 0, status: 'not-started' });
  });

  it('refuses a new task created started with pending materials, and creates nothing', async () => {
    const projectId = await newProject();
    const res = await owner.post('/api/tasks', {
      projectId,
      name: 'Set cabinets',
      progress: 20,
      materialsStatus: chain(2),
    });
    expect(res.statusCode).toBe(409);
    expect(json<{ message: string }>(res).message).toContain('still to tick Ordered, Shipped, Delivered');
    expect(json<unknown[]>(await owner.get(`/api/projects/${projectId}/tasks`))).toEqual([]);
  });
});
