import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorApi } from '../../../contracts/two-factor.js';
import { users, userTwoFactor } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { mailText, mailTo } from '../../testing/mail-text.js';
import { twoFactorPolicy } from './two-factor-policy.js';

let t: TestApp;
/** The app's clock runs this far ahead of the real one: tests move it to the next code's time step. */
let clockOffset = 0;
const now = () => Date.now() + clockOffset;
/** The next time step: a code accepted in this one may not be used again. */
const nextStep = () => {
  clockOffset += twoFactorPolicy.period * 1000;
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(now()) });
});
afterAll(async () => {
  await t.close();
});

const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: now() });

/** A user with a company, signed in on `agent`, with two-step sign-in on. */
async function enrolled(agent = t.agent()) {
  const { email, password } = await agent.signUpWithCompany();
  const setup = await agent.post(twoFactorApi.setup, { password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = json<{ secret: string }>(setup);
  const confirm = await agent.post(twoFactorApi.confirm, { code: codeFor(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = json<{ recoveryCodes: string[] }>(confirm);
  nextStep();
  return { agent, email, password, secret, recoveryCodes };
}

/** The password step: 202 and a session that signs nobody in yet. */
async function firstStep(agent: Agent, email: string, password: string) {
  const res = await agent.post('/api/auth/signin', { email, password });
  expect(res.statusCode, res.body).toBe(202);
  expect(json(res)).toEqual({ twoFactorRequired: true });
  return res;
}

describe('setting up two-step sign-in', () => {
  it('asks for the password, gives a secret and its otpauth address, and turns on with a first code', async () => {
    const agent = t.agent();
    const { email, password } = await agent.signUpWithCompany();
    expect(json(await agent.get(twoFactorApi.status))).toEqual({
      enabled: false,
      requiredByCompany: false,
      recoveryCodesLeft: 0,
      hasPassword: true,
    });
    const noPassword = await agent.post(twoFactorApi.setup, {});
    expect(noPassword.statusCode).toBe(400);
    expect(json(noPassword).code).toBe('reauth_required');
    const wrong = await agent.post(twoFactorApi.setup, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).code).toBe('reauth_failed');

    const setup = await agent.post(twoFactorApi.setup, { password });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = json<{ secret: string; otpauthUri: string }>(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(email));
    // Stored encrypted, never as the secret itself.
    const [row] = await t.ctx.db.select().from(userTwoFactor);
    expect(row?.secretEncrypted).not.toContain(secret);

    const bad = await agent.post(twoFactorApi.confirm, { code: '000000' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('invalid_code');
    const confirm = await agent.post(twoFactorApi.confirm, { code: codeFor(secret) });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = json<{ recoveryCodes: string[] }>(confirm);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const me = json(await agent.get('/api/auth/user'));
    expect(me.twoFactorEnabled).toBe(true);
    expect(json(await agent.get(twoFactorApi.status))).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    nextStep();
  });

  it('ends the user’s other sessions when it is turned on, keeping this one', async () => {
    const agent = t.agent();
    const { email, password } = await agent.signUpWithCompany();
    const other = t.agent();
    expect((await other.post('/api/auth/signin', { email, password })).statusCode).toBe(200);
    const { secret } = json<{ secret: string }>(await agent.post(twoFactorApi.setup, { password }));
    expect((await agent.post(twoFactorApi.confirm, { code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
  });
});

describe('signing in with a second step', () => {
  it('gives no access after the password alone, then signs in with a code of the app', async () => {
    const { email, password, secret } = await enrolled();
    const agent = t.agent();
    await firstStep(agent, email, password);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
    expect((await agent.get('/api/projects')).statusCode).toBe(401);
    const pendingCookie = agent.sessionCookie;

    const res = await agent.post(twoFactorApi.verify, { code: codeFor(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ email, twoFactorEnabled: true });
    expect(agent.sessionCookie).not.toBe(pendingCookie);
    expect((await agent.get('/api/projects')).statusCode).toBe(200);
  });

  it('refuses a code replayed within its time window', async () => {
    const { email, password, secret } = await enrolled();
    const first = t.agent();
    await firstStep(first, email, password);
    const code = codeFor(secret);
    expect((await first.post(twoFactorApi.verify, { code })).statusCode).toBe(200);
    const second = t.agent();
    await firstStep(second, email, password);
    const replay = await second.post(twoFactorApi.verify, { code });
    expect(replay.statusCode).toBe(400);
    expect(json(replay).code).toBe('code_already_used');
    expect((await second.get('/api/auth/user')).statusCode).toBe(401);
    nextStep();
    expect((await second.post(twoFactorApi.verify, { code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('takes each recovery code once, whatever its case and dashes', async () => {
    const { email, password, recoveryCodes } = await enrolled();
    const [code = ''] = recoveryCodes;
    const agent = t.agent();
    await firstStep(agent, email, password);
    const typed = ` ${code.replaceAll('-', ' ').toUpperCase()} `;
    expect((await agent.post(twoFactorApi.verify, { code: typed })).statusCode).toBe(200);
    expect(json(await agent.get(twoFactorApi.status)).recoveryCodesLeft).toBe(9);

    const again = t.agent();
    await firstStep(again, email, password);
    const reused = await again.post(twoFactorApi.verify, { code });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).code).toBe('invalid_code');
    expect((await again.post(twoFactorApi.verify, { code: recoveryCodes[1] ?? '' })).statusCode).toBe(200);
  });

  it('limits wrong codes per user, across clients, even a right code waits', async () => {
    const { email, password, secret } = await enrolled();
    for (let i = 0; i < twoFactorPolicy.maxFailures; i++) {
      const agent = t.agent(); // each from an address of its own: the limit is the user's
      await firstStep(agent, email, password);
      expect((await agent.post(twoFactorApi.verify, { code: '000000' })).statusCode).toBe(400);
    }
    const agent = t.agent();
    await firstStep(agent, email, password);
    const refused = await agent.post(twoFactorApi.verify, { code: codeFor(secret) });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(stored[0]?.twoFactorEnabledAt).not.toBeNull();

    clockOffset += twoFactorPolicy.failureWindowMs;
    const later = t.agent();
    await firstStep(later, email, password);
    expect((await later.post(twoFactorApi.verify, { code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();
  });

  it('lets the second step wait a few minutes only, and never without a first step', async () => {
    const { email, password, secret } = await enrolled();
    const stranger = t.agent();
    const none = await stranger.post(twoFactorApi.verify, { code: codeFor(secret) });
    expect(none.statusCode).toBe(401);
    expect(json(none).code).toBe('two_factor_not_pending');

    const agent = t.agent();
    await firstStep(agent, email, password);
    clockOffset += twoFactorPolicy.pendingMs + 1000;
    const late = await agent.post(twoFactorApi.verify, { code: codeFor(secret) });
    expect(late.statusCode).toBe(401);
    expect(json(late).code).toBe('two_factor_not_pending');
  });
});

describe('an invitation accepted while signing in', () => {
  it('waits for the second step: the password alone joins no company', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany({ company: 'Inviting Builders' });
    const companyId = json<{ companyId: number }>(await owner.get('/api/auth/user')).companyId;
    const { agent, email, password, secret } = await enrolled(t.agent());
    // The invited person has an account of their own, in a company of their own: leaving it is fine.
    await t.ctx.db.update(users).set({ companyId: null, role: 'member' }).where(eq(users.email, email));
    await agent.post('/api/auth/logout');
    expect((await owner.post('/api/team/invites', { email, role: 'member' })).statusCode).toBe(201);
    const outbox = join(t.config.dataDir, 'outbox');
    let token: string | undefined;
    await expect
      .poll(() => {
        const files = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml'));
        const raw = files
          .map((f) => readFileSync(join(outbox, f.name), 'utf8'))
          .find((m) => mailTo(m).includes(email));
        token = raw ? /invite=([A-Za-z0-9_-]+)/.exec(mailText(raw))?.[1] : undefined;
        return token;
      })
      .toBeDefined();

    const signingIn = t.agent();
    const first = await signingIn.post('/api/auth/signin', { email, password, inviteToken: token });
    expect(first.statusCode, first.body).toBe(202);
    const [before] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(before?.companyId).toBeNull();
    const second = await signingIn.post(twoFactorApi.verify, { code: codeFor(secret) });
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second)).toMatchObject({ companyId, role: 'member' });
    nextStep();
  });
});

describe('changing two-step sign-in', () => {
  it('turns off only with the password, ends the other sessions, and sign-in is one step again', async () => {
    const { agent, email, password, secret } = await enrolled();
    const other = t.agent();
    await firstStep(other, email, password);
    expect((await other.post(twoFactorApi.verify, { code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();

    expect(json(await agent.post(twoFactorApi.disable, {})).code).toBe('reauth_required');
    expect(json(await agent.post(twoFactorApi.disable, { password: 'wrong-password' })).code).toBe(
      'reauth_failed',
    );
    const off = await agent.post(twoFactorApi.disable, { password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
    expect(json(await agent.get(twoFactorApi.status)).enabled).toBe(false);
    expect((await t.agent().post('/api/auth/signin', { email, password })).statusCode).toBe(200);
  });

  it('regenerates recovery codes with the password: the old ones stop working, other sessions end', async () => {
    const { agent, email, password, secret, recoveryCodes } = await enrolled();
    const other = t.agent();
    await firstStep(other, email, password);
    expect((await other.post(twoFactorApi.verify, { code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();

    expect((await agent.post(twoFactorApi.recoveryCodes, { password: 'wrong-password' })).statusCode).toBe(
      400,
    );
    const res = await agent.post(twoFactorApi.recoveryCodes, { password });
    expect(res.statusCode).toBe(200);
    const fresh = json<{ recoveryCodes: string[] }>(res).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);

    const old = t.agent();
    await firstStep(old, email, password);
    expect((await old.post(twoFactorApi.verify, { code: recoveryCodes[0] ?? '' })).statusCode).toBe(400);
    expect((await old.post(twoFactorApi.verify, { code: fresh[0] ?? '' })).statusCode).toBe(200);
  });

  it('re-authenticates an account without a password with a current code', async () => {
    const { agent, email, secret } = await enrolled();
    // As if the account had been made with Google: no password to ask for.
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.email, email));
    expect(json(await agent.get(twoFactorApi.status)).hasPassword).toBe(false);
    expect(json(await agent.post(twoFactorApi.disable, {})).code).toBe('reauth_required');
    expect(json(await agent.post(twoFactorApi.disable, { code: '000000' })).code).toBe('invalid_code');
    expect((await agent.post(twoFactorApi.disable, { code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();
  });
});

describe('a company that requires two-step sign-in', () => {
  it('is required by its owner; a member without it can use nothing of the company until set up', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany({ company: 'Strict Builders' });
    const companyId = json<{ companyId: number }>(await owner.get('/api/auth/user')).companyId;
    const member = t.agent();
    const { email: memberEmail, password: memberPassword } = await member.signUpWithCompany({
      company: false,
    });
    await t.ctx.db.update(users).set({ companyId, role: 'member' }).where(eq(users.email, memberEmail));
    expect((await member.get('/api/projects')).statusCode).toBe(200);

    const byMember = await member.put(twoFactorApi.companyRequirement, { required: true });
    expect(byMember.statusCode).toBe(403);
    expect(json(byMember).code).toBe('managers_only');
    // The owner turns it on for themselves first, or would be locked out.
    const tooSoon = await owner.put(twoFactorApi.companyRequirement, { required: true });
    expect(tooSoon.statusCode).toBe(409);
    expect(json(tooSoon).code).toBe('two_factor_setup_first');
    const ownerPassword = 'correct-horse';
    const { secret: ownerSecret } = json<{ secret: string }>(
      await owner.post(twoFactorApi.setup, { password: ownerPassword }),
    );
    expect((await owner.post(twoFactorApi.confirm, { code: codeFor(ownerSecret) })).statusCode).toBe(200);
    const on = await owner.put(twoFactorApi.companyRequirement, { required: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(json(on)).toEqual({ required: true });

    // The member keeps their account, and nothing else.
    const me = json<{ twoFactorEnabled: boolean; company: { twoFactorRequired: boolean } }>(
      await member.get('/api/auth/user'),
    );
    expect(me.twoFactorEnabled).toBe(false);
    expect(me.company.twoFactorRequired).toBe(true);
    for (const url of ['/api/projects', '/api/contacts']) {
      const res = await member.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(json(res).code, url).toBe('two_factor_setup_required');
    }
    // Signing in again gets the same: a session, sent to set it up.
    const fresh = t.agent();
    const signin = await fresh.post('/api/auth/signin', { email: memberEmail, password: memberPassword });
    expect(signin.statusCode).toBe(200);
    expect(json((await fresh.get('/api/projects')) as never).code).toBe('two_factor_setup_required');

    const { secret } = json<{ secret: string }>(
      await member.post(twoFactorApi.setup, { password: memberPassword }),
    );
    nextStep();
    expect((await member.post(twoFactorApi.confirm, { code: codeFor(secret) })).statusCode).toBe(200);
    expect((await member.get('/api/projects')).statusCode).toBe(200);
    expect(json(await member.get(twoFactorApi.status)).requiredByCompany).toBe(true);
    // Required by the company, it cannot be turned off.
    const off = await member.post(twoFactorApi.disable, { password: memberPassword });
    expect(off.statusCode).toBe(409);
    expect(json(off).code).toBe('two_factor_required_by_company');
    // The fresh session was opened without a second step and ended with the setup.
    expect((await fresh.get('/api/auth/user')).statusCode).toBe(401);
    nextStep();
  });
});
