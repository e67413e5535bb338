/**
 * The delays API: recording a delay re-schedules the project (a critical task moves the finish by
 * the delay, one with enough float does not), later re-schedules keep it, weather delays stop the
 * weather-sensitive work on those days, each invalid field is a 400 that changes nothing, another
 * company's ids are 404, the CSV report quotes and defuses what users typed, and removing a delay
 * restores the dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DelayListDto, RecordedDelayDto, RemovedDelayDto } from '../../../contracts/delays.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
let job: number;
let otherJob: number;
let theirJob: number;
let theirTask: number;
const ids: Record<string, number> = {};

async function create(agent: Agent, path: string, body: Record<string, unknown>) {
  const res = await agent.post(path, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return json<{ id: number }>(res);
}

const project = (name: string) => ({
  name,
  client: 'R. Chen',
  budget: '80000',
  startDate: '2026-03-02',
  endDate: '2026-09-30',
});
const after = (id: number) => JSON.stringify([{ taskId: id, type: 'FS', lagDays: 0 }]);
const day = (iso: string) => iso.slice(0, 10);

async function taskDates(name: string) {
  const task = json<{ startDate: string; endDate: string }>(await owner.get(`/api/tasks/${ids[name]}`));
  return [day(task.startDate), day(task.endDate)];
}
async function delays(projectId = job) {
  return json<DelayListDto>(await owner.get(`/api/projects/${projectId}/delays`)).delays;
}
const record = (body: Record<string, unknown>, agent = owner, projectId = job) =>
  agent.post(`/api/projects/${projectId}/delays`, body);

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co', firstName: 'Dana', lastName: 'Builder' });
  await other.signUpWithCompany({ company: 'Second Co' });
  // Monday 2 March 2026: Excavation (5 d) → Foundations (5 d) → Framing (5 d), the critical path to
  // Friday 20 March; Permits (3 d) beside it with 12 working days of float.
  job = (await create(owner, '/api/projects', project('Job'))).id;
  ids.Excavation = (
    await create(owner, '/api/tasks', { name: 'Excavation', projectId: job, duration: 5 })
  ).id;
  ids.Foundations = (
    await create(owner, '/api/tasks', {
      name: 'Foundations',
      projectId: job,
      duration: 5,
      dependencies: after(ids.Excavation),
    })
  ).id;
  ids.Framing = (
    await create(owner, '/api/tasks', {
      name: 'Interior walls, "level 1"',
      projectId: job,
      duration: 5,
      dependencies: after(ids.Foundations),
    })
  ).id;
  ids.Permits = (await create(owner, '/api/tasks', { name: 'Permits', projectId: job, duration: 3 })).id;
  await owner.post(`/api/projects/${job}/schedule`, {});
  otherJob = (await create(owner, '/api/projects', project('Other job'))).id;
  ids.OtherJobTask = (
    await create(owner, '/api/tasks', { name: 'Elsewhere', projectId: otherJob, duration: 2 })
  ).id;
  theirJob = (await create(other, '/api/projects', project('Theirs'))).id;
  theirTask = (await create(other, '/api/tasks', { name: 'Their task', projectId: theirJob, duration: 4 }))
    .id;
});

afterAll(async () => {
  await t?.close();
});

describe('recording delays', () => {
  it('moves the finish by the delay on a critical task, and later re-schedules keep it', async () => {
    expect(await taskDates('Framing')).toEqual(['2026-03-16', '2026-03-20']);
    const res = await record({
      taskId: ids.Foundations,
      cause: 'owner',
      days: 3,
      date: '2026-03-09',
      note: 'Change order 4',
    });
    expect(res.statusCode).toBe(201);
    const body = json<RecordedDelayDto>(res);
    expect(body).toMatchObject({ finishBefore: '2026-03-20', finishAfter: '2026-03-25', finishMovedDays: 3 });
    expect(body.delay).toMatchObject({
      taskId: ids.Foundations,
      taskName: 'Foundations',
      cause: 'owner',
      days: 3,
      date: '2026-03-09',
      note: 'Change order 4',
      wasCritical: true,
      finishMovedDays: 3,
      recordedBy: 'Dana Builder',
    });
    expect(await taskDates('Foundations')).toEqual(['2026-03-09', '2026-03-18']);
    expect(await taskDates('Framing')).toEqual(['2026-03-19', '2026-03-25']);
    const again = json<{ finishDate: string }>(await owner.post(`/api/projects/${job}/schedule`, {}));
    expect(again.finishDate).toBe('2026-03-25');
  });

  it('does not move the finish for a delay within the float of a task', async () => {
    const res = await record({ taskId: ids.Permits, cause: 'inspection', days: 2, date: '2026-03-04' });
    expect(res.statusCode).toBe(201);
    expect(json<RecordedDelayDto>(res)).toMatchObject({
      finishBefore: '2026-03-25',
      finishAfter: '2026-03-25',
      finishMovedDays: 0,
      delay: { wasCritical: false, note: '' },
    });
    expect(await taskDates('Permits')).toEqual(['2026-03-02', '2026-03-06']);
  });

  it('stops weather-sensitive work spanning the weather days, not the rest', async () => {
    // Rain Thursday 12 and Friday 13 March, recorded on Permits: Foundations (concrete, 9–18 March)
    // loses both days; the interior walls (not weather-sensitive) only follow it.
    const res = await record({ taskId: ids.Permits, cause: 'weather', days: 2, date: '2026-03-12' });
    expect(json<RecordedDelayDto>(res)).toMatchObject({ finishAfter: '2026-03-27', finishMovedDays: 2 });
    expect(await taskDates('Foundations')).toEqual(['2026-03-09', '2026-03-20']);
    expect(await taskDates('Framing')).toEqual(['2026-03-23', '2026-03-27']);
    expect(await taskDates('Excavation')).toEqual(['2026-03-02', '2026-03-06']);
  });

  it('lists the project delays by date', async () => {
    const list = json<DelayListDto>(await owner.get(`/api/projects/${job}/delays`));
    expect(list.projectName).toBe('Job');
    expect(list.delays.map((d) => [d.date, d.cause, d.finishMovedDays])).toEqual([
      ['2026-03-04', 'inspection', 0],
      ['2026-03-09', 'owner', 3],
      ['2026-03-12', 'weather', 2],
    ]);
  });
});

describe('refusals', () => {
  const valid = () => ({ taskId: ids.Foundations, cause: 'material', days: 2, date: '2026-03-10' });
  it.each([
    ['no task', { taskId: undefined }, 'taskId'],
    ['a task id that is text', { taskId: 'abc' }, 'taskId'],
    ['an unknown cause', { cause: 'aliens' }, 'cause'],
    ['zero days', { days: 0 }, 'days'],
    ['366 days', { days: 366 }, 'days'],
    ['half a day', { days: 1.5 }, 'days'],
    ['days as text', { days: '2' }, 'days'],
    ['no date', { date: undefined }, 'date'],
    ['an impossible date', { date: '2026-02-30' }, 'date'],
    ['a timestamp', { date: '2026-03-10T08:00:00Z' }, 'date'],
    ['a note too long', { note: 'x'.repeat(2001) }, 'note'],
  ])('answers 400 for %s and records nothing', async (_, change, field) => {
    const count = (await delays()).length;
    const res = await record({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ errors?: Record<string, string> }>(res).errors ?? {})).toContain(field);
    expect(await delays()).toHaveLength(count);
  });

  it('answers 404 for another company project or task, or a task of another project', async () => {
    const count = (await delays()).length;
    expect((await record({ ...valid(), taskId: theirTask })).statusCode).toBe(404);
    expect((await record({ ...valid(), taskId: ids.OtherJobTask })).statusCode).toBe(404);
    expect((await record({ ...valid(), taskId: 999_999 })).statusCode).toBe(404);
    expect((await record({ ...valid(), taskId: theirTask }, owner, theirJob)).statusCode).toBe(404);
    expect((await record(valid(), other)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${job}/delays`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${job}/delays.csv`)).statusCode).toBe(404);
    const first = (await delays())[0];
    expect((await other.delete(`/api/projects/${job}/delays/${first?.id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/projects/${theirJob}/delays/${first?.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/projects/${otherJob}/delays/${first?.id}`)).statusCode).toBe(404);
    expect(await delays()).toHaveLength(count);
    expect(await taskDates('Framing')).toEqual(['2026-03-23', '2026-03-27']);
  });
});

describe('the CSV report', () => {
  it('has the columns, quotes commas and quotes, and defuses formulas', async () => {
    await record({
      taskId: ids.Framing,
      cause: 'labor',
      days: 1,
      date: '2026-03-24',
      note: '=HYPERLINK("http://x") crew short, "two" men',
    });
    const res = await owner.get(`/api/projects/${job}/delays.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Job delays.csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'date,task,cause,days,was critical,finish before,finish after,finish moved (working days),note,recorded by',
    );
    expect(lines[1]).toBe('2026-03-04,Permits,Inspection,2,no,2026-03-25,2026-03-25,0,,Dana Builder');
    expect(lines[2]).toBe(
      '2026-03-09,Foundations,Owner / change,3,yes,2026-03-20,2026-03-25,3,Change order 4,Dana Builder',
    );
    expect(lines[4]).toBe(
      '2026-03-24,"Interior walls, ""level 1""",Labor,1,yes,2026-03-27,2026-03-30,1,' +
        '"\'=HYPERLINK(""http://x"") crew short, ""two"" men",Dana Builder',
    );
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('');
  });
});

describe('removing a delay', () => {
  it('re-schedules without it and answers the movement', async () => {
    const owners = (await delays()).find((d) => d.cause === 'owner');
    const res = await owner.delete(`/api/projects/${job}/delays/${owners?.id}`);
    expect(res.statusCode).toBe(200);
    expect(json<RemovedDelayDto>(res)).toMatchObject({
      finishBefore: '2026-03-30',
      finishAfter: '2026-03-25',
      finishMovedDays: -3,
    });
    expect((await delays()).map((d) => d.cause)).toEqual(['inspection', 'weather', 'labor']);
    expect((await owner.delete(`/api/projects/${job}/delays/${owners?.id}`)).statusCode).toBe(404);
  });

  it('restores the plan once every delay is gone', async () => {
    for (const delay of await delays()) {
      expect((await owner.delete(`/api/projects/${job}/delays/${delay.id}`)).statusCode).toBe(200);
    }
    expect(await taskDates('Foundations')).toEqual(['2026-03-09', '2026-03-13']);
    expect(await taskDates('Framing')).toEqual(['2026-03-16', '2026-03-20']);
    expect(await taskDates('Permits')).toEqual(['2026-03-02', '2026-03-04']);
  });
});
