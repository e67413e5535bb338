/**
 * Baselines in MS Project XML: the export writes the default (or chosen) baseline as each task's
 * baseline 0, and importing that file saves it as the new project's first baseline.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaselineDto, ProjectTaskDto } from '../../../contracts/baselines.js';
import type { ImportedScheduleDto } from '../../../contracts/schedule.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { uploadSchedule } from '../schedule/schedule-test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date('2026-06-15T12:00:00Z') });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Round Trip Builders' });
  await other.signUpWithCompany({ company: 'Outsiders' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

type XmlNode = Record<string, unknown>;
const parseXml = (xml: string) => new XMLParser({ parseTagValue: false }).parse(xml) as { Project: XmlNode };
const list = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]) as XmlNode[];
const fs = (id: number) => JSON.stringify([{ taskId: id, type: 'FS', lagDays: 0 }]);

async function post<T>(agent: Agent, url: string, body: Record<string, unknown>) {
  const res = await agent.post(url, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
}

/**
 * A project over the Independence Day holiday (Friday 3 July 2026): Survey → Frame → Handover (a
 * milestone) in a phase, baselined, then Frame held to start a week later.
 */
async function baselinedProject() {
  const project = await post<{ id: number }>(owner, '/api/projects', {
    name: 'Clinic',
    client: 'Client',
    budget: '1000',
    startDate: '2026-06-29',
    endDate: '2026-12-31',
  });
  const task = (body: Record<string, unknown>) =>
    post<TaskDto>(owner, '/api/tasks', { projectId: project.id, ...body });
  const survey = await task({ name: 'Survey', duration: 3, phase: 'Site' });
  const frame = await task({ name: 'Frame', duration: 4, phase: 'Site', dependencies: fs(survey.id) });
  const handover = await task({ name: 'Handover', duration: 0, dependencies: fs(frame.id) });
  expect((await owner.post(`/api/projects/${project.id}/schedule`)).statusCode).toBe(200);
  const baseline = await post<BaselineDto>(owner, `/api/projects/${project.id}/baselines`, {
    name: 'Contract',
  });
  const moved = await owner.put(`/api/tasks/${frame.id}`, { startNoEarlierThan: '2026-07-13' });
  expect(moved.statusCode).toBe(200);
  return { projectId: project.id, baseline, survey, frame, handover };
}

async function compared(projectId: number) {
  const res = await owner.get(`/api/projects/${projectId}/tasks?baseline=default`);
  expect(res.statusCode).toBe(200);
  return new Map(json<ProjectTaskDto[]>(res).map((task) => [task.name, task]));
}

describe('MS Project XML with a baseline', () => {
  it('exports the default baseline as each task’s Baseline 0, after its links, and none on summary tasks', async () => {
    const { projectId } = await baselinedProject();
    const res = await owner.get(`/api/projects/${projectId}/export.xml`);
    expect(res.statusCode).toBe(200);
    const tasks = list((parseXml(res.body).Project.Tasks as XmlNode).Task);
    const byName = new Map(tasks.map((x) => [x.Name, x]));
    // Survey Mon 29 June – Wed 1 July; Frame was Thu 2 – Wed 8 July (Friday 3 July is a holiday).
    expect(byName.get('Survey')?.Baseline).toEqual({
      Number: '0',
      Start: '2026-06-29T08:00:00',
      Finish: '2026-07-01T17:00:00',
      Duration: 'PT24H0M0S',
      DurationFormat: '7',
    });
    expect(byName.get('Frame')).toMatchObject({
      Start: '2026-07-13T08:00:00',
      Baseline: { Number: '0', Start: '2026-07-02T08:00:00', Finish: '2026-07-08T17:00:00' },
    });
    expect(byName.get('Handover')?.Baseline).toMatchObject({
      Start: '2026-07-08T17:00:00',
      Duration: 'PT0H0M0S',
    });
    expect(byName.get('Site')).not.toHaveProperty('Baseline');
    expect(byName.get('Clinic')).not.toHaveProperty('Baseline');
    // Schema order: the baseline is the task's last element, after its predecessor links.
    const frameXml =
      /<Task>(?:(?!<\/Task>)[\s\S])*<Name>Frame<\/Name>[\s\S]*?<\/Task>/.exec(res.body)?.[0] ?? '';
    expect(frameXml).toMatch(/<\/PredecessorLink>\s*<Baseline>[\s\S]*<\/Baseline>\s*<\/Task>$/);
  });

  it('imports the file’s baseline as the new project’s first baseline, with the same dates (round trip)', async () => {
    const { projectId } = await baselinedProject();
    const before = await compared(projectId);
    const xml = (await owner.get(`/api/projects/${projectId}/export.xml`)).body;

    const res = await uploadSchedule(t, owner, xml, 'clinic.xml');
    expect(res.statusCode).toBe(201);
    const imported = json<ImportedScheduleDto>(res).project.id;
    const baselines = json<BaselineDto[]>(await owner.get(`/api/projects/${imported}/baselines`));
    expect(baselines).toEqual([
      expect.objectContaining({ name: 'Imported baseline', isDefault: true, taskCount: 3 }),
    ]);
    const after = await compared(imported);
    for (const name of ['Survey', 'Frame', 'Handover']) {
      const [was, now] = [before.get(name), after.get(name)];
      expect(now, name).toMatchObject({
        baselineStart: was?.baselineStart,
        baselineFinish: was?.baselineFinish,
        finishVarianceDays: was?.finishVarianceDays,
      });
    }
    // Frame moved from finishing Wed 8 July to Thu 16 July: six working days late.
    expect(after.get('Frame')?.finishVarianceDays).toBe(6);
  });

  it('exports a chosen baseline, none without one, and 404 for a baseline that is not the project’s', async () => {
    const { projectId, baseline } = await baselinedProject();
    const later = await post<BaselineDto>(owner, `/api/projects/${projectId}/baselines`, {
      name: 'After move',
    });
    const chosen = await owner.get(`/api/projects/${projectId}/export.xml?baseline=${later.id}`);
    const frame = list((parseXml(chosen.body).Project.Tasks as XmlNode).Task).find((x) => x.Name === 'Frame');
    expect(frame?.Baseline).toMatchObject({ Start: '2026-07-13T08:00:00' });

    const bare = await post<{ id: number }>(owner, '/api/projects', {
      name: 'Bare',
      client: 'Client',
      budget: '1',
      startDate: '2026-06-29',
      endDate: '2026-12-31',
    });
    await post<TaskDto>(owner, '/api/tasks', { projectId: bare.id, name: 'Only task', duration: 2 });
    const none = await owner.get(`/api/projects/${bare.id}/export.xml`);
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('<Baseline>');
    // An imported file without baselines makes a project without baselines.
    const reimported = json<ImportedScheduleDto>(await uploadSchedule(t, owner, none.body, 'bare.xml'));
    expect(json<BaselineDto[]>(await owner.get(`/api/projects/${reimported.project.id}/baselines`))).toEqual(
      [],
    );

    expect((await owner.get(`/api/projects/${bare.id}/export.xml?baseline=${baseline.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await other.get(`/api/projects/${projectId}/export.xml?baseline=${baseline.id}`)).statusCode,
    ).toBe(404);
    expect((await owner.get(`/api/projects/${projectId}/export.xml?baseline=nope`)).statusCode).toBe(400);
  });
});
