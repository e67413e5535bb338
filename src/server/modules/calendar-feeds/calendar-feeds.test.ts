/**
 * Calendar feeds: turned on, read by a calendar app without a session (valid iCalendar that a
 * maintained parser reads), given a new address, turned off; per project; other companies' ids.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedDto, IssuedCalendarFeedDto } from '../../../contracts/calendar-feeds.js';
import { calendarFeeds, companies, users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let colleague: Agent;
let other: Agent;
let companyId: number;
let maple: number;
let oak: number;
let theirs: number;
const taskIds: number[] = [];

const project = (name: string) => ({
  name,
  client: 'R. Chen',
  budget: '80000',
  startDate: '2026-04-01',
  endDate: '2026-09-30',
});

/** What a calendar app does: a plain GET of the address, with no cookie. */
const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

async function issue(agent: Agent, body: Record<string, unknown> = {}) {
  const res = await agent.post('/api/calendar-feeds', body);
  expect(res.statusCode, res.body).toBe(201);
  return json<IssuedCalendarFeedDto>(res);
}

function events(res: LightMyRequestResponse) {
  const component = new ICAL.Component(ICAL.parse(res.body));
  return component.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://babe.example' });
  owner = t.agent();
  colleague = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Summit Builders' });
  await other.signUpWithCompany({ company: 'Second Co' });
  await colleague.signUpWithCompany({ company: false });
  const me = json<{ companyId: number }>(await owner.get('/api/auth/user'));
  companyId = me.companyId;
  const colleagueId = json<{ id: string }>(await colleague.get('/api/auth/user')).id;
  await t.ctx.db.update(users).set({ companyId }).where(eq(users.id, colleagueId));
  maple = json<{ id: number }>(await owner.post('/api/projects', project('Maple Street'))).id;
  oak = json<{ id: number }>(await owner.post('/api/projects', project('Oak Avenue'))).id;
  theirs = json<{ id: number }>(await other.post('/api/projects', project('Theirs'))).id;
  for (const [projectId, name, startDate, endDate] of [
    [maple, 'Frame walls, north; "east"', '2026-04-06', '2026-04-08'],
    [maple, 'Pour footings', '2026-04-01', '2026-04-01'],
    [oak, 'Roof', '2026-05-04', '2026-05-15'],
  ] as const) {
    const res = await owner.post('/api/tasks', { projectId, name, startDate, endDate });
    taskIds.push(json<{ id: number }>(res).id);
  }
  await other.post('/api/tasks', { projectId: theirs, name: 'Not yours', startDate: '2026-04-06' });
});
afterAll(async () => {
  await t.close();
});

describe('a personal feed', () => {
  it("holds the company's tasks as all-day events a parser reads", async () => {
    const feed = await issue(owner);
    expect(feed).toMatchObject({ projectId: null, projectName: null });
    expect(feed.path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.url).toBe(`https://babe.example${feed.path}`);

    const res = await fetchFeed(feed.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const read = events(res);
    expect(
      read.map((e) => [e.uid, e.summary, e.startDate.isDate, e.startDate.toString(), e.endDate.toString()]),
    ).toEqual([
      [`task-${taskIds[1]}@babe.example`, 'Maple Street: Pour footings', true, '2026-04-01', '2026-04-02'],
      [
        `task-${taskIds[0]}@babe.example`,
        'Maple Street: Frame walls, north; "east"',
        true,
        '2026-04-06',
        '2026-04-09',
      ],
      [`task-${taskIds[2]}@babe.example`, 'Oak Avenue: Roof', true, '2026-05-04', '2026-05-16'],
    ]);
    expect(read[0]?.component.getFirstPropertyValue('url')).toBe(
      `https://babe.example/projects/${maple}/tasks/${taskIds[1]}`,
    );
    // Every refresh gives the same UIDs.
    expect(events(await fetchFeed(feed.path)).map((e) => e.uid)).toEqual(read.map((e) => e.uid));
  });

  it('is listed without its address, and a new address turns the old one off', async () => {
    const first = await issue(owner);
    const second = await issue(owner);
    expect((await fetchFeed(first.path)).statusCode).toBe(404);
    expect((await fetchFeed(second.path)).statusCode).toBe(200);
    const listed = json<CalendarFeedDto[]>(await owner.get('/api/calendar-feeds'));
    expect(listed).toEqual([
      { id: second.id, projectId: null, projectName: null, createdAt: second.createdAt },
    ]);
    expect(JSON.stringify(listed)).not.toContain(second.path);
  });

  it('turned off answers 404, like an unknown address', async () => {
    const feed = await issue(owner);
    // A colleague cannot turn off someone else's personal feed, nor can another company.
    expect((await colleague.delete(`/api/calendar-feeds/${feed.id}`)).statusCode).toBe(404);
    expect((await other.delete(`/api/calendar-feeds/${feed.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/calendar-feeds/${feed.id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/calendar-feeds/${feed.id}`)).statusCode).toBe(404);
    const gone = await fetchFeed(feed.path);
    const unknown = await fetchFeed(`/api/calendar/${'x'.repeat(43)}.ics`);
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toEqual(json(unknown));
    expect((await fetchFeed('/api/calendar/.ics')).statusCode).toBe(404);
    expect(json<CalendarFeedDto[]>(await owner.get('/api/calendar-feeds'))).toEqual([]);
  });

  it('stops when its user leaves the company, and while the subscription has lapsed', async () => {
    const feed = await colleague.post('/api/calendar-feeds', {}).then((r) => json<IssuedCalendarFeedDto>(r));
    expect((await fetchFeed(feed.path)).statusCode).toBe(200);
    await t.ctx.db
      .update(companies)
      .set({ trialEndsAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(companies.id, companyId));
    expect((await fetchFeed(feed.path)).statusCode).toBe(402);
    await t.ctx.db.update(companies).set({ trialEndsAt: null }).where(eq(companies.id, companyId));
    const colleagueId = json<{ id: string }>(await colleague.get('/api/auth/user')).id;
    await t.ctx.db.update(users).set({ companyId: null }).where(eq(users.id, colleagueId));
    expect((await fetchFeed(feed.path)).statusCode).toBe(404);
    await t.ctx.db.update(users).set({ companyId }).where(eq(users.id, colleagueId));
  });

  it('stores only a hash of the address', async () => {
    const feed = await issue(owner);
    const token = feed.path.slice('/api/calendar/'.length, -'.ics'.length);
    const rows = await t.ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('a project feed', () => {
  it("holds that project's tasks and is the company's to share or turn off", async () => {
    const feed = await issue(owner, { projectId: maple });
    expect(feed).toMatchObject({ projectId: maple, projectName: 'Maple Street' });
    const read = events(await fetchFeed(feed.path));
    expect(read.map((e) => e.summary)).toEqual([
      'Maple Street: Pour footings',
      'Maple Street: Frame walls, north; "east"',
    ]);
    expect(json<CalendarFeedDto[]>(await owner.get(`/api/calendar-feeds?projectId=${maple}`))).toEqual([
      { id: feed.id, projectId: maple, projectName: 'Maple Street', createdAt: feed.createdAt },
    ]);
    expect(json<CalendarFeedDto[]>(await owner.get(`/api/calendar-feeds?projectId=${oak}`))).toEqual([]);
    // A colleague sees it and may give it a new address.
    expect(json<CalendarFeedDto[]>(await colleague.get('/api/calendar-feeds')).map((f) => f.id)).toContain(
      feed.id,
    );
    const renewed = await issue(colleague, { projectId: String(maple) });
    expect((await fetchFeed(feed.path)).statusCode).toBe(404);
    expect((await owner.delete(`/api/calendar-feeds/${renewed.id}`)).statusCode).toBe(200);
    expect((await fetchFeed(renewed.path)).statusCode).toBe(404);
  });

  it("answers another company's project like a missing one", async () => {
    for (const projectId of [theirs, 999_999]) {
      const res = await owner.post('/api/calendar-feeds', { projectId });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('project_not_found');
      expect((await owner.get(`/api/calendar-feeds?projectId=${projectId}`)).statusCode).toBe(404);
    }
    const theirFeed = await issue(other, { projectId: theirs });
    expect((await owner.delete(`/api/calendar-feeds/${theirFeed.id}`)).statusCode).toBe(404);
    expect(json<CalendarFeedDto[]>(await owner.get('/api/calendar-feeds')).map((f) => f.id)).not.toContain(
      theirFeed.id,
    );
  });

  it('refuses bad input and anonymous management', async () => {
    expect((await owner.post('/api/calendar-feeds', { projectId: 'abc' })).statusCode).toBe(400);
    expect((await owner.post('/api/calendar-feeds', { projectId: 0 })).statusCode).toBe(400);
    expect((await owner.get('/api/calendar-feeds?projectId=-1')).statusCode).toBe(400);
    expect((await t.agent().post('/api/calendar-feeds', {})).statusCode).toBe(401);
    expect((await t.agent().get('/api/calendar-feeds')).statusCode).toBe(401);
  });
});
