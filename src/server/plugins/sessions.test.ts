import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../testing/harness.js';
import { SESSION_TOUCH_MS } from './sessions.js';

// Ahead of the real clock: the test agent drops cookies whose expiry has passed by the real clock.
let clock = new Date('2027-03-01T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function storedSession(sid: string) {
  const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.sid, sid));
  return rows[0];
}

async function sessionCount(): Promise<number> {
  const rows = await t.ctx.db.select({ n: count() }).from(sessions);
  return rows[0]?.n ?? 0;
}

/** The session id inside the agent's signed cookie (`<id>.<signature>`). */
function sessionIdOf(agent: Agent): string {
  const cookie = agent.sessionCookie;
  if (!cookie) throw new Error('no session cookie');
  return cookie.slice(0, cookie.lastIndexOf('.'));
}

async function signedUp() {
  const agent = t.agent();
  const { email } = await agent.signUpWithCompany();
  return { agent, email, sid: sessionIdOf(agent) };
}

const setsSessionCookie = (res: { cookies: { name: string }[] }) => res.cookies.some((c) => c.name === 'sid');

describe('sessions', () => {
  it('writes nothing for a signed-in request that changes nothing, and rolls the expiry every few minutes', async () => {
    const { agent, sid } = await signedUp();
    const before = await storedSession(sid);
    expect(before).toBeDefined();

    advance(60_000);
    const quiet = await agent.get('/api/projects');
    expect(quiet.statusCode).toBe(200);
    expect(setsSessionCookie(quiet)).toBe(false);
    expect((await storedSession(sid))?.expire).toEqual(before?.expire);

    advance(SESSION_TOUCH_MS);
    const rolled = await agent.get('/api/projects');
    expect(rolled.statusCode).toBe(200);
    expect(setsSessionCookie(rolled)).toBe(true);
    const after = await storedSession(sid);
    expect(after?.expire.getTime()).toBeGreaterThan(before?.expire.getTime() ?? 0);
    expect(after?.sess).toEqual(before?.sess);
  });

  it('stores no session for a visitor who only reads', async () => {
    const rowsBefore = await sessionCount();
    const visitor = t.agent();
    const res = await visitor.get('/api/auth/config');
    expect(res.statusCode).toBe(200);
    expect(setsSessionCookie(res)).toBe(false);
    expect((await visitor.get('/api/auth/user')).statusCode).toBe(401);
    expect(await sessionCount()).toBe(rowsBefore);
  });

  it('signs nobody in with a cookie whose signature was altered or whose session expired', async () => {
    const { agent } = await signedUp();
    const cookie = agent.sessionCookie ?? '';
    const forged = t.agent();
    forged.setCookie('sid', `${cookie.slice(0, -2)}xx`);
    expect((await forged.get('/api/auth/user')).statusCode).toBe(401);

    advance(31 * 86_400_000);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('ends the session of a user whose account is gone', async () => {
    const { agent, sid } = await signedUp();
    const userId = json<{ id: string }>(await agent.get('/api/auth/user')).id;
    await t.ctx.db.delete(users).where(eq(users.id, userId));
    const res = await agent.get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(await storedSession(sid)).toBeUndefined();
  });

  it('gives a new session id at sign-in and forgets the old one', async () => {
    const agent = t.agent();
    const { email, password } = await agent.signUpWithCompany();
    const oldSid = sessionIdOf(agent);
    await agent.post('/api/auth/logout');
    expect(await storedSession(oldSid)).toBeUndefined();
    const res = await agent.post('/api/auth/signin', { email, password });
    expect(res.statusCode).toBe(200);
    const newSid = sessionIdOf(agent);
    expect(newSid).not.toBe(oldSid);
    expect((await storedSession(newSid))?.sess).toMatchObject({ userId: expect.any(String) });
  });
});
