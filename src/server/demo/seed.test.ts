import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectScheduleDto } from '../../contracts/schedule.js';
import type { TaskDto } from '../../contracts/tasks.js';
import { materialsPending, materialsStartProblem, parseMaterialsStatus } from '../../domain/tasks/index.js';
import { createTestApp, json, type TestApp } from '../testing/harness.js';
import { DEMO_LOGIN, seedDemo } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('creates a company the demo login can use, once', async () => {
    expect(await seedDemo(t.ctx.db)).toBe(true);
    expect(await seedDemo(t.ctx.db)).toBe(false);
    const agent = t.agent();
    const signin = await agent.post('/api/auth/signin', DEMO_LOGIN);
    expect(signin.statusCode).toBe(200);
    expect(json<{ company: { subscriptionStatus: string } }>(signin).company.subscriptionStatus).toBe(
      'active',
    );
    const list = json<{ name: string }[]>(await agent.get('/api/projects'));
    expect(list).toHaveLength(3);
  });

  it('seeds tasks the app would accept: started ones have their materials, dates are the schedule', async () => {
    const agent = t.agent();
    await agent.post('/api/auth/signin', DEMO_LOGIN);
    const projects = json<{ id: number; name: string }[]>(await agent.get('/api/projects'));
    let waiting = 0;
    for (const project of projects) {
      const list = json<TaskDto[]>(await agent.get(`/api/projects/${project.id}/tasks`));
      for (const task of list) {
        const materials = parseMaterialsStatus(task.materialsStatus);
        if (!materials.ok) throw new Error(`task ${task.name}: ${materials.error}`);
        const state = {
          status: task.status,
          progress: task.progress,
          materials: materials.value,
          materialsExpectedDate: task.materialsExpectedDate,
        };
        expect(materialsStartProblem(state), `${project.name}: ${task.name}`).toBeNull();
        if (materialsPending(materials.value, task.materialsExpectedDate)) waiting++;
      }
      // The stored dates are what the schedule computes (the timeline and the Gantt agree).
      const schedule = json<ProjectScheduleDto>(await agent.get(`/api/projects/${project.id}/schedule`));
      const byId = new Map(list.map((task) => [task.id, task]));
      for (const planned of schedule.tasks) {
        const task = byId.get(planned.id);
        expect([task?.startDate.slice(0, 10), task?.endDate.slice(0, 10), task?.isCritical]).toEqual([
          planned.startDate,
          planned.endDate,
          planned.isCritical,
        ]);
      }
    }
    // Two tasks wait for materials with an expected delivery (the cabinets, the ceiling grid).
    expect(waiting).toBe(2);
  });
});
