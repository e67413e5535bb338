import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase } from '../../testing/database.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { KNOWN_DEVICE_COOKIE } from './known-device.js';
import { EVERY_CLIENT, signInAttemptsRepo } from './sign-in-attempts.repo.js';
import { signInPolicy } from './sign-in-policy.js';
import { signInThrottle } from './sign-in-throttle.service.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const PASSWORD = 'owner-password';
const WRONG = 'not-the-password';

/** The app's clock: it stands still unless a test moves it, so waits are exact and nobody sleeps. */
const clock = { ms: Date.now() };
const now = () => new Date(clock.ms);
const advance = (ms: number) => {
  clock.ms += ms;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now });
});
afterAll(async () => {
  await t?.close();
});

const freshEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const signin = (agent: Agent, email: string, password: string) =>
  agent.post('/api/auth/signin', { email, password });

/** An account whose owner has signed in from `home` (their address and browser are then known). */
async function owner(prefix = 'owner') {
  const email = freshEmail(prefix);
  const home = t.agent();
  const signup = await home.post('/api/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Olive',
    lastName: 'Owner',
  });
  expect(signup.statusCode).toBe(201);
  await home.post('/api/auth/logout');
  expect((await signin(home, email, PASSWORD)).statusCode).toBe(200);
  return { email, home };
}

/** Wrong passwords for `email` from `count` new addresses, `each` per address. */
async function failFromManyAddresses(email: string, count: number, each: number) {
  for (let i = 0; i < count; i++) {
    const attacker = t.agent();
    for (let j = 0; j < each; j++) expect((await signin(attacker, email, WRONG)).statusCode).toBe(401);
  }
}

function expectRefused(res: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
  expect(json(res).code).toBe('rate_limited');
  expect(json(res).message).toMatch(
    /^Too many sign-in attempts\. Try again in \d+ (second|minute|hour)s?\.$/,
  );
}

/** Another server of the same deployment: its own process memory, the same database and clock. */
async function anotherServer(database = t.ctx.database): Promise<FastifyInstance> {
  const { app } = await buildApp(t.config, { database, logger: false, now });
  await app.ready();
  return app;
}

const signinOn = (app: FastifyInstance, ip: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress: ip, payload: { email, password } });

const statusCounts = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, r) => {
    counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('an attacker cannot lock the owner out', () => {
  it('wrong passwords from other addresses do not stop the owner signing in', async () => {
    const { email, home } = await owner();
    await failFromManyAddresses(email, 3, 4);

    expect((await signin(home, email, PASSWORD)).statusCode).toBe(200);
    // Below the account's ceiling even a new browser on a new address gets in.
    expect((await signin(t.agent(), email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('the wait of one address for one email', () => {
  it('grows with each failure past the free ones and refuses with 429 and Retry-After meanwhile', async () => {
    const { email } = await owner();
    const attacker = t.agent();
    for (let i = 0; i < signInPolicy.freeFailures; i++) {
      expect((await signin(attacker, email, WRONG)).statusCode).toBe(401);
    }
    const waits = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900];
    for (const wait of waits) {
      expect((await signin(attacker, email, WRONG)).statusCode).toBe(401);
      // During the wait not even the right password is looked at.
      expectRefused(await signin(attacker, email, PASSWORD), wait);
      advance(wait * SECOND - 1);
      expectRefused(await signin(attacker, email, WRONG), 1);
      advance(1);
    }
    expect(json(await signin(attacker, email, WRONG)).code).toBe('invalid_credentials');
    expectRefused(await signin(attacker, email, WRONG), 900);
    expect(json(await signin(attacker, email, WRONG)).message).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });

  it('starts over after a correct password from that address', async () => {
    const { email } = await owner();
    const laptop = t.agent();
    for (let i = 0; i <= signInPolicy.freeFailures; i++) {
      expect((await signin(laptop, email, WRONG)).statusCode).toBe(401);
    }
    expectRefused(await signin(laptop, email, PASSWORD), 1);
    advance(SECOND);
    expect((await signin(laptop, email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < signInPolicy.freeFailures; i++) {
      expect((await signin(laptop, email, WRONG)).statusCode).toBe(401);
    }
    expect((await signin(laptop, email, PASSWORD)).statusCode).toBe(200);
  });

  it('is forgotten after a day without failures', async () => {
    const { email } = await owner();
    const laptop = t.agent();
    for (let i = 0; i <= signInPolicy.freeFailures; i++) {
      expect((await signin(laptop, email, WRONG)).statusCode).toBe(401);
    }
    advance(signInPolicy.streakForgottenAfterMs);
    for (let i = 0; i <= signInPolicy.freeFailures; i++) {
      expect((await signin(laptop, email, WRONG)).statusCode).toBe(401);
    }
    expectRefused(await signin(laptop, email, WRONG), 1);
  });

  it('answers an unknown email exactly as an existing one', async () => {
    const { email } = await owner();
    const nobody = freshEmail('nobody');
    const answers = async (target: string) => {
      const agent = t.agent();
      const seen: string[] = [];
      for (let i = 0; i < signInPolicy.freeFailures + 3; i++) {
        const res = await signin(agent, target, WRONG);
        seen.push(`${res.statusCode} ${res.headers['retry-after'] ?? '-'} ${json(res).message}`);
      }
      return seen;
    };
    const forOwner = await answers(email);
    expect(forOwner.filter((a) => a.startsWith('429'))).toHaveLength(2);
    expect(await answers(nobody)).toEqual(forOwner);
  });
});

describe('the ceiling of one email across all addresses', () => {
  it('refuses unknown browsers even with the right password but lets known ones in', async () => {
    const { email, home } = await owner();
    const deviceCookie = (await signin(home, email, PASSWORD)).cookies.find(
      (c) => c.name === KNOWN_DEVICE_COOKIE,
    );
    expect(deviceCookie).toMatchObject({ httpOnly: true, path: '/api/auth/signin', sameSite: 'Strict' });
    const attacksFrom = signInPolicy.accountCeiling / signInPolicy.freeFailures;
    await failFromManyAddresses(email, attacksFrom, signInPolicy.freeFailures);

    expectRefused(await signin(t.agent(), email, PASSWORD), 3600);
    // The owner's address, and the owner's browser from somewhere new, still get in.
    expect((await signin(home, email, PASSWORD)).statusCode).toBe(200);
    const travelling = t.agent();
    travelling.setCookie(KNOWN_DEVICE_COOKIE, deviceCookie?.value ?? '');
    expect((await signin(travelling, email, PASSWORD)).statusCode).toBe(200);
    // A known browser still needs the password: a wrong one is checked and counted, not waved through.
    expect((await signin(travelling, email, WRONG)).statusCode).toBe(401);
    // The cookie of one account does not help with another.
    const other = await owner('other');
    await failFromManyAddresses(other.email, attacksFrom, signInPolicy.freeFailures);
    expect((await signin(travelling, other.email, PASSWORD)).statusCode).toBe(429);

    advance(HOUR);
    expect((await signin(t.agent(), email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('the counts are shared by every server and outlive them', () => {
  it('keeps counting after a restart', async () => {
    const { database, drop } = await createTestDatabase();
    const attacker = '192.0.2.10';
    const email = freshEmail('restart');
    try {
      const first = await anotherServer(database);
      for (let i = 0; i <= signInPolicy.freeFailures; i++) {
        expect((await signinOn(first, attacker, email, WRONG)).statusCode).toBe(401);
      }
      await first.close();

      const second = await anotherServer(database);
      expectRefused(await signinOn(second, attacker, email, WRONG), 1);
      advance(SECOND);
      expect((await signinOn(second, attacker, email, WRONG)).statusCode).toBe(401);
      expectRefused(await signinOn(second, attacker, email, WRONG), 2);
      await second.close();
    } finally {
      await drop();
    }
  });

  it('counts every one of many attempts arriving together on two servers', async () => {
    const second = await anotherServer();
    try {
      const { email } = await owner();
      const ip = '192.0.2.20';
      const servers = [t.app, second];
      const together = await Promise.all(
        Array.from({ length: signInPolicy.freeFailures }, (_, i) =>
          signinOn(servers[i % 2] as FastifyInstance, ip, email, WRONG),
        ),
      );
      expect(statusCounts(together)).toEqual({ 401: signInPolicy.freeFailures });
      expect((await signinOn(second, ip, email, WRONG)).statusCode).toBe(401);
      expectRefused(await signinOn(t.app, ip, email, WRONG), 1);
    } finally {
      await second.close();
    }
  });

  it('lets through no more parallel guesses than sequential ones', async () => {
    const second = await anotherServer();
    try {
      const { email, home } = await owner();
      const servers = [t.app, second];
      const fromOneAddress = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signinOn(servers[i % 2] as FastifyInstance, '192.0.2.30', email, WRONG),
        ),
      );
      expect(statusCounts(fromOneAddress)).toEqual({ 401: signInPolicy.freeFailures + 1, 429: 4 });

      const fromManyAddresses = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          signinOn(servers[i % 2] as FastifyInstance, `198.51.100.${i + 1}`, email, WRONG),
        ),
      );
      const counted = signInPolicy.accountCeiling - signInPolicy.freeFailures - 1;
      expect(statusCounts(fromManyAddresses)).toEqual({ 401: counted, 429: 24 - counted });
      const rows = await signInAttemptsRepo.forEmail(t.ctx.db, email);
      expect(rows.find((r) => r.client === EVERY_CLIENT)?.failures).toBe(signInPolicy.accountCeiling);
      expect((await signin(home, email, PASSWORD)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('old rows', () => {
  it('are purged once they limit nobody, known addresses once they are forgotten', async () => {
    const { email } = await owner('purge');
    await failFromManyAddresses(email, 2, 2);
    const throttle = signInThrottle(t.ctx);
    const clients = async () => (await signInAttemptsRepo.forEmail(t.ctx.db, email)).length;
    expect(await clients()).toBe(4); // everyone, the owner's address and two attackers'

    advance(DAY - 1);
    await throttle.purge();
    expect(await clients()).toBe(4);
    advance(2);
    await throttle.purge();
    expect(await clients()).toBe(1);

    advance(signInPolicy.knownForMs);
    await throttle.purge();
    expect(await clients()).toBe(0);
  });
});
