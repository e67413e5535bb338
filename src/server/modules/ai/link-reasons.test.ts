/**
 * Why each link of a generated plan is there: the reason the sequence graph gives is stored on the
 * task's dependency, answered by the tasks API, kept or dropped by a user's edit, bounded, and left
 * out of the MS Project export (which still round-trips).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlanDto } from '../../../contracts/ai.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { parseDependencies } from '../../../domain/schedule/index.js';
import { companies } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { uploadSchedule } from '../schedule/schedule-test-support.js';
import { createProject, estimateText, generate, REMODEL_ITEMS } from './ai-test-support.js';

let t: TestApp;
let owner: Agent;
let plan: GeneratedPlanDto;
let projectId: number;

const linksOf = (task: TaskDto) => {
  const read = parseDependencies(task.dependencies);
  if (!read.ok) throw new Error(`unreadable dependencies of ${task.name}`);
  return read.value;
};
const byName = (name: RegExp) => {
  const task = plan.tasks.find((x) => name.test(x.name));
  if (!task) throw new Error(`no task ${name}`);
  return task;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Reasons Co' });
  projectId = await createProject(owner, { budget: 90_000 });
  const res = await generate(owner, { projectId, estimateContent: estimateText(REMODEL_ITEMS) });
  expect(res.statusCode, res.body).toBe(200);
  plan = json<GeneratedPlanDto>(res);
});
afterAll(async () => {
  await t.close();
});

describe('link reasons of a generated plan', () => {
  it('stores a reason a user can read on every link the plan made', () => {
    const links = plan.tasks.flatMap(linksOf);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      expect(link.reason?.length ?? 0).toBeGreaterThan(10);
      expect(link.reason?.length ?? 0).toBeLessThanOrEqual(300);
    }
    const template = byName(/^Template countertops$/);
    const countertops = linksOf(byName(/^Countertops$/));
    expect(countertops.find((l) => l.taskId === template.id)?.reason).toMatch(
      /^Countertops are fabricated from the template: \d+ working days$/,
    );
  });

  it('keeps a reason the user writes, trimmed, and refuses one too long without changing anything', async () => {
    const task = byName(/^Painting/);
    const before = linksOf(task);
    const edited = [
      ...before.slice(1),
      { ...before[0], reason: '  Owner asked for paint\n after the trim  ' },
    ];
    const ok = await owner.put(`/api/tasks/${task.id}`, { dependencies: JSON.stringify(edited) });
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = linksOf(json<TaskDto>(await owner.get(`/api/tasks/${task.id}`)));
    expect(saved.find((l) => l.taskId === before[0]?.taskId)?.reason).toBe(
      'Owner asked for paint after the trim',
    );

    const tooLong = [{ ...before[0], reason: 'x'.repeat(301) }];
    const refused = await owner.put(`/api/tasks/${task.id}`, { dependencies: JSON.stringify(tooLong) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/reason must be at most 300 characters/);
    expect(linksOf(json<TaskDto>(await owner.get(`/api/tasks/${task.id}`)))).toEqual(saved);
  });

  it('leaves reasons out of the MS Project export, which still imports to the same links', async () => {
    const exported = await owner.get(`/api/projects/${projectId}/export.xml`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toMatch(/fabricated from the template/);
    const res = await uploadSchedule(t, owner, exported.body, 'plan.xml');
    expect(res.statusCode, res.body).toBe(201);
    const imported = json<{ project: { id: number } }>(res).project.id;
    const count = async (id: number) => {
      const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${id}/tasks`));
      return tasks.reduce((n, task) => n + linksOf(task).length, 0);
    };
    expect(await count(imported)).toBe(await count(projectId));
  });
});

describe('general conditions on the dated schedule', () => {
  it('span the job from mobilization to the punch list even with the weather allowance, and are not critical', async () => {
    const winter = t.agent();
    await winter.signUpWithCompany({ company: 'Winter Framers' });
    await t.ctx.db.update(companies).set({ state: 'MN' }).where(eq(companies.name, 'Winter Framers'));
    const id = await createProject(winter, {
      budget: 200_000,
      startDate: '2026-10-05',
      endDate: '2027-06-30',
    });
    const text = [
      'Building permit  1  LS  2,000.00  2,000.00',
      'Project supervision and site office  5  MO  4,000.00  20,000.00',
      'Excavation  200  CY  20.00  4,000.00',
      'Concrete footings and walls  50  CY  300.00  15,000.00',
      'Framing  2,000  SF  20.00  40,000.00',
      'Asphalt shingle roofing  20  SQ  400.00  8,000.00',
      'Drywall  6,000  SF  2.00  12,000.00',
      'Painting  6,000  SF  1.50  9,000.00',
    ].join('\n');
    const res = await generate(winter, { projectId: id, estimateContent: text });
    expect(res.statusCode, res.body).toBe(200);
    const generated = json<GeneratedPlanDto>(res);
    const task = (name: RegExp) => {
      const found = generated.tasks.find((x) => name.test(x.name));
      if (!found) throw new Error(`no task ${name}`);
      return found;
    };
    const gc = task(/^General conditions$/);
    const punch = task(/^Punch list$/);
    const permits = task(/^Permits/);
    // The allowance lengthened the foundations and framing; the span followed.
    expect(gc.endDate.slice(0, 10)).toBe(punch.endDate.slice(0, 10));
    expect(gc.startDate.slice(0, 10) > permits.endDate.slice(0, 10)).toBe(true);
    const stored = json<TaskDto>(await winter.get(`/api/tasks/${gc.id}`));
    const schedule = json<{ tasks: { id: number; startDate: string }[] }>(
      await winter.get(`/api/projects/${id}/schedule`),
    );
    const firstWork = schedule.tasks.filter((x) => x.id !== permits.id && x.id !== gc.id);
    expect(firstWork.some((x) => x.startDate === stored.startDate.slice(0, 10))).toBe(true);
    expect(generated.criticalPath).not.toContain(gc.id);
    expect(
      linksOf(stored)
        .map((l) => l.type)
        .sort(),
    ).toEqual(['FF', 'FS']);
  });
});
