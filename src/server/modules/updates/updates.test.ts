import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateDto } from '../../../contracts/updates.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
let projectId: number;
let secondProjectId: number;
let taskId: number;
let otherTaskId: number;

const project = {
  name: 'Harbor Lofts',
  client: 'Bayside LLC',
  budget: '2500000',
  startDate: '2026-01-05',
  endDate: '2026-12-18',
};

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co' });
  await other.signUpWithCompany({ company: 'Second Co' });
  projectId = json<{ id: number }>(await owner.post('/api/projects', project)).id;
  secondProjectId = json<{ id: number }>(await owner.post('/api/projects', project)).id;
  taskId = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Demolition', projectId })).id;
  const otherProject = json<{ id: number }>(await other.post('/api/projects', project)).id;
  otherTaskId = json<{ id: number }>(
    await other.post('/api/tasks', { name: 'Theirs', projectId: otherProject }),
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('task updates', () => {
  it('adds an update to a task (project from the task, message trimmed, priority normal)', async () => {
    const res = await owner.post('/api/updates', {
      taskId,
      message: '  Dumpster delivered  ',
      priority: 'normal',
    });
    expect(res.statusCode).toBe(201);
    const me = json<{ id: string }>(await owner.get('/api/auth/user')).id;
    expect(json(res)).toMatchObject({
      taskId,
      projectId,
      message: 'Dumpster delivered',
      priority: 'normal',
      isReminder: false,
      reminderDate: null,
      createdBy: me,
    });
    expect(json(await owner.post('/api/updates', { taskId, message: 'x' })).priority).toBe('normal');
  });

  it('lists a task’s and a project’s updates newest first', async () => {
    const task = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Framing', projectId })).id;
    const ids: number[] = [];
    for (const message of ['first', 'second', 'third']) {
      ids.push(json<UpdateDto>(await owner.post('/api/updates', { taskId: task, message })).id);
    }
    const projectNote = json<UpdateDto>(
      await owner.post('/api/updates', { projectId, message: 'site note' }),
    );
    expect(projectNote).toMatchObject({ projectId, taskId: null });
    const forTask = json<UpdateDto[]>(await owner.get(`/api/tasks/${task}/updates`));
    expect(forTask.map((u) => u.message)).toEqual(['third', 'second', 'first']);
    const forProject = json<UpdateDto[]>(await owner.get(`/api/projects/${projectId}/updates`));
    expect(forProject.slice(0, 4).map((u) => u.message)).toEqual(['site note', 'third', 'second', 'first']);
    expect(forProject.every((u) => u.projectId === projectId)).toBe(true);
    const times = forProject.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(json<UpdateDto[]>(await owner.get(`/api/projects/${secondProjectId}/updates`))).toEqual([]);
  });

  it('keeps a reminder with its date', async () => {
    const res = await owner.post('/api/updates', {
      taskId,
      message: 'Call the inspector',
      priority: 'high',
      isReminder: true,
      reminderDate: '2026-06-01T09:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      priority: 'high',
      isReminder: true,
      reminderDate: '2026-06-01T09:00:00.000Z',
    });
    const bad = await owner.post('/api/updates', { taskId, message: 'x', reminderDate: 'next week' });
    expect(json(bad).errors).toEqual({ reminderDate: 'Reminder date is not a valid date' });
  });

  it('answers 400 to an empty message, no target, a bad priority or a task of another project', async () => {
    const blank = await owner.post('/api/updates', { taskId, message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).errors).toEqual({ message: 'Message is required' });
    const nowhere = await owner.post('/api/updates', { message: 'lost' });
    expect(json(nowhere).errors).toEqual({ taskId: 'Choose a task or a project' });
    const priority = await owner.post('/api/updates', { taskId, message: 'x', priority: 'asap' });
    expect(json(priority).errors).toEqual({ priority: 'Priority must be one of low, normal, high, urgent' });
    const mismatch = await owner.post('/api/updates', { taskId, projectId: secondProjectId, message: 'x' });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).errors).toEqual({ projectId: 'The task belongs to another project' });
    expect((await owner.get('/api/tasks/abc/updates')).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("answers another company's task or project with 404 and writes nothing", async () => {
    const onTask = await owner.post('/api/updates', { taskId: otherTaskId, message: 'peek' });
    expect(onTask.statusCode).toBe(404);
    expect(json(onTask)).toEqual(json(await owner.post('/api/updates', { taskId: 999999, message: 'x' })));
    const onProject = await other.post('/api/updates', { projectId, message: 'peek' });
    expect(onProject.statusCode).toBe(404);
    expect((await other.get(`/api/tasks/${taskId}/updates`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${projectId}/updates`)).statusCode).toBe(404);
    const mine = json<UpdateDto[]>(await owner.get(`/api/projects/${projectId}/updates`));
    expect(mine.some((u) => u.message === 'peek')).toBe(false);
    expect(json<UpdateDto[]>(await other.get(`/api/tasks/${otherTaskId}/updates`))).toEqual([]);
  });
});
