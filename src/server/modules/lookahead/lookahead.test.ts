/**
 * The look-ahead API: the window's edges, weeks validation, the data date against today, floats
 * from the computed schedule, materials, finished work left out, another company's ids, and the
 * company-wide list of projects under way.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyLookaheadDto, ProjectLookaheadDto } from '../../../contracts/lookahead.js';
import { projects } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

/** Monday 6 April 2026, midday: three weeks from it run to Sunday 26 April. */
const NOW = new Date('2026-04-06T12:00:00Z');

let t: TestApp;
let owner: Agent;
let other: Agent;
let edges: number;
let network: number;
let paused: number;
let theirs: number;

const project = (name: string, startDate = '2026-03-02') => ({
  name,
  client: 'R. Chen',
  budget: '80000',
  startDate,
  endDate: '2026-09-30',
});

async function create<T = { id: number }>(agent: Agent, path: string, body: Record<string, unknown>) {
  const res = await agent.post(path, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
}

/**
 * Tasks around the window of project "Edges": without links or start constraints (an expected
 * delivery is one) the project is never scheduled, so they keep these dates.
 */
const EDGE_TASKS: [name: string, start: string, end: string, extra?: Record<string, unknown>][] = [
  ['endsDayBefore', '2026-03-30', '2026-04-05'],
  ['endsOnFrom', '2026-04-01', '2026-04-06'],
  ['startsOnLastDay', '2026-04-26', '2026-04-28'],
  ['startsDayAfter', '2026-04-27', '2026-04-29'],
  ['finishedInside', '2026-04-07', '2026-04-08', { status: 'completed', progress: 100 }],
  [
    'waitsForSteel',
    '2026-04-13',
    '2026-04-17',
    { materialsStatus: JSON.stringify({ needed: true, approved: true }) },
  ],
  ['steelOnSite', '2026-04-14', '2026-04-15', { materialsStatus: JSON.stringify({ notApplicable: true }) }],
];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co', firstName: 'Dana', lastName: 'Builder' });
  await other.signUpWithCompany({ company: 'Second Co' });
  const me = json<{ id: string }>(await owner.get('/api/auth/user'));
  edges = (await create(owner, '/api/projects', project('Edges'))).id;
  for (const [name, startDate, endDate, extra] of EDGE_TASKS) {
    await create(owner, '/api/tasks', { name, projectId: edges, startDate, endDate, ...extra });
  }
  await create(owner, '/api/tasks', {
    name: 'assigned',
    projectId: edges,
    startDate: '2026-04-08',
    endDate: '2026-04-09',
    phase: 'Electrical',
    assignedTo: me.id,
  });

  // Footings (5 days) → Framing (4 days), and a free two-day Survey, from Monday 6 April.
  network = (await create(owner, '/api/projects', project('Network', '2026-04-06'))).id;
  const footings = await create(owner, '/api/tasks', { name: 'Footings', projectId: network, duration: 5 });
  await create(owner, '/api/tasks', {
    name: 'Framing',
    projectId: network,
    duration: 4,
    dependencies: JSON.stringify([{ taskId: footings.id, type: 'FS', lagDays: 0 }]),
  });
  await create(owner, '/api/tasks', { name: 'Survey', projectId: network, duration: 2 });
  await create(owner, '/api/tasks', {
    name: 'Rebar',
    projectId: network,
    duration: 1,
    materialsStatus: JSON.stringify({ needed: true }),
    materialsExpectedDate: '2026-04-08',
  });
  await create(owner, `/api/projects/${network}/schedule`, {});

  paused = (await create(owner, '/api/projects', project('Paused'))).id;
  await create(owner, '/api/tasks', {
    name: 'pausedWork',
    projectId: paused,
    startDate: '2026-04-07',
    endDate: '2026-04-08',
  });
  const put = await owner.put(`/api/projects/${paused}`, { status: 'on-hold' });
  expect(put.statusCode, put.body).toBe(200);

  theirs = (await create(other, '/api/projects', project('Theirs'))).id;
  await create(other, '/api/tasks', {
    name: 'notYours',
    projectId: theirs,
    startDate: '2026-04-07',
    endDate: '2026-04-08',
  });
});
afterAll(async () => {
  await t.close();
});

async function lookahead(agent: Agent, projectId: number, query = '') {
  const res = await agent.get(`/api/projects/${projectId}/lookahead${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<ProjectLookaheadDto>(res);
}

const names = (body: { tasks: { name: string }[] }) => body.tasks.map((task) => task.name);

/** Sets the project's data date as the progress update would (the column itself). */
async function setDataDate(projectId: number, dataDate: string | null) {
  await t.ctx.db.update(projects).set({ dataDate }).where(eq(projects.id, projectId));
}

describe('a project look-ahead', () => {
  it('spans three weeks from today when the project has no data date', async () => {
    const body = await lookahead(owner, edges);
    expect(body).toMatchObject({
      projectId: edges,
      projectName: 'Edges',
      dataDate: null,
      from: '2026-04-06',
      to: '2026-04-26',
      weeks: 3,
      scheduleError: null,
    });
  });

  it('holds a task ending on the first day and one starting on the last, not the days around', async () => {
    const listed = names(await lookahead(owner, edges, '?weeks=3'));
    expect(listed).toContain('endsOnFrom');
    expect(listed).toContain('startsOnLastDay');
    expect(listed).not.toContain('endsDayBefore');
    expect(listed).not.toContain('startsDayAfter');
  });

  it('leaves out finished work, even inside the window', async () => {
    expect(names(await lookahead(owner, edges))).toEqual([
      'endsOnFrom',
      'assigned',
      'waitsForSteel',
      'steelOnSite',
      'startsOnLastDay',
    ]);
  });

  it('names the assignee and the trade, and says where the materials stand', async () => {
    const { tasks } = await lookahead(owner, edges);
    const byName = new Map(tasks.map((task) => [task.name, task]));
    expect(byName.get('assigned')).toMatchObject({
      phase: 'Electrical',
      assigneeName: 'Dana Builder',
      assigneeKind: 'member',
      startDate: '2026-04-08',
      endDate: '2026-04-09',
      status: 'not-started',
      progress: 0,
      materials: 'not-tracked',
    });
    expect(byName.get('waitsForSteel')).toMatchObject({ materials: 'pending', materialsStep: 'approved' });
    expect(byName.get('steelOnSite')).toMatchObject({ materials: 'not-applicable', materialsStep: null });
  });

  it('starts at the data date when the project has one, not today', async () => {
    await setDataDate(edges, '2026-04-13');
    try {
      const body = await lookahead(owner, edges, '?weeks=1');
      expect(body).toMatchObject({ dataDate: '2026-04-13', from: '2026-04-13', to: '2026-04-19', weeks: 1 });
      expect(names(body)).toEqual(['waitsForSteel', 'steelOnSite']);
    } finally {
      await setDataDate(edges, null);
    }
  });

  it('gives each task its total float and critical flag from the computed schedule', async () => {
    const body = await lookahead(owner, network, '?weeks=1');
    const byName = new Map(body.tasks.map((task) => [task.name, task]));
    // Framing starts Monday 13 April, after the one-week window.
    expect([...byName.keys()].sort()).toEqual(['Footings', 'Rebar', 'Survey']);
    expect(byName.get('Footings')).toMatchObject({ totalFloat: 0, isCritical: true, endDate: '2026-04-10' });
    expect(byName.get('Survey')).toMatchObject({ totalFloat: 7, isCritical: false, endDate: '2026-04-07' });
    // Held to its expected delivery, Wednesday 8 April.
    expect(byName.get('Rebar')).toMatchObject({
      startDate: '2026-04-08',
      totalFloat: 6,
      materials: 'pending',
      materialsStep: 'needed',
      materialsExpectedDate: '2026-04-08',
    });
    const twoWeeks = await lookahead(owner, network, '?weeks=2');
    expect(twoWeeks.tasks.find((task) => task.name === 'Framing')).toMatchObject({
      totalFloat: 0,
      isCritical: true,
      startDate: '2026-04-13',
    });
  });

  it('carries the project’s working calendar, the one its schedule is made on (null = the default)', async () => {
    expect((await lookahead(owner, network)).calendar).toBeNull();
    const sixDays = {
      workDays: [1, 2, 3, 4, 5, 6],
      hoursPerDay: 10,
      nonWorkingDates: ['2026-04-10'],
      workingDates: [],
      usFederalHolidays: false,
      name: 'Six-day week',
    };
    await t.ctx.db.update(projects).set({ calendar: sixDays }).where(eq(projects.id, edges));
    try {
      expect((await lookahead(owner, edges)).calendar).toEqual(sixDays);
      const company = json<CompanyLookaheadDto>(await owner.get('/api/lookahead'));
      const byId = new Map(company.projects.map((p) => [p.id, p.calendar]));
      expect(byId.get(edges)).toEqual(sixDays);
      expect(byId.get(network)).toBeNull();
    } finally {
      await t.ctx.db.update(projects).set({ calendar: null }).where(eq(projects.id, edges));
    }
  });

  it('refuses weeks outside 1–6 or not a whole number, with 400', async () => {
    for (const weeks of ['0', '7', 'abc', '2.5', '-1', '', '03', '1e0']) {
      const res = await owner.get(`/api/projects/${edges}/lookahead?weeks=${weeks}`);
      expect(res.statusCode, `weeks=${weeks}`).toBe(400);
      const company = await owner.get(`/api/lookahead?weeks=${weeks}`);
      expect(company.statusCode, `company weeks=${weeks}`).toBe(400);
    }
    for (const weeks of [1, 6]) expect((await lookahead(owner, edges, `?weeks=${weeks}`)).weeks).toBe(weeks);
  });

  it("answers 404 for another company's project or an unknown one, 400 for a bad id", async () => {
    expect((await owner.get(`/api/projects/${theirs}/lookahead`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${edges}/lookahead`)).statusCode).toBe(404);
    expect((await owner.get('/api/projects/2147483647/lookahead')).statusCode).toBe(404);
    expect((await owner.get('/api/projects/abc/lookahead')).statusCode).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const stranger = t.agent();
    expect((await stranger.get(`/api/projects/${edges}/lookahead`)).statusCode).toBe(401);
    expect((await stranger.get('/api/lookahead')).statusCode).toBe(401);
  });
});

describe('the company look-ahead', () => {
  it("lists the work of the company's projects under way, from today, with project names", async () => {
    const res = await owner.get('/api/lookahead?weeks=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = json<CompanyLookaheadDto>(res);
    expect(body).toMatchObject({ from: '2026-04-06', to: '2026-04-12', weeks: 1 });
    expect(body.projects.map((p) => p.name).sort()).toEqual(['Edges', 'Network']);
    expect(names(body).sort()).toEqual(['Footings', 'Rebar', 'Survey', 'assigned', 'endsOnFrom'].sort());
    const survey = body.tasks.find((task) => task.name === 'Survey');
    expect(survey).toMatchObject({ projectId: network, projectName: 'Network', totalFloat: 7 });
    // Timeline order across projects: by start date.
    const starts = body.tasks.map((task) => task.startDate);
    expect(starts).toEqual([...starts].sort());
  });

  it("holds only the caller's company's tasks", async () => {
    const body = json<CompanyLookaheadDto>(await other.get('/api/lookahead'));
    expect(body.projects).toEqual([{ id: theirs, name: 'Theirs', calendar: null }]);
    expect(names(body)).toEqual(['notYours']);
    expect(body.weeks).toBe(3);
  });
});
