/**
 * A project's task list goes out without the response schema's pass (the list is hundreds of tasks)
 * and one task through it: every column's edge cases, stored as fixtures, must read the same on
 * both, and the remaining duration by the domain's one rule.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDto } from '../../../contracts/tasks.js';
import { tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Edge Case Builders' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/projects/{id}/tasks', () => {
  it('lists every kind of stored value as the task’s own answer shows it', async () => {
    const projectId = await owner.createProject({
      name: 'Edges',
      startDate: '2026-03-02',
      endDate: '2026-09-30',
    });
    const first = await owner.createTask(projectId, { name: 'Template', duration: 4 });
    const stored = (await t.ctx.db.select().from(tasks).where(eq(tasks.id, first.id)))[0];
    if (!stored) throw new Error('the task was not stored');
    const { id: _id, ...row } = stored;
    const variants = [
      { name: 'Quote "and" back\\slash, ünïcode ✓ \u2028', description: 'Line one\nline two\ttab' },
      { name: 'Half done', progress: 50, status: 'in-progress' as const, duration: 5 },
      { name: 'Given remaining', progress: 40, status: 'in-progress' as const, remainingDuration: 2 },
      { name: 'Finished', progress: 100, status: 'completed' as const, remainingDuration: 3 },
      { name: 'Milestone', duration: 0, isCritical: true },
      {
        name: 'Everything set',
        parentTaskId: first.id,
        dependencies: JSON.stringify([{ taskId: first.id, type: 'SS', lagDays: 2 }]),
        assigneeName: 'Sub Co',
        estimatedCost: '1234567890123.45',
        phase: 'Framing',
        materialsStatus: 'ordered',
        materialsNotes: 'Truck "B"',
        startNoEarlierThan: '2026-04-01',
        materialsExpectedDate: '2026-03-25',
        actualStart: '2026-03-03',
        position: 7,
      },
      {
        name: 'Sub-millisecond times',
        startDate: new Date('2026-01-31T23:59:59.999Z'),
        endDate: new Date('2026-02-02T00:00:00.001Z'),
        createdAt: new Date('2026-02-01T12:34:56.789Z'),
        createdBy: null,
        dependencies: null,
        estimatedCost: null,
      },
    ];
    await t.ctx.db.insert(tasks).values(variants.map((variant) => ({ ...row, ...variant })) as never);
    // Microseconds the API cannot show (it answers milliseconds).
    await t.ctx.db.execute(
      sql`update tasks set start_date = start_date + interval '0.000999 seconds' where name = 'Sub-millisecond times'`,
    );

    const res = await owner.get(`/api/projects/${projectId}/tasks`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = json<TaskDto[]>(res);
    expect(list).toHaveLength(variants.length + 1);
    for (const task of list) {
      expect(task).toEqual(json(await owner.get(`/api/tasks/${task.id}`)));
    }
    const byName = new Map(list.map((task) => [task.name, task]));
    expect(byName.get('Half done')?.remainingDuration).toBe(3);
    expect(byName.get('Given remaining')?.remainingDuration).toBe(2);
    expect(byName.get('Finished')?.remainingDuration).toBe(0);
    expect(byName.get('Everything set')?.estimatedCost).toBe('1234567890123.45');
    expect(byName.get('Sub-millisecond times')).toMatchObject({
      startDate: '2026-01-31T23:59:59.999Z',
      endDate: '2026-02-02T00:00:00.001Z',
      createdAt: '2026-02-01T12:34:56.789Z',
      createdBy: null,
    });
  });

  it('answers 404 for another company’s project or none, and an empty list for a project without tasks', async () => {
    const stranger = t.agent();
    await stranger.signUpWithCompany({ company: 'Elsewhere' });
    const theirs = await stranger.createProject({ name: 'Theirs' });
    expect((await owner.get(`/api/projects/${theirs}/tasks`)).statusCode).toBe(404);
    expect((await owner.get('/api/projects/999999/tasks')).statusCode).toBe(404);
    const empty = await owner.createProject({ name: 'Empty' });
    expect(json(await owner.get(`/api/projects/${empty}/tasks`))).toEqual([]);
  });
});
