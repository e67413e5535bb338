/**
 * How long a session lasts (idle timeout, whole lifetime), a user's list of their sessions, signing
 * out the others, and a password change ending them all; on a clock the tests move.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionListDto } from '../../../contracts/sessions.js';
import { ConfigError, loadConfig } from '../../config.js';
import { sessions } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const IDLE = 2 * HOUR;
const MAX = 2 * DAY;

// Ahead of the real clock: the test agent drops cookies whose expiry has passed by the real clock.
let clock = new Date('2027-05-03T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '120', SESSION_MAX_DAYS: '2' }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const signedIn = async (agent: Agent) => (await agent.get('/api/auth/user')).statusCode === 200;

/** A user signed up in one browser and signed in from a second one. */
async function userOnTwoBrowsers() {
  const first = t.agent();
  const { email, password } = await first.signUpWithCompany();
  const second = t.agent();
  const res = await second.request(
    'POST',
    '/api/auth/signin',
    { email, password },
    { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { first, second, email, password };
}

const list = async (agent: Agent) => json<SessionListDto>(await agent.get('/api/account/sessions')).sessions;

describe('session lifetime', () => {
  it('ends a session left unused for the idle timeout, and keeps one used within it', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany();
    for (let i = 0; i < 4; i++) {
      advance(IDLE - 10 * MINUTE);
      expect(await signedIn(agent)).toBe(true);
    }
    advance(IDLE + MINUTE);
    expect(await signedIn(agent)).toBe(false);
  });

  it('ends a session at the end of its whole lifetime however busy it is, and a new sign-in starts another', async () => {
    const agent = t.agent();
    const { email, password } = await agent.signUpWithCompany();
    const begun = clock.getTime();
    while (clock.getTime() + HOUR < begun + MAX) {
      advance(HOUR);
      expect(await signedIn(agent)).toBe(true);
    }
    advance(begun + MAX + MINUTE - clock.getTime());
    expect(await signedIn(agent)).toBe(false);
    expect((await agent.post('/api/auth/signin', { email, password })).statusCode).toBe(200);
    expect(await signedIn(agent)).toBe(true);
  });

  it('gives the cookie no longer a life than the session has left', async () => {
    const agent = t.agent();
    const { email, password } = await agent.signUpWithCompany();
    const res = await agent.post('/api/auth/signin', { email, password });
    const begun = clock.getTime();
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(IDLE / 1000);
    // Kept in use until less than an idle timeout of its lifetime is left: it then ends with the lifetime.
    let last = res;
    while (clock.getTime() + IDLE < begun + MAX) {
      advance(IDLE - 10 * MINUTE);
      last = await agent.get('/api/auth/user');
      expect(last.statusCode).toBe(200);
    }
    const left = begun + MAX - clock.getTime();
    expect(left).toBeLessThan(IDLE);
    expect(last.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(Math.round(left / 1000));
    const [row] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sidOf(agent)));
    expect(row?.expire.getTime()).toBe(begun + MAX);
  });

  it('refuses an idle timeout longer than the whole lifetime, and defaults to 8 hours and 7 days', () => {
    expect(() =>
      loadConfig({ SESSION_SECRET: 'x'.repeat(40), SESSION_IDLE_MINUTES: '2000', SESSION_MAX_DAYS: '1' }),
    ).toThrow(ConfigError);
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(40) }).session).toEqual({
      idleMs: 8 * HOUR,
      maxMs: 7 * DAY,
    });
  });
});

/** The session id inside the agent's signed cookie (`<id>.<signature>`). */
function sidOf(agent: Agent): string {
  const cookie = agent.sessionCookie ?? '';
  return cookie.slice(0, cookie.lastIndexOf('.'));
}

describe('the user’s sessions', () => {
  it('lists the live sessions with when they began and were last used, this one first', async () => {
    const { first, second } = await userOnTwoBrowsers();
    advance(30 * MINUTE);
    const mine = await list(second);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ current: true, userAgent: expect.stringContaining('iPhone') });
    expect(mine[1]?.current).toBe(false);
    for (const s of mine) {
      expect(new Date(s.createdAt).getTime()).toBeLessThanOrEqual(clock.getTime());
      expect(new Date(s.lastUsedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.createdAt).getTime());
      // The id shown is not the session's own: it could not be used as a cookie.
      expect(s.id).not.toBe(sidOf(first));
      expect(s.id).not.toBe(sidOf(second));
    }
    // A session past its idle timeout is not listed.
    advance(IDLE - 10 * MINUTE);
    expect((await list(second)).map((s) => s.current)).toEqual([true]);
    expect(await signedIn(first)).toBe(false);
  });

  it('signs out every other session and keeps this one; another user’s sessions stay', async () => {
    const { first, second } = await userOnTwoBrowsers();
    const bystander = t.agent();
    await bystander.signUpWithCompany();

    const res = await first.delete('/api/account/sessions/others');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ended: 1 });
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(first)).toBe(true);
    expect(await signedIn(bystander)).toBe(true);
    expect((await list(first)).map((s) => s.current)).toEqual([true]);
    expect(json(await first.delete('/api/account/sessions/others'))).toEqual({ ended: 0 });
  });

  it('is for signed-in users only', async () => {
    const visitor = t.agent();
    expect((await visitor.get('/api/account/sessions')).statusCode).toBe(401);
    expect((await visitor.delete('/api/account/sessions/others')).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password', async () => {
    const { first, second } = await userOnTwoBrowsers();
    const res = await first.post('/api/account/password', {
      currentPassword: 'not-the-password',
      newPassword: 'gravel-truck-morning',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ currentPassword: 'The current password is not right' });
    expect(await signedIn(second)).toBe(true);
  });

  it('ends every session of the user and gives the changing browser a new one', async () => {
    const { first, second, email, password } = await userOnTwoBrowsers();
    const oldSid = sidOf(first);
    const res = await first.post('/api/account/password', {
      currentPassword: password,
      newPassword: 'gravel-truck-morning',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ endedSessions: 1 });
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(first)).toBe(true);
    expect(sidOf(first)).not.toBe(oldSid);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.sid, oldSid))).toEqual([]);

    expect((await t.agent().post('/api/auth/signin', { email, password })).statusCode).toBe(401);
    const again = t.agent();
    expect(
      (await again.post('/api/auth/signin', { email, password: 'gravel-truck-morning' })).statusCode,
    ).toBe(200);
  });
});
