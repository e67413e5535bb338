/**
 * GET /api/tasks as the schedule reads it: a period's tasks (edges included, spanning tasks too),
 * one project's, with the project's name and the assignee; bad input and another company's ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskListItemDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
const ids: Record<string, number> = {};
let p1: number;
let p2: number;
let theirs: number;

const project = (name: string) => ({
  name,
  client: 'R. Chen',
  budget: '80000',
  startDate: '2026-03-01',
  endDate: '2026-09-30',
});

/** The week of Sunday 5 April 2026 to Saturday 11 April 2026, and tasks around it. */
const WEEK = 'from=2026-04-05&to=2026-04-11';
const TASKS: [key: string, projectKey: 'p1' | 'p2', start: string, end: string][] = [
  ['endsOnFrom', 'p1', '2026-03-20', '2026-04-05'],
  ['startsOnTo', 'p1', '2026-04-11', '2026-04-20'],
  ['spans', 'p1', '2026-03-01', '2026-05-01'],
  ['inside', 'p1', '2026-04-07', '2026-04-08'],
  ['dayBefore', 'p1', '2026-03-01', '2026-04-04'],
  ['dayAfter', 'p1', '2026-04-12', '2026-04-13'],
  // Stored with a time of day: still on their calendar day.
  ['lateOnTheDayBefore', 'p1', '2026-04-01T08:00:00Z', '2026-04-04T23:30:00Z'],
  ['lateOnTo', 'p1', '2026-04-11T23:30:00Z', '2026-04-12T10:00:00Z'],
  ['otherProject', 'p2', '2026-04-06', '2026-04-06'],
];

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co' });
  await other.signUpWithCompany({ company: 'Second Co' });
  p1 = json<{ id: number }>(await owner.post('/api/projects', project('Maple Street'))).id;
  p2 = json<{ id: number }>(await owner.post('/api/projects', project('Oak Avenue'))).id;
  theirs = json<{ id: number }>(await other.post('/api/projects', project('Theirs'))).id;
  for (const [key, projectKey, startDate, endDate] of TASKS) {
    const res = await owner.post('/api/tasks', {
      name: key,
      projectId: projectKey === 'p1' ? p1 : p2,
      startDate,
      endDate,
    });
    if (res.statusCode !== 201) throw new Error(`task ${key}: ${res.statusCode} ${res.body}`);
    ids[key] = json<{ id: number }>(res).id;
  }
  await other.post('/api/tasks', {
    name: 'Not yours',
    projectId: theirs,
    startDate: '2026-04-06',
    endDate: '2026-04-07',
  });
});
afterAll(async () => {
  await t.close();
});

async function names(agent: Agent, query: string): Promise<string[]> {
  const res = await agent.get(`/api/tasks?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<TaskListItemDto[]>(res).map((x) => x.name);
}

describe('a period', () => {
  it('holds the tasks on its days: ending on its first day, starting on its last, spanning it', async () => {
    expect(await names(owner, WEEK)).toEqual([
      'spans',
      'endsOnFrom',
      'otherProject',
      'inside',
      'startsOnTo',
      'lateOnTo',
    ]);
  });

  it('of one day, of one edge, or none', async () => {
    expect(await names(owner, 'from=2026-04-04&to=2026-04-04')).toEqual([
      'spans',
      'dayBefore',
      'endsOnFrom',
      'lateOnTheDayBefore',
    ]);
    expect(await names(owner, 'from=2026-04-12')).toEqual(['spans', 'startsOnTo', 'lateOnTo', 'dayAfter']);
    expect(await names(owner, 'to=2026-03-01')).toEqual(['spans', 'dayBefore']);
    expect((await names(owner, '')).sort()).toEqual(TASKS.map(([key]) => key).sort());
  });

  it('of one project', async () => {
    expect(await names(owner, `${WEEK}&projectId=${p2}`)).toEqual(['otherProject']);
    expect(await names(owner, `projectId=${p2}`)).toEqual(['otherProject']);
  });

  it('answers what the schedule shows of each task', async () => {
    const [item] = json<TaskListItemDto[]>(await owner.get(`/api/tasks?${WEEK}&projectId=${p2}`));
    expect(item).toEqual({
      id: ids.otherProject,
      projectId: p2,
      projectName: 'Oak Avenue',
      name: 'otherProject',
      phase: 'Planning',
      startDate: '2026-04-06T00:00:00.000Z',
      endDate: '2026-04-06T00:00:00.000Z',
      status: 'not-started',
      progress: 0,
      isCritical: false,
      assignedTo: null,
      assignedContactId: null,
      assigneeName: null,
      assigneeKind: null,
    });
  });
});

describe('bad input', () => {
  it.each([
    ['from=2026-02-30', { from: 'From is not a valid date' }],
    ['from=April', { from: 'From must be a date YYYY-MM-DD' }],
    ['to=2026-04-05T10:00:00Z', { to: 'To must be a date YYYY-MM-DD' }],
    ['from=1899-12-31', { from: 'From is not a valid date' }],
    ['from=2026-04-12&to=2026-04-05', { to: 'From must be on or before To' }],
    ['projectId=abc', { projectId: 'Invalid project id' }],
    ['projectId=0x10', { projectId: 'Invalid project id' }],
  ])('%s answers 400 %j', async (query, errors) => {
    const res = await owner.get(`/api/tasks?${query}`);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual(errors);
  });
});

describe('another company', () => {
  it("answers another company's project like a missing one, and never lists its tasks", async () => {
    const foreign = await owner.get(`/api/tasks?${WEEK}&projectId=${theirs}`);
    const missing = await owner.get(`/api/tasks?${WEEK}&projectId=999999`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect(await names(other, WEEK)).toEqual(['Not yours']);
    expect(await names(owner, WEEK)).not.toContain('Not yours');
  });

  it('refuses anonymous calls', async () => {
    expect((await t.agent().get(`/api/tasks?${WEEK}`)).statusCode).toBe(401);
  });
});
