import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
let projectId: number;
let otherProjectId: number;
let secondProjectId: number;
const DAY = 24 * 60 * 60 * 1000;

const project = {
  name: 'Oak Avenue Addition',
  client: 'R. Chen',
  budget: '80000',
  startDate: '2026-04-01',
  endDate: '2026-09-30',
};

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co' });
  await other.signUpWithCompany({ company: 'Second Co' });
  projectId = json<{ id: number }>(await owner.post('/api/projects', project)).id;
  secondProjectId = json<{ id: number }>(
    await owner.post('/api/projects', { ...project, name: 'Second' }),
  ).id;
  otherProjectId = json<{ id: number }>(await other.post('/api/projects', project)).id;
});
afterAll(async () => {
  await t.close();
});

async function newTask(body: Record<string, unknown> = {}, agent = owner): Promise<TaskDto> {
  const res = await agent.post('/api/tasks', { name: 'Frame walls', projectId, ...body });
  if (res.statusCode !== 201) throw new Error(`task not created: ${res.statusCode} ${res.body}`);
  return json<TaskDto>(res);
}

describe('creating tasks', () => {
  it('fills the defaults (phase Planning, progress 0, not-started, due 7 days after start) and trims the name', async () => {
    const before = Date.now();
    const res = await owner.post('/api/tasks', { name: '  Pour footings  ', projectId });
    expect(res.statusCode).toBe(201);
    const task = json<TaskDto>(res);
    expect(task).toMatchObject({
      name: 'Pour footings',
      projectId,
      phase: 'Planning',
      status: 'not-started',
      progress: 0,
      isCritical: false,
      punchlist: '[]',
      materialsStatus: null,
      materialsNotes: '',
      duration: 7,
      dependencies: null,
    });
    const start = Date.parse(task.startDate);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(task.endDate) - start).toBe(7 * DAY);
  });

  it('takes the fields the client sends and derives the status from the progress', async () => {
    const punchlist = JSON.stringify([
      { id: '1', text: 'Order lumber', completed: false, createdAt: '2026-04-01T00:00:00.000Z', level: 0 },
    ]);
    const task = await newTask({
      name: 'Roof',
      description: 'Trusses and sheathing',
      progress: 30,
      isCritical: true,
      phase: 'Structure',
      punchlist,
      startDate: '2026-04-10',
      endDate: '2026-04-20',
    });
    expect(task).toMatchObject({
      description: 'Trusses and sheathing',
      progress: 30,
      status: 'in-progress',
      isCritical: true,
      phase: 'Structure',
      startDate: '2026-04-10T00:00:00.000Z',
      endDate: '2026-04-20T00:00:00.000Z',
      duration: 10,
    });
    expect(JSON.parse(task.punchlist)).toEqual([
      {
        id: '1',
        text: 'Order lumber',
        completed: false,
        createdAt: '2026-04-01T00:00:00.000Z',
        level: 0,
        parentId: null,
      },
    ]);
    expect((await newTask({ status: 'blocked', progress: 10 })).status).toBe('blocked');
  });

  it('answers the task text rules and bad fields with 400', async () => {
    const blank = await owner.post('/api/tasks', { name: '   ', projectId });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).errors).toEqual({ name: 'Task name is required' });
    const missing = await owner.post('/api/tasks', {});
    expect(json(missing).errors).toMatchObject({
      name: 'Task name is required',
      projectId: 'Project is required',
    });
    const progress = await owner.post('/api/tasks', { name: 'x', projectId, progress: 150 });
    expect(json(progress).errors).toEqual({ progress: 'Progress must be between 0 and 100' });
    const status = await owner.post('/api/tasks', { name: 'x', projectId, status: 'done' });
    expect(status.statusCode).toBe(400);
    expect(json(status).errors).toHaveProperty('status');
    const backwards = await owner.post('/api/tasks', {
      name: 'x',
      projectId,
      startDate: '2026-05-02',
      endDate: '2026-05-01',
    });
    expect(json(backwards).errors).toEqual({ endDate: 'Due date must be on or after the start date' });
    const lateStart = await newTask({ startDate: '2030-01-01' });
    expect(Date.parse(lateStart.endDate) - Date.parse(lateStart.startDate)).toBe(7 * DAY);
    const badList = await owner.post('/api/tasks', { name: 'x', projectId, punchlist: '[{"id":1}]' });
    expect(badList.statusCode).toBe(400);
    expect(json(badList).errors).toEqual({ punchlist: 'Punchlist item 1 needs a text' });
  });

  it("refuses another company's project as if it did not exist", async () => {
    const res = await owner.post('/api/tasks', { name: 'Sneaky', projectId: otherProjectId });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual(json(await owner.post('/api/tasks', { name: 'x', projectId: 999999 })));
    expect(json<TaskDto[]>(await other.get(`/api/projects/${otherProjectId}/tasks`))).toEqual([]);
  });
});

describe('reading tasks', () => {
  it('lists the company’s tasks and reads one', async () => {
    const task = await newTask({ name: 'Listed' });
    const list = json<TaskDto[]>(await owner.get('/api/tasks'));
    expect(list.map((x) => x.id)).toContain(task.id);
    expect(list.every((x) => x.projectId === projectId || x.projectId === secondProjectId)).toBe(true);
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toEqual(task);
    expect((await owner.get('/api/tasks/abc')).statusCode).toBe(400);
    expect((await owner.get('/api/tasks/999999')).statusCode).toBe(404);
  });
});

describe('updating tasks', () => {
  it('changes the fields that do not move the schedule (dates resent unchanged) without re-scheduling', async () => {
    const task = await newTask({ startDate: '2026-04-05', endDate: '2026-04-12' });
    const res = await owner.put(`/api/tasks/${task.id}`, {
      name: ' Frame exterior walls ',
      description: 'North and east',
      status: 'on-track',
      progress: 40,
      startDate: '2026-04-05T00:00:00.000Z',
      endDate: '2026-04-12T00:00:00.000Z',
      materialsNotes: 'Lumber from Hillside Supply',
      duration: 7,
      phase: 'Structure',
      isCritical: true,
      position: 3,
    });
    expect(res.statusCode).toBe(200);
    // Dates and duration sent back unchanged (a form's resend) are not a schedule change.
    expect(res.headers['x-rescheduled']).toBe('false');
    expect(json(res)).toMatchObject({
      name: 'Frame exterior walls',
      description: 'North and east',
      status: 'on-track',
      progress: 40,
      startDate: '2026-04-05T00:00:00.000Z',
      endDate: '2026-04-12T00:00:00.000Z',
      materialsNotes: 'Lumber from Hillside Supply',
      duration: 7,
      phase: 'Structure',
      isCritical: true,
      position: 3,
    });
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({ name: 'Frame exterior walls' });
  });

  it('sets the status from a progress-only change (progress bar)', async () => {
    const task = await newTask({ status: 'blocked' });
    for (const [progress, status] of [
      [50, 'in-progress'],
      [100, 'completed'],
      [0, 'not-started'],
    ] as const) {
      expect(json(await owner.put(`/api/tasks/${task.id}`, { progress }))).toMatchObject({
        progress,
        status,
      });
    }
  });

  it('stores a valid checklist and refuses malformed or unknown JSON', async () => {
    const task = await newTask();
    const list = [
      {
        id: 'a',
        text: 'Sheathing',
        completed: true,
        createdAt: '2026-04-01T10:00:00.000Z',
        level: 0,
        parentId: null,
      },
      {
        id: 'b',
        text: 'Nails',
        completed: false,
        createdAt: '2026-04-01T10:01:00.000Z',
        level: 1,
        parentId: 'a',
      },
    ];
    const ok = await owner.put(`/api/tasks/${task.id}`, { punchlist: JSON.stringify(list) });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(json<TaskDto>(ok).punchlist)).toEqual(list);

    for (const [punchlist, message] of [
      ['[{"id":', 'Punchlist is not valid JSON'],
      ['{"items":[]}', 'Punchlist must be a list of items'],
      [
        JSON.stringify([{ ...list[0], colour: 'red' }]),
        'Punchlist item 1 has an unknown field "colour" (allowed: id, text, completed, createdAt, level, parentId)',
      ],
      [JSON.stringify([list[1]]), 'Punchlist sub-item "b" refers to a missing parent "a"'],
      [
        JSON.stringify([list[0], list[1], { ...list[1], id: 'c', parentId: 'b' }]),
        'Punchlist sub-item "c" is under another sub-item; only top-level items have sub-items',
      ],
    ] as const) {
      const res = await owner.put(`/api/tasks/${task.id}`, { punchlist });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message, errors: { punchlist: message } });
    }
    const notText = await owner.put(`/api/tasks/${task.id}`, { punchlist: list });
    expect(json(notText).errors).toEqual({ punchlist: 'Punchlist must be JSON text' });
    // nothing refused was stored
    expect(JSON.parse(json<TaskDto>(await owner.get(`/api/tasks/${task.id}`)).punchlist)).toEqual(list);
  });

  it('enforces the materials chain', async () => {
    const task = await newTask();
    const ok = await owner.put(`/api/tasks/${task.id}`, {
      materialsStatus: JSON.stringify({ needed: true, approved: true }),
    });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(json<TaskDto>(ok).materialsStatus ?? 'null')).toEqual({
      notApplicable: false,
      needed: true,
      approved: true,
      ordered: false,
      shipped: false,
      delivered: false,
      finalized: false,
    });
    for (const [materialsStatus, message] of [
      [
        { needed: true, ordered: true },
        'Materials status breaks the materials chain: "Ordered" cannot be ticked before "Approved"',
      ],
      [
        { notApplicable: true, needed: true },
        'Materials status breaks the materials chain: Not Applicable cannot be combined with ticked steps',
      ],
      [{ needed: 'yes' }, 'Materials status flag "needed" must be true or false'],
      [{ paid: true }, 'Materials status has an unknown flag "paid"'],
    ] as const) {
      const res = await owner.put(`/api/tasks/${task.id}`, {
        materialsStatus: JSON.stringify(materialsStatus),
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toContain(message);
      expect(json<{ errors: Record<string, string> }>(res).errors.materialsStatus).toContain(message);
    }
    const malformed = await owner.put(`/api/tasks/${task.id}`, { materialsStatus: '{needed' });
    expect(json(malformed).message).toBe('Materials status is not valid JSON');
    const na = await owner.put(`/api/tasks/${task.id}`, { materialsStatus: '{"notApplicable":true}' });
    expect(JSON.parse(json<TaskDto>(na).materialsStatus ?? 'null')).toMatchObject({
      notApplicable: true,
      needed: false,
    });
    const cleared = await owner.put(`/api/tasks/${task.id}`, { materialsStatus: null });
    expect(json(cleared).materialsStatus).toBeNull();
  });

  it('checks dependencies: same project, not itself, no loop (422, as the schedule answers it)', async () => {
    const a = await newTask({ name: 'A' });
    const b = await newTask({ name: 'B' });
    const elsewhere = await newTask({ name: 'Elsewhere', projectId: secondProjectId });
    const linked = await owner.put(`/api/tasks/${b.id}`, { dependencies: `${a.id}` });
    expect(json(linked).dependencies).toBe(JSON.stringify([{ taskId: a.id, type: 'FS', lagDays: 0 }]));
    const cases: [string, string][] = [
      [`${b.id}`, 'A task cannot depend on itself'],
      [`${elsewhere.id}`, `Dependencies must be tasks of the same project (not found: ${elsewhere.id})`],
      [`${b.id}`, 'A task cannot depend on itself'],
      ['[{"taskId":"x"}]', 'Dependencies link 1 needs a task id'],
    ];
    for (const [dependencies, message] of cases) {
      const res = await owner.put(`/api/tasks/${b.id}`, { dependencies });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual({ dependencies: message });
    }
    const loop = await owner.put(`/api/tasks/${a.id}`, { dependencies: JSON.stringify([{ taskId: b.id }]) });
    expect(loop.statusCode).toBe(422);
    expect(json(loop)).toMatchObject({ code: 'dependency_cycle' });
    expect(json<{ cycle: number[] }>(loop).cycle.toSorted()).toEqual([a.id, b.id].toSorted());
    expect(json(await owner.get(`/api/tasks/${a.id}`)).dependencies).toBeNull();
  });

  it('assigns only members of the company', async () => {
    const task = await newTask();
    const me = json<{ id: string }>(await owner.get('/api/auth/user')).id;
    const stranger = json<{ id: string }>(await other.get('/api/auth/user')).id;
    expect(json(await owner.put(`/api/tasks/${task.id}`, { assignedTo: me })).assignedTo).toBe(me);
    const res = await owner.put(`/api/tasks/${task.id}`, { assignedTo: stranger });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ assignedTo: 'The assignee must be a member of your company' });
  });

  it('refuses an empty name, dates out of order and an empty body', async () => {
    const task = await newTask({ startDate: '2026-04-10', endDate: '2026-04-20' });
    expect(json(await owner.put(`/api/tasks/${task.id}`, { name: ' ' })).errors).toEqual({
      name: 'Task name is required',
    });
    const early = await owner.put(`/api/tasks/${task.id}`, {
      startDate: '2026-04-10',
      endDate: '2026-04-01',
    });
    expect(json(early).errors).toEqual({ endDate: 'Due date must be on or after the start date' });
    expect(json(await owner.put(`/api/tasks/${task.id}`, {})).message).toBe('Nothing to update');
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({
      endDate: '2026-04-20T00:00:00.000Z',
    });
  });
});

describe('deleting tasks', () => {
  it('deletes the task, its updates, and links to it', async () => {
    const a = await newTask({ name: 'Gone' });
    const b = await newTask({ name: 'Stays', dependencies: `${a.id}` });
    expect((await owner.post('/api/updates', { taskId: a.id, message: 'note' })).statusCode).toBe(201);
    expect((await owner.delete(`/api/tasks/${a.id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/tasks/${a.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/tasks/${a.id}`)).statusCode).toBe(404);
    expect(json(await owner.get(`/api/tasks/${b.id}`)).dependencies).toBeNull();
    const updates = json<{ taskId: number | null }[]>(await owner.get(`/api/projects/${projectId}/updates`));
    expect(updates.some((u) => u.taskId === a.id)).toBe(false);
  });
});

describe('tenant isolation', () => {
  it("answers another company's task exactly like a missing one (404)", async () => {
    const task = await newTask({ name: 'Private' });
    const missing = await other.get('/api/tasks/999999');
    const foreign = await other.get(`/api/tasks/${task.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect((await other.put(`/api/tasks/${task.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await other.put(`/api/tasks/${task.id}`, { progress: 100 })).statusCode).toBe(404);
    expect((await other.delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${projectId}/tasks`)).statusCode).toBe(404);
    expect(json<TaskDto[]>(await other.get('/api/tasks')).map((x) => x.id)).not.toContain(task.id);
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({ name: 'Private', progress: 0 });
  });

  it("refuses another company's task as a dependency", async () => {
    const mine = await newTask({ name: 'Mine' });
    const theirs = await newTask({ name: 'Theirs', projectId: otherProjectId }, other);
    const res = await owner.put(`/api/tasks/${mine.id}`, { dependencies: `${theirs.id}` });
    expect(res.statusCode).toBe(400);
  });

  it('refuses anonymous calls', async () => {
    expect((await t.agent().get('/api/tasks')).statusCode).toBe(401);
  });
});
