import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ProjectDto, projectDto } from '../../../contracts/projects.js';
import { documents, projects, tasks, updates } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { filesUnder, upload } from '../documents/documents.test-support.js';
import { samples } from '../documents/test-files.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co' });
  await other.signUpWithCompany({ company: 'Second Co' });
});
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'Maple Street Remodel',
  client: 'J. Alvarez',
  budget: '125,000.50',
  startDate: '2026-03-02',
  endDate: '2026-06-30',
  description: 'Kitchen and two baths',
};

describe('projects', () => {
  it('creates with defaults (Residential, active, progress 0) and lists it', async () => {
    const res = await owner.post('/api/projects', valid);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      name: valid.name,
      type: 'Residential',
      status: 'active',
      progress: 0,
      budget: '125000.50',
    });
    const list = json<{ name: string }[]>(await owner.get('/api/projects'));
    expect(list.map((p) => p.name)).toContain(valid.name);
  });

  it('lists each project exactly as the contract and its own page show it', async () => {
    await owner.post('/api/projects', { ...valid, name: 'Listed as itself' });
    const res = await owner.get('/api/projects');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = json<ProjectDto[]>(res);
    // Strict: the list carries no field beyond the contract's.
    expect(z.array(projectDto.strict()).safeParse(list).success).toBe(true);
    for (const project of list) {
      expect(project).toEqual(json(await owner.get(`/api/projects/${project.id}`)));
    }
  });

  it('lists every kind of stored value as the project page shows it', async () => {
    // The list is written by the database and the page by the server: each column's edge cases,
    // stored as fixtures, must read the same on both.
    const created = json<ProjectDto>(await owner.post('/api/projects', { ...valid, name: 'Edge cases' }));
    const calendar = {
      workDays: [7, 1, 2, 3, 4],
      hoursPerDay: 8,
      nonWorkingDates: ['2026-03-20'],
      workingDates: [],
      usFederalHolidays: false,
      name: 'Sun–Thu',
    };
    const copies = [
      {
        name: 'Quote "and" back\\slash, ünïcode ✓',
        description: null,
        dataDate: '2026-04-01',
        budget: '9999999999999.99',
      },
      { name: 'Own calendar', calendar, createdBy: null, budget: '0.00' },
      { name: 'Unreadable calendar', calendar: { workDays: 'weekdays' } },
      {
        name: 'Sub-millisecond times',
        startDate: new Date('2026-01-31T23:59:59.999Z'),
        endDate: new Date('1999-12-31T00:00:00.001Z'),
        createdAt: new Date('2026-02-01T12:34:56.789Z'),
        status: 'on-hold' as const,
        progress: 37,
      },
    ];
    const project = (await t.ctx.db.select().from(projects).where(eq(projects.id, created.id)))[0];
    if (!project) throw new Error('the project was not stored');
    const { id: _id, ...row } = project;
    await t.ctx.db.insert(projects).values(copies.map((copy) => ({ ...row, ...copy })) as never);
    // Microseconds the API cannot show (it answers milliseconds).
    await t.ctx.db.execute(
      sql`update projects set start_date = start_date + interval '0.000999 seconds' where name = 'Sub-millisecond times'`,
    );

    const list = json<ProjectDto[]>(await owner.get('/api/projects'));
    const listed = list.filter((p) => copies.some((c) => c.name === p.name));
    expect(listed).toHaveLength(copies.length);
    for (const item of listed) {
      expect(item).toEqual(json(await owner.get(`/api/projects/${item.id}`)));
    }
    const byName = new Map(listed.map((p) => [p.name, p]));
    expect(byName.get('Own calendar')?.calendar).toMatchObject({
      workDays: [1, 2, 3, 4, 7],
      name: 'Sun–Thu',
    });
    expect(byName.get('Unreadable calendar')?.calendar).toBeNull();
    expect(byName.get('Sub-millisecond times')).toMatchObject({
      startDate: '2026-01-31T23:59:59.999Z',
      endDate: '1999-12-31T00:00:00.001Z',
      createdAt: '2026-02-01T12:34:56.789Z',
    });
  });

  it('answers the spec messages for a bad project form', async () => {
    const res = await owner.post('/api/projects', {
      name: '',
      client: '',
      budget: '',
      startDate: '',
      endDate: '',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toMatchObject({
      name: 'Project name is required',
      client: 'Client is required',
      budget: 'Budget is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    const backwards = await owner.post('/api/projects', {
      ...valid,
      startDate: '2026-06-30',
      endDate: '2026-03-02',
    });
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards).errors).toEqual({ endDate: 'End date must be on or after the start date' });
  });

  it('updates the full form or only the progress', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const progress = await owner.put(`/api/projects/${id}`, { progress: 40 });
    expect(progress.statusCode).toBe(200);
    expect(json(progress)).toMatchObject({ progress: 40, name: valid.name });
    const full = await owner.put(`/api/projects/${id}`, {
      ...valid,
      name: 'Renamed',
      status: 'at-risk',
      type: 'Commercial',
      progress: 55,
    });
    expect(json(full)).toMatchObject({
      name: 'Renamed',
      status: 'at-risk',
      type: 'Commercial',
      progress: 55,
    });
    const bad = await owner.put(`/api/projects/${id}`, { endDate: '2020-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('End date must be on or after the start date');
    expect((await owner.put(`/api/projects/${id}`, { progress: 101 })).statusCode).toBe(400);
  });

  it('answers 400 to a malformed id', async () => {
    expect((await owner.get('/api/projects/abc')).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("answers another company's project exactly like a missing one (404)", async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const missing = await other.get('/api/projects/999999');
    const foreign = await other.get(`/api/projects/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect((await other.put(`/api/projects/${id}`, { progress: 99 })).statusCode).toBe(404);
    expect((await other.delete(`/api/projects/${id}`)).statusCode).toBe(404);
    expect(json<{ id: number }[]>(await other.get('/api/projects')).map((p) => p.id)).not.toContain(id);
    // nothing changed for the owner
    const mine = json(await owner.get(`/api/projects/${id}`));
    expect(mine).toMatchObject({ progress: 0, name: valid.name });
  });

  it('deletes only within the company', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    expect((await owner.delete(`/api/projects/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/projects/${id}`)).statusCode).toBe(404);
  });
});

describe('portfolio stats', () => {
  it('counts projects by status, sums budgets, averages progress and counts overdue tasks', async () => {
    const fresh = t.agent();
    await fresh.signUpWithCompany({ company: 'Stats Co' });
    const empty = await fresh.get('/api/projects/stats');
    expect(empty.statusCode).toBe(200);
    expect(json(empty)).toEqual({
      totalProjects: 0,
      byStatus: { active: 0, 'on-hold': 0, completed: 0, 'at-risk': 0, planning: 0 },
      totalBudget: '0.00',
      averageProgress: 0,
      overdueTasks: 0,
    });
    const a = json<{ id: number }>(
      await fresh.post('/api/projects', { ...valid, budget: '1000.25', progress: 10 }),
    );
    await fresh.post('/api/projects', { ...valid, budget: '2000', status: 'at-risk', progress: 55 });
    await fresh.post('/api/projects', { ...valid, budget: '0.50', status: 'completed', progress: 100 });
    const past = { projectId: a.id, startDate: '2020-01-01', endDate: '2020-01-10' };
    await fresh.post('/api/tasks', { name: 'Late', ...past, progress: 40 });
    await fresh.post('/api/tasks', { name: 'Late too', ...past });
    await fresh.post('/api/tasks', { name: 'Done late', ...past, progress: 100 });
    await fresh.post('/api/tasks', { name: 'Future', projectId: a.id });
    expect(json(await fresh.get('/api/projects/stats'))).toEqual({
      totalProjects: 3,
      byStatus: { active: 1, 'on-hold': 0, completed: 1, 'at-risk': 1, planning: 0 },
      totalBudget: '3000.75',
      averageProgress: 55,
      overdueTasks: 2,
    });
    // another company's figures are its own
    expect(json(await other.get('/api/projects/stats')).overdueTasks).toBe(0);
  });
});

type Task = {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  status: string;
  progress: number;
  punchlist: string;
  dependencies: string | null;
  position: number;
  materialsStatus: string | null;
};
const checklist = (completed: boolean) =>
  JSON.stringify([
    { id: 'a', text: 'Inspect', completed, createdAt: '2026-03-02T00:00:00.000Z', level: 0, parentId: null },
    { id: 'b', text: 'Photos', completed, createdAt: '2026-03-02T00:00:00.000Z', level: 1, parentId: 'a' },
  ]);

describe('project tasks and updates', () => {
  it('lists tasks by start date, then position', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const add = (name: string, startDate: string, position: number) =>
      owner.post('/api/tasks', { name, projectId: id, startDate, endDate: '2026-12-31', position });
    await add('third', '2026-04-01', 0);
    await add('second', '2026-03-05', 2);
    await add('first', '2026-03-05', 1);
    await add('fourth', '2026-05-01', 0);
    const tasks = json<Task[]>(await owner.get(`/api/projects/${id}/tasks`));
    expect(tasks.map((x) => x.name)).toEqual(['first', 'second', 'third', 'fourth']);
    expect((await owner.get('/api/projects/999999/tasks')).statusCode).toBe(404);
  });

  it('lists updates newest first', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const task = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Tile', projectId: id })).id;
    await owner.post('/api/updates', { taskId: task, message: 'older' });
    await owner.post('/api/updates', { projectId: id, message: 'newer' });
    const list = json<{ message: string }[]>(await owner.get(`/api/projects/${id}/updates`));
    expect(list.map((u) => u.message)).toEqual(['newer', 'older']);
  });
});

describe('duplicate', () => {
  it('duplicates on a bare POST: no body, with or without a JSON content type', async () => {
    const source = json<{ id: number }>(await owner.post('/api/projects', { ...valid, name: 'Bare Post' }));
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const res = await owner.request('POST', `/api/projects/${source.id}/duplicate`, undefined, headers);
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res).name).toBe('Bare Post (Copy)');
    }
  });

  it('copies the project and its tasks: reset, re-scheduled from now, links remapped', async () => {
    const source = json<{ id: number; startDate: string }>(
      await owner.post('/api/projects', { ...valid, name: 'Elm Duplex', progress: 60, status: 'at-risk' }),
    );
    const mk = async (body: Record<string, unknown>) =>
      json<Task>(await owner.post('/api/tasks', { projectId: source.id, ...body }));
    const t1 = await mk({
      name: 'Demo',
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      progress: 100,
      punchlist: checklist(true),
      materialsStatus: JSON.stringify({
        needed: true,
        approved: true,
        ordered: true,
        shipped: true,
        delivered: true,
      }),
    });
    const t2 = await mk({ name: 'Frame', startDate: '2026-03-09', endDate: '2026-03-20', progress: 50 });
    const t3 = await mk({ name: 'Drywall', startDate: '2026-03-23', endDate: '2026-04-03' });
    await owner.put(`/api/tasks/${t2.id}`, { dependencies: `${t1.id}` });
    await owner.put(`/api/tasks/${t3.id}`, {
      dependencies: JSON.stringify([{ taskId: t2.id, type: 'SS', lagDays: 2 }, { taskId: t1.id }]),
    });
    // The links re-scheduled the source's tasks: compare the copies with them as they are now.
    const [s1, s2, s3] = json<Task[]>(await owner.get(`/api/projects/${source.id}/tasks`));

    const before = Date.now();
    const res = await owner.post(`/api/projects/${source.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = json<{ id: number; startDate: string; endDate: string }>(res);
    expect(copy).toMatchObject({
      name: 'Elm Duplex (Copy)',
      status: 'planning',
      progress: 0,
      client: valid.client,
      budget: '125000.50',
      type: 'Residential',
    });
    const start = Date.parse(copy.startDate);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(copy.endDate) - start).toBe(7_776_000_000);

    const copies = json<Task[]>(await owner.get(`/api/projects/${copy.id}/tasks`));
    expect(copies.map((x) => x.name)).toEqual(['Demo', 'Frame', 'Drywall']);
    const [c1, c2, c3] = copies;
    for (const [orig, dup] of [
      [s1, c1],
      [s2, c2],
      [s3, c3],
    ] as const) {
      expect(dup?.id).not.toBe(orig?.id);
      expect(dup).toMatchObject({ progress: 0, status: 'not-started' });
    }
    // The copies were re-scheduled from the copy's start: their stored dates are its schedule, and
    // the first task starts on the copy's first working day (see the fixed-clock test for the dates).
    const scheduled = json<{
      startDate: string;
      tasks: { id: number; startDate: string; endDate: string }[];
    }>(await owner.get(`/api/projects/${copy.id}/schedule`));
    expect(scheduled.startDate >= copy.startDate.slice(0, 10)).toBe(true);
    for (const dup of copies) {
      const planned = scheduled.tasks.find((x) => x.id === dup.id);
      expect([dup.startDate.slice(0, 10), dup.endDate.slice(0, 10)]).toEqual([
        planned?.startDate,
        planned?.endDate,
      ]);
    }
    expect(c1?.startDate.slice(0, 10)).toBe(scheduled.startDate);
    expect(c1?.punchlist).toBe(checklist(false));
    expect(c1?.materialsStatus).toBeNull();
    expect(JSON.parse(c2?.dependencies ?? 'null')).toEqual([{ taskId: c1?.id, type: 'FS', lagDays: 0 }]);
    expect(JSON.parse(c3?.dependencies ?? 'null')).toEqual([
      { taskId: c2?.id, type: 'SS', lagDays: 2 },
      { taskId: c1?.id, type: 'FS', lagDays: 0 },
    ]);
    // the original is untouched
    const originals = json<Task[]>(await owner.get(`/api/projects/${source.id}/tasks`));
    expect(originals.map((x) => [x.id, x.progress, x.punchlist])).toEqual([
      [t1.id, 100, checklist(true)],
      [t2.id, 50, '[]'],
      [t3.id, 0, '[]'],
    ]);
    expect(json(await owner.get(`/api/projects/${source.id}`))).toMatchObject({
      progress: 60,
      status: 'at-risk',
    });
  });

  it('re-schedules the copy from its start on the working calendar, and moves start constraints along', async () => {
    // Duplicated on Wednesday 1 July 2026, 15:00 UTC: Friday 3 July is Independence Day (observed).
    const fixed = await createTestApp({}, { now: () => new Date('2026-07-01T15:00:00Z') });
    try {
      const agent = fixed.agent();
      await agent.signUpWithCompany({ company: 'Clock Co' });
      const source = json<{ id: number }>(
        await agent.post('/api/projects', { ...valid, startDate: '2026-03-02' }),
      );
      const mk = async (body: Record<string, unknown>) => {
        const res = await agent.post('/api/tasks', { projectId: source.id, ...body });
        expect(res.statusCode, res.body).toBe(201);
        return json<Task & { startNoEarlierThan: string | null }>(res);
      };
      const demo = await mk({ name: 'Demo', duration: 3 });
      const frame = await mk({ name: 'Frame', duration: 2, dependencies: `${demo.id}` });
      // Wednesday 11 March in the source; the copy starts 121 calendar days later: Friday 10 July.
      await mk({ name: 'Crane', duration: 1, startNoEarlierThan: '2026-03-11', dependencies: `${frame.id}` });
      const res = await agent.post(`/api/projects/${source.id}/duplicate`);
      expect(res.statusCode, res.body).toBe(201);
      const copy = json<{ id: number }>(res);
      const copies = json<(Task & { startNoEarlierThan: string | null })[]>(
        await agent.get(`/api/projects/${copy.id}/tasks`),
      );
      expect(
        copies.map((x) => [x.name, x.startDate.slice(0, 10), x.endDate.slice(0, 10), x.startNoEarlierThan]),
      ).toEqual([
        // Wed 1, Thu 2, (Fri 3 holiday, weekend) Mon 6; then Tue 7–Wed 8; the crane not before Fri 10.
        ['Demo', '2026-07-01', '2026-07-06', null],
        ['Frame', '2026-07-07', '2026-07-08', null],
        ['Crane', '2026-07-10', '2026-07-10', '2026-07-10'],
      ]);
    } finally {
      await fixed.close();
    }
  });

  it("refuses another company's project (404) and creates nothing", async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const count = json<unknown[]>(await other.get('/api/projects')).length;
    expect((await other.post(`/api/projects/${id}/duplicate`)).statusCode).toBe(404);
    expect((await other.post('/api/projects/999999/duplicate')).statusCode).toBe(404);
    expect(json<unknown[]>(await other.get('/api/projects')).length).toBe(count);
  });
});

describe('delete cascade', () => {
  it('removes the tasks, updates, documents and stored files with the project', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const task = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Roof', projectId: id })).id;
    await owner.post('/api/updates', { taskId: task, message: 'shingles ordered' });
    await owner.post('/api/updates', { projectId: id, message: 'permit issued' });
    const uploaded = await upload(t.app, owner, id, [
      { name: 'permit.pdf', content: samples.pdf },
      { name: 'roof.png', content: samples.png },
    ]);
    const taskDoc = await upload(t.app, owner, id, [{ name: 'specs.txt', content: samples.txt }], {
      taskId: String(task),
    });
    expect(uploaded.statusCode).toBe(201);
    expect(taskDoc.statusCode).toBe(201);
    const filesDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
    const keys = (await t.ctx.db.select().from(documents).where(eq(documents.projectId, id))).map((d) =>
      join(filesDir, d.filePath),
    );
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => existsSync(k))).toBe(true);
    const otherFiles = filesUnder(filesDir).filter((f) => !keys.includes(join(filesDir, f)));

    expect((await owner.delete(`/api/projects/${id}`)).statusCode).toBe(200);

    const db = t.ctx.db;
    expect(await db.select().from(tasks).where(eq(tasks.projectId, id))).toEqual([]);
    expect(await db.select().from(updates).where(eq(updates.projectId, id))).toEqual([]);
    expect(await db.select().from(documents).where(eq(documents.projectId, id))).toEqual([]);
    expect(keys.some((k) => existsSync(k))).toBe(false);
    expect(filesUnder(filesDir)).toEqual(otherFiles);
    expect((await owner.get(`/api/tasks/${task}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/projects/${id}/documents`)).statusCode).toBe(404);
  });
});

describe('tenant isolation of the project sub-resources', () => {
  it("answers another company's project tasks and updates with 404", async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    expect((await other.get(`/api/projects/${id}/tasks`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${id}/updates`)).statusCode).toBe(404);
    expect(json(await other.get(`/api/projects/${id}/tasks`))).toEqual(
      json(await other.get('/api/projects/999999/tasks')),
    );
  });
});
