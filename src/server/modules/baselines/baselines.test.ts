/**
 * Baselines: saving the current dates of every task by name, listing and deleting them, and the
 * tasks list compared with one (baseline dates and finish variance in working days).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BaselineDto, type ProjectTaskDto, projectTaskDto } from '../../../contracts/baselines.js';
import { baselineTasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-05-20T12:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Baseline Builders' });
  await other.signUpWithCompany({ company: 'Elsewhere Co' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A project starting Monday 1 June 2026. */
const newProject = (agent = owner) =>
  agent.createProject({ name: 'Library', client: 'City', startDate: '2026-06-01', endDate: '2026-12-01' });

const newTask = (projectId: number, body: Record<string, unknown>, agent = owner) =>
  agent.createTask(projectId, body);

async function saveBaseline(projectId: number, name: string, agent = owner) {
  const res = await agent.post(`/api/projects/${projectId}/baselines`, { name });
  if (res.statusCode !== 201) throw new Error(`baseline not saved: ${res.statusCode} ${res.body}`);
  return json<BaselineDto>(res);
}

async function compared(projectId: number, baseline: string | number, agent = owner) {
  const res = await agent.get(`/api/projects/${projectId}/tasks?baseline=${baseline}`);
  expect(res.statusCode).toBe(200);
  return new Map(json<ProjectTaskDto[]>(res).map((task) => [task.id, task]));
}

/** A scheduled project: Frame (Mon–Wed) → Roof (Thu–Fri), and Paint on its own (Mon–Fri). */
async function scheduledProject() {
  const projectId = await newProject();
  const frame = await newTask(projectId, { name: 'Frame', duration: 3 });
  const roof = await newTask(projectId, {
    name: 'Roof',
    duration: 2,
    dependencies: JSON.stringify([{ taskId: frame.id, type: 'FS', lagDays: 0 }]),
  });
  const paint = await newTask(projectId, { name: 'Paint', duration: 5 });
  expect((await owner.post(`/api/projects/${projectId}/schedule`)).statusCode).toBe(200);
  return { projectId, frame, roof, paint };
}

describe('POST and GET /api/projects/{id}/baselines', () => {
  it('saves every task’s dates; the first baseline is the default; the list is oldest first', async () => {
    const { projectId, frame } = await scheduledProject();
    const first = await saveBaseline(projectId, '  Contract schedule  ');
    expect(first).toMatchObject({ projectId, name: 'Contract schedule', taskCount: 3, isDefault: true });
    expect(first.createdAt).toBe('2026-05-20T12:00:00.000Z');
    const second = await saveBaseline(projectId, 'Re-plan');
    expect(second).toMatchObject({ taskCount: 3, isDefault: false });

    const list = json<BaselineDto[]>(await owner.get(`/api/projects/${projectId}/baselines`));
    expect(list.map((b) => [b.id, b.name, b.isDefault])).toEqual([
      [first.id, 'Contract schedule', true],
      [second.id, 'Re-plan', false],
    ]);
    const rows = await t.ctx.db
      .select()
      .from(baselineTasks)
      .where(and(eq(baselineTasks.baselineId, first.id), eq(baselineTasks.taskId, frame.id)));
    expect(rows).toEqual([
      expect.objectContaining({ startDate: '2026-06-01', finishDate: '2026-06-03', duration: 3 }),
    ]);
  });

  it('refuses a missing, blank or too long name (400) and a name in use, ignoring case (409), saving nothing', async () => {
    const { projectId } = await scheduledProject();
    await saveBaseline(projectId, 'Original');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }]) {
      const res = await owner.post(`/api/projects/${projectId}/baselines`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const repeat = await owner.post(`/api/projects/${projectId}/baselines`, { name: ' original ' });
    expect(repeat.statusCode).toBe(409);
    expect(json(repeat)).toMatchObject({ code: 'baseline_name_taken' });
    expect(json<BaselineDto[]>(await owner.get(`/api/projects/${projectId}/baselines`))).toHaveLength(1);
    // A 100-character name is fine.
    expect(
      (await owner.post(`/api/projects/${projectId}/baselines`, { name: 'y'.repeat(100) })).statusCode,
    ).toBe(201);
  });

  it('saves one of two baselines of the same name sent at the same time (the other is 409)', async () => {
    const { projectId } = await scheduledProject();
    const both = await Promise.all([
      owner.post(`/api/projects/${projectId}/baselines`, { name: 'Monday' }),
      owner.post(`/api/projects/${projectId}/baselines`, { name: 'monday' }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(json<BaselineDto[]>(await owner.get(`/api/projects/${projectId}/baselines`))).toHaveLength(1);
  });

  it('keeps at most 20 baselines per project (422 for the 21st)', async () => {
    const projectId = await newProject();
    for (let i = 1; i <= 20; i++) await saveBaseline(projectId, `Baseline ${i}`);
    const res = await owner.post(`/api/projects/${projectId}/baselines`, { name: 'One more' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'too_many_baselines' });
  });
});

describe('GET /api/projects/{id}/tasks?baseline=', () => {
  it('answers each task exactly in the contract’s shape, with and without a baseline', async () => {
    const { projectId } = await scheduledProject();
    await saveBaseline(projectId, 'Shape');
    await newTask(projectId, {
      name: 'Checklist',
      duration: 1,
      punchlist: JSON.stringify([
        { id: 'sweep', text: 'Sweep', completed: false, createdAt: '2026-05-20T12:00:00.000Z' },
      ]),
    });
    const plain = json<ProjectTaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    const withBaseline = json<ProjectTaskDto[]>(
      await owner.get(`/api/projects/${projectId}/tasks?baseline=default`),
    );
    // Strict: no field beyond the contract's; the plain list carries no baseline fields at all.
    expect(z.array(projectTaskDto.strict()).safeParse(plain).success).toBe(true);
    expect(z.array(projectTaskDto.strict()).safeParse(withBaseline).success).toBe(true);
    expect(plain.some((task) => 'baselineStart' in task)).toBe(false);
    expect(withBaseline.every((task) => 'finishVarianceDays' in task)).toBe(true);
    for (const task of plain) {
      expect(task).toEqual(json(await owner.get(`/api/tasks/${task.id}`)));
    }
  });

  it('adds baseline dates and the finish variance in working days: late, early, on time, and null for a new task', async () => {
    const { projectId, frame, roof, paint } = await scheduledProject();
    const baseline = await saveBaseline(projectId, 'Original');

    // Roof dragged to start Monday 8 June: it finishes Tuesday 9 June instead of Friday 5 June.
    expect((await owner.put(`/api/tasks/${roof.id}`, { startNoEarlierThan: '2026-06-08' })).statusCode).toBe(
      200,
    );
    // Paint shortened from five days to three: it finishes Wednesday instead of Friday.
    expect((await owner.put(`/api/tasks/${paint.id}`, { duration: 3 })).statusCode).toBe(200);
    const added = await newTask(projectId, { name: 'Landscaping', duration: 2 });

    for (const ref of [baseline.id, 'default'] as const) {
      const tasks = await compared(projectId, ref);
      expect(tasks.get(frame.id)).toMatchObject({
        baselineStart: '2026-06-01',
        baselineFinish: '2026-06-03',
        finishVarianceDays: 0,
      });
      expect(tasks.get(roof.id)).toMatchObject({
        baselineStart: '2026-06-04',
        baselineFinish: '2026-06-05',
        finishVarianceDays: 2,
      });
      expect(tasks.get(paint.id)).toMatchObject({ baselineFinish: '2026-06-05', finishVarianceDays: -2 });
      expect(tasks.get(added.id)).toMatchObject({
        baselineStart: null,
        baselineFinish: null,
        finishVarianceDays: null,
      });
    }

    // Without a baseline the tasks carry no baseline fields.
    const plain = json<ProjectTaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
    expect(plain[0]).not.toHaveProperty('finishVarianceDays');
  });

  it('answers 400 for an unreadable baseline and 404 for default when the project has none', async () => {
    const projectId = await newProject();
    for (const ref of ['abc', '0', '-1', '1.5']) {
      expect((await owner.get(`/api/projects/${projectId}/tasks?baseline=${ref}`)).statusCode).toBe(400);
    }
    const none = await owner.get(`/api/projects/${projectId}/tasks?baseline=default`);
    expect(none.statusCode).toBe(404);
    expect(json(none)).toMatchObject({ code: 'baseline_not_found' });
  });
});

describe('another company, another project', () => {
  it('answers 404 for another company’s project and baseline ids, and for project A’s baseline on project B', async () => {
    const { projectId } = await scheduledProject();
    const baseline = await saveBaseline(projectId, 'Original');
    const theirs = await newProject(other);
    const theirBaseline = await saveBaseline(theirs, 'Theirs', other);
    const projectB = await newProject();

    const notFound = [
      await other.get(`/api/projects/${projectId}/baselines`),
      await other.post(`/api/projects/${projectId}/baselines`, { name: 'Mine now' }),
      await other.delete(`/api/projects/${projectId}/baselines/${baseline.id}`),
      await other.get(`/api/projects/${projectId}/tasks?baseline=${baseline.id}`),
      await owner.get(`/api/projects/${projectId}/tasks?baseline=${theirBaseline.id}`),
      await owner.delete(`/api/projects/${projectId}/baselines/${theirBaseline.id}`),
      await owner.get(`/api/projects/${projectB}/tasks?baseline=${baseline.id}`),
      await owner.delete(`/api/projects/${projectB}/baselines/${baseline.id}`),
    ];
    expect(notFound.map((res) => res.statusCode)).toEqual(notFound.map(() => 404));
    // Nothing was changed or added.
    expect(json<BaselineDto[]>(await owner.get(`/api/projects/${projectId}/baselines`))).toHaveLength(1);
    expect(json<BaselineDto[]>(await other.get(`/api/projects/${theirs}/baselines`))).toHaveLength(1);
  });
});

describe('the API document', () => {
  it('describes the baseline routes and the tasks list’s baseline parameter', async () => {
    const doc = json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(
      await owner.get('/api/docs/json'),
    );
    expect(Object.keys(doc.paths['/api/projects/{id}/baselines'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/projects/{id}/baselines/{baselineId}']).toHaveProperty('delete');
    const params = doc.paths['/api/projects/{id}/tasks']?.get?.parameters?.map((p) => p.name);
    expect(params).toContain('baseline');
  });
});

describe('DELETE, and deleting tasks', () => {
  it('deletes a baseline; the next oldest becomes the default; a second delete is 404', async () => {
    const { projectId } = await scheduledProject();
    const first = await saveBaseline(projectId, 'First');
    const second = await saveBaseline(projectId, 'Second');
    const res = await owner.delete(`/api/projects/${projectId}/baselines/${first.id}`);
    expect(res.statusCode).toBe(200);
    const list = json<BaselineDto[]>(await owner.get(`/api/projects/${projectId}/baselines`));
    expect(list).toEqual([expect.objectContaining({ id: second.id, isDefault: true })]);
    expect((await owner.delete(`/api/projects/${projectId}/baselines/${first.id}`)).statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(baselineTasks).where(eq(baselineTasks.baselineId, first.id));
    expect(rows).toHaveLength(0);
  });

  it('deleting a task removes its baseline dates', async () => {
    const { projectId, paint } = await scheduledProject();
    const baseline = await saveBaseline(projectId, 'Original');
    expect((await owner.delete(`/api/tasks/${paint.id}`)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(baselineTasks).where(eq(baselineTasks.taskId, paint.id));
    expect(rows).toHaveLength(0);
    const list = json<BaselineDto[]>(await owner.get(`/api/projects/${projectId}/baselines`));
    expect(list).toEqual([expect.objectContaining({ id: baseline.id, taskCount: 2 })]);
  });
});
