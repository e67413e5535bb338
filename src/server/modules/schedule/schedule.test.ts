import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectScheduleDto, ScheduledTaskDto } from '../../../contracts/schedule.js';
import { weatherAllowanceDays } from '../../../domain/schedule/index.js';
import { companies, tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { scheduleService } from './schedule.service.js';
import { createProject, seedTasks, storedTasks } from './schedule-test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Owner Builders' });
  await other.signUpWithCompany({ company: 'Other Builders' });
});
afterAll(async () => {
  await t.close();
});

const scheduleOf = async (agent: Agent, projectId: number) =>
  agent.post(`/api/projects/${projectId}/schedule`);
const byId = (schedule: ProjectScheduleDto) => new Map(schedule.tasks.map((task) => [task.id, task]));

describe('POST /api/projects/{id}/schedule', () => {
  it('schedules every link type with lags, answers exactly the documented shape and writes dates back', async () => {
    // Monday 2026-03-02: working-day offsets 0..6 are Mar 2, 3, 4, 5, 6, 9, 10.
    const project = await createProject(t, owner, '2026-03-02');
    const ids = await seedTasks(t, project, [
      { name: 'A', duration: 3 },
      { name: 'B', duration: 2, after: [{ name: 'A', type: 'FS', lagDays: 1 }] },
      { name: 'C', duration: 4, after: [{ name: 'A', type: 'SS', lagDays: 2 }] },
      { name: 'D', duration: 2, after: [{ name: 'B', type: 'FF' }] },
      { name: 'E', duration: 1, after: [{ name: 'C', type: 'SF', lagDays: 1 }] },
      { name: 'F', duration: 0, after: [{ name: 'D' }, { name: 'C' }] },
    ]);
    const res = await scheduleOf(owner, project.id);
    expect(res.statusCode).toBe(200);
    const body = json<ProjectScheduleDto>(res);
    expect(Object.keys(body).sort()).toEqual(
      ['criticalPath', 'durationDays', 'finishDate', 'projectId', 'startDate', 'tasks'].sort(),
    );
    expect(body).toMatchObject({
      projectId: project.id,
      startDate: '2026-03-02',
      finishDate: '2026-03-09',
      durationDays: 6,
    });
    const id = (name: string) => ids.get(name) as number;
    // [earlyStart, earlyFinish, lateStart, lateFinish, totalFloat, freeFloat, isCritical, startDate, endDate]
    const expected: Record<
      string,
      [number, number, number, number, number, number, boolean, string, string]
    > = {
      A: [0, 3, 0, 3, 0, 0, true, '2026-03-02', '2026-03-04'],
      B: [4, 6, 4, 6, 0, 0, true, '2026-03-06', '2026-03-09'],
      C: [2, 6, 2, 6, 0, 0, true, '2026-03-04', '2026-03-09'],
      D: [4, 6, 4, 6, 0, 0, true, '2026-03-06', '2026-03-09'],
      E: [2, 3, 5, 6, 3, 3, false, '2026-03-04', '2026-03-04'],
      F: [6, 6, 6, 6, 0, 0, true, '2026-03-09', '2026-03-09'],
    };
    const tasksById = byId(body);
    for (const [name, row] of Object.entries(expected)) {
      const task = tasksById.get(id(name)) as ScheduledTaskDto;
      expect(Object.keys(task).sort(), name).toEqual(
        [
          'id',
          'earlyStart',
          'earlyFinish',
          'lateStart',
          'lateFinish',
          'totalFloat',
          'freeFloat',
          'isCritical',
          'startDate',
          'endDate',
        ].sort(),
      );
      expect(
        [
          task.earlyStart,
          task.earlyFinish,
          task.lateStart,
          task.lateFinish,
          task.totalFloat,
          task.freeFloat,
          task.isCritical,
          task.startDate,
          task.endDate,
        ],
        name,
      ).toEqual(row);
    }
    expect(body.criticalPath).toEqual(['A', 'C', 'B', 'D', 'F'].map(id));

    const stored = new Map((await storedTasks(t, project.id)).map((r) => [r.name, r]));
    for (const [name, row] of Object.entries(expected)) {
      const task = stored.get(name);
      expect([task?.start, task?.end, task?.isCritical], name).toEqual([row[7], row[8], row[6]]);
      expect(task?.startDate.toISOString(), name).toBe(`${row[7]}T00:00:00.000Z`);
    }
  });

  it('starts on the first working day and skips weekends and US federal holidays', async () => {
    // Saturday 2026-05-23; Monday 2026-05-25 is Memorial Day; July 4, 2026 is a Saturday, observed Friday July 3.
    const project = await createProject(t, owner, '2026-05-23');
    const ids = await seedTasks(t, project, [
      { name: 'Kickoff', duration: 0 },
      { name: 'Layout', duration: 2, after: [{ name: 'Kickoff' }] },
      { name: 'Long', duration: 28, after: [{ name: 'Layout' }] },
    ]);
    const body = json<ProjectScheduleDto>(await scheduleOf(owner, project.id));
    const tasksById = byId(body);
    expect(body.startDate).toBe('2026-05-26');
    const kickoff = tasksById.get(ids.get('Kickoff') as number);
    expect([kickoff?.startDate, kickoff?.endDate]).toEqual(['2026-05-26', '2026-05-26']);
    const layout = tasksById.get(ids.get('Layout') as number);
    expect([layout?.startDate, layout?.endDate]).toEqual(['2026-05-26', '2026-05-27']);
    // 28 working days from Thu May 28: June has 21 working days (Juneteenth, Fri June 19, is off),
    // May 28-29 are 2 more, so the 28th day is Wednesday July 8 once Friday July 3 is skipped.
    const long = tasksById.get(ids.get('Long') as number);
    expect([long?.startDate, long?.endDate]).toEqual(['2026-05-28', '2026-07-08']);
    expect(body.finishDate).toBe('2026-07-08');
    expect(body.durationDays).toBe(30);
  });

  it('moves the successors when a task’s duration changes (a reschedule inside the caller’s transaction)', async () => {
    const project = await createProject(t, owner, '2026-03-02');
    const ids = await seedTasks(t, project, [
      { name: 'Frame', duration: 3 },
      { name: 'Roof', duration: 2, after: [{ name: 'Frame' }] },
      { name: 'Paint', duration: 1, after: [{ name: 'Roof', type: 'SS', lagDays: 1 }] },
      { name: 'Permit', duration: 1 },
    ]);
    const first = json<ProjectScheduleDto>(await scheduleOf(owner, project.id));
    const frame = ids.get('Frame') as number;
    const roof = ids.get('Roof') as number;
    const paint = ids.get('Paint') as number;
    expect(byId(first).get(roof)?.startDate).toBe('2026-03-05');
    expect(byId(first).get(paint)?.startDate).toBe('2026-03-06');

    // What the tasks service does on an edit: change the task, then reschedule in the same transaction.
    const tenant = { companyId: project.companyId, userId: 'unused', role: 'owner' as const };
    const service = scheduleService(t.ctx);
    const second = await t.ctx.db.transaction(async (tx) => {
      await service.lockProject(tx, project.companyId, project.id);
      await tx.update(tasks).set({ duration: 5 }).where(eq(tasks.id, frame));
      return service.reschedule(tx, tenant, project.id);
    });
    expect(byId(second).get(roof)?.startDate).toBe('2026-03-09');
    expect(byId(second).get(paint)?.startDate).toBe('2026-03-10');
    expect(second.finishDate).toBe('2026-03-10');
    const stored = new Map((await storedTasks(t, project.id)).map((r) => [r.id, r]));
    expect([stored.get(frame)?.end, stored.get(roof)?.start, stored.get(paint)?.start]).toEqual([
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(stored.get(ids.get('Permit') as number)?.isCritical).toBe(false);
  });

  it('answers a cycle with 422 and its tasks, and writes nothing', async () => {
    const project = await createProject(t, owner, '2026-03-02');
    const ids = await seedTasks(t, project, [
      { name: 'Alone', duration: 2 },
      { name: 'Pour', duration: 1 },
      { name: 'Cure', duration: 1, after: [{ name: 'Pour' }] },
      { name: 'Strip', duration: 1, after: [{ name: 'Cure' }] },
    ]);
    const pour = ids.get('Pour') as number;
    const strip = ids.get('Strip') as number;
    await t.ctx.db
      .update(tasks)
      .set({ dependencies: JSON.stringify([{ taskId: strip, type: 'FS', lagDays: 0 }]) })
      .where(eq(tasks.id, pour));
    const before = await storedTasks(t, project.id);
    const res = await scheduleOf(owner, project.id);
    expect(res.statusCode).toBe(422);
    const body = json<{ message: string; code: string; cycle: number[] }>(res);
    expect(body.code).toBe('dependency_cycle');
    expect([...body.cycle].sort()).toEqual(['Pour', 'Cure', 'Strip'].map((n) => ids.get(n) as number).sort());
    expect(body.message).toMatch(/cycle/);
    expect(body.message).toContain('"Cure"');
    expect(await storedTasks(t, project.id)).toEqual(before);
  });

  it('answers malformed dependency text with 422 naming the task, and writes nothing', async () => {
    const project = await createProject(t, owner, '2026-03-02');
    const ids = await seedTasks(t, project, [
      { name: 'Fine', duration: 1 },
      { name: 'Garbled', duration: 1, dependencies: '[{"taskId": "x"}' },
    ]);
    const before = await storedTasks(t, project.id);
    const res = await scheduleOf(owner, project.id);
    expect(res.statusCode).toBe(422);
    const body = json<{ message: string; code: string; taskId: number }>(res);
    expect(body).toMatchObject({ code: 'invalid_dependencies', taskId: ids.get('Garbled') });
    expect(body.message).toContain('"Garbled"');
    expect(await storedTasks(t, project.id)).toEqual(before);
    await t.ctx.db
      .update(tasks)
      .set({ dependencies: '3, x' })
      .where(eq(tasks.id, ids.get('Garbled') as number));
    expect((await scheduleOf(owner, project.id)).statusCode).toBe(422);
  });

  it('ignores dependencies on tasks outside the project (another project, another company) and leaves those alone', async () => {
    const mine = await createProject(t, owner, '2026-03-02');
    const sibling = await createProject(t, owner, '2026-03-02', 'Sibling');
    const foreign = await createProject(t, other, '2026-03-02', 'Foreign');
    const siblingIds = await seedTasks(t, sibling, [{ name: 'Sibling task', duration: 20 }]);
    const foreignIds = await seedTasks(t, foreign, [{ name: 'Foreign task', duration: 30 }]);
    const siblingTask = siblingIds.get('Sibling task') as number;
    const foreignTask = foreignIds.get('Foreign task') as number;
    const ids = await seedTasks(t, mine, [
      {
        name: 'Linked out',
        duration: 2,
        dependencies: JSON.stringify([
          { taskId: siblingTask, type: 'FS', lagDays: 0 },
          { taskId: foreignTask, type: 'FS', lagDays: 0 },
        ]),
      },
      { name: 'Next', duration: 1, dependencies: String(foreignTask) },
    ]);
    const res = await scheduleOf(owner, mine.id);
    expect(res.statusCode).toBe(200);
    const body = json<ProjectScheduleDto>(res);
    expect(byId(body).get(ids.get('Linked out') as number)?.earlyStart).toBe(0);
    expect(byId(body).get(ids.get('Next') as number)?.earlyStart).toBe(0);
    expect(body.tasks.map((task) => task.id).sort()).toEqual([...ids.values()].sort());
    const untouched = [...(await storedTasks(t, sibling.id)), ...(await storedTasks(t, foreign.id))];
    expect(untouched.map((r) => [r.start, r.isCritical])).toEqual([
      ['2000-01-01', false],
      ['2000-01-01', false],
    ]);
  });

  it("answers another company's project exactly like a missing one (404) and writes nothing", async () => {
    const project = await createProject(t, owner, '2026-03-02');
    await seedTasks(t, project, [{ name: 'Mine', duration: 2 }]);
    const foreign = await scheduleOf(other, project.id);
    const missing = await scheduleOf(other, 99_999_999);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect((await storedTasks(t, project.id))[0]?.start).toBe('2000-01-01');
    expect((await t.agent().post(`/api/projects/${project.id}/schedule`)).statusCode).toBe(401);
    expect((await owner.post('/api/projects/abc/schedule')).statusCode).toBe(400);
  });

  it('adds the adverse-weather allowance of the company state to weather-sensitive trades only', async () => {
    const weather = t.agent();
    await weather.signUpWithCompany({ company: 'Rainy Builders' });
    const project = await createProject(t, weather, '2026-11-02');
    await t.ctx.db.update(companies).set({ state: 'WA' }).where(eq(companies.id, project.companyId));
    const ids = await seedTasks(t, project, [
      { name: 'Pour foundation', duration: 10, phase: 'Concrete' },
      { name: 'Drywall', duration: 10, phase: 'Interior' },
    ]);
    const body = json<ProjectScheduleDto>(await scheduleOf(weather, project.id));
    const allowance = weatherAllowanceDays('Concrete', 'WA', 11, 10);
    expect(allowance).toBeGreaterThan(0);
    const pour = byId(body).get(ids.get('Pour foundation') as number);
    const drywall = byId(body).get(ids.get('Drywall') as number);
    expect((pour?.earlyFinish ?? 0) - (pour?.earlyStart ?? 0)).toBe(10 + allowance);
    expect((drywall?.earlyFinish ?? 0) - (drywall?.earlyStart ?? 0)).toBe(10);
    // The same tasks in a company without a state get no allowance.
    const plain = await createProject(t, owner, '2026-11-02');
    const plainIds = await seedTasks(t, plain, [
      { name: 'Pour foundation', duration: 10, phase: 'Concrete' },
    ]);
    const plainBody = json<ProjectScheduleDto>(await scheduleOf(owner, plain.id));
    expect(byId(plainBody).get(plainIds.get('Pour foundation') as number)?.earlyFinish).toBe(10);
  });

  it('schedules a project without tasks: it starts and finishes on its first working day', async () => {
    const project = await createProject(t, owner, '2026-03-07');
    // Sent without any body, as a bare POST.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/schedule`,
      headers: { cookie: `sid=${owner.sessionCookie}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<ProjectScheduleDto>(res);
    expect(body).toEqual({
      projectId: project.id,
      startDate: '2026-03-09',
      finishDate: '2026-03-09',
      durationDays: 0,
      criticalPath: [],
      tasks: [],
    });
  });
});

describe('GET /api/projects/{id}/schedule', () => {
  it('answers what POST would, computed from the stored tasks, and writes nothing', async () => {
    const project = await createProject(t, owner, '2026-03-02');
    const ids = await seedTasks(t, project, [
      { name: 'A', duration: 3 },
      { name: 'B', duration: 2, after: [{ name: 'A', type: 'FS', lagDays: 1 }] },
      { name: 'C', duration: 1, after: [{ name: 'B', type: 'SS' }] },
    ]);
    const before = await storedTasks(t, project.id);
    const res = await owner.get(`/api/projects/${project.id}/schedule`);
    expect(res.statusCode).toBe(200);
    const computed = json<ProjectScheduleDto>(res);
    // A Mon 2–Wed 4; B a day after A: Fri 6–Mon 9; C with B.
    expect(computed).toMatchObject({
      projectId: project.id,
      startDate: '2026-03-02',
      finishDate: '2026-03-09',
    });
    expect(byId(computed).get(ids.get('B') ?? 0)).toMatchObject({
      startDate: '2026-03-06',
      endDate: '2026-03-09',
    });
    expect(byId(computed).get(ids.get('C') ?? 0)).toMatchObject({
      startDate: '2026-03-06',
      endDate: '2026-03-06',
    });
    // Nothing written: the seeded placeholder dates and flags are still there.
    expect(await storedTasks(t, project.id)).toEqual(before);
    expect(before.every((r) => r.start === '2000-01-01')).toBe(true);
    // The same answer as POST, which then writes it.
    const posted = json<ProjectScheduleDto>(await scheduleOf(owner, project.id));
    expect(posted).toEqual(computed);
    expect((await storedTasks(t, project.id)).map((r) => [r.start, r.end])).toEqual(
      computed.tasks.map((task) => [task.startDate, task.endDate]),
    );
  });

  it('answers a cycle with 422 and its tasks', async () => {
    const project = await createProject(t, owner, '2026-03-02');
    const ids = await seedTasks(t, project, [
      { name: 'A', duration: 1 },
      { name: 'B', duration: 1, after: [{ name: 'A' }] },
    ]);
    const a = ids.get('A') ?? 0;
    const b = ids.get('B') ?? 0;
    await t.ctx.db
      .update(tasks)
      .set({ dependencies: JSON.stringify([{ taskId: b, type: 'FS', lagDays: 0 }]) })
      .where(eq(tasks.id, a));
    const res = await owner.get(`/api/projects/${project.id}/schedule`);
    expect(res.statusCode).toBe(422);
    expect(json<{ code: string; cycle: number[] }>(res)).toMatchObject({ code: 'dependency_cycle' });
    expect([...json<{ cycle: number[] }>(res).cycle].sort()).toEqual([a, b].sort());
  });

  it("answers another company's project exactly like a missing one (404)", async () => {
    const project = await createProject(t, owner, '2026-03-02');
    await seedTasks(t, project, [{ name: 'A', duration: 1 }]);
    const foreign = await other.get(`/api/projects/${project.id}/schedule`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(await other.get('/api/projects/99999999/schedule')));
    expect((await owner.get(`/api/projects/${project.id}/schedule`)).statusCode).toBe(200);
  });
});
