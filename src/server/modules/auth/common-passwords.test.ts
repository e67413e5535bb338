/**
 * A password from the list of the most common ones is refused wherever a password is chosen: sign-up,
 * a reset link, a password change; with 400 and the field named, like the contract's own checks.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const email = () => `common-${crypto.randomUUID().slice(0, 8)}@example.com`;
const person = { firstName: 'Pat', lastName: 'Mason' };

describe('common passwords', () => {
  it.each(['password123', 'Password123', 'qwerty123', 'LETMEIN1', 'iloveyou2'])(
    'refuses %s at sign-up, naming the password field',
    async (password) => {
      const res = await t.agent().post('/api/auth/signup', { email: email(), password, ...person });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'common_password',
        message: COMMON_PASSWORD_MESSAGE,
        errors: { password: COMMON_PASSWORD_MESSAGE },
      });
    },
  );

  it('creates no account for a refused sign-up, and accepts a password off the list', async () => {
    const address = email();
    expect(
      (await t.agent().post('/api/auth/signup', { email: address, password: 'trustno1', ...person }))
        .statusCode,
    ).toBe(400);
    const ok = await t
      .agent()
      .post('/api/auth/signup', { email: address, password: 'rebar-at-dawn-7', ...person });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses one through a reset link, which stays usable for a better one', async () => {
    const agent = t.agent();
    const { email: address } = await agent.signUpWithCompany();
    const userId = json<{ id: string }>(await agent.get('/api/auth/user')).id;
    const token = crypto.randomUUID() + crypto.randomUUID();
    await t.ctx.db.insert(passwordResetTokens).values({
      userId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    const refused = await t
      .agent()
      .post('/api/auth/password-reset/confirm', { token, password: 'abc123456' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errors).toEqual({ password: COMMON_PASSWORD_MESSAGE });
    // Nothing happened: the old password works, the session lives, and the link still works once.
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
    const accepted = await t
      .agent()
      .post('/api/auth/password-reset/confirm', { token, password: 'formwork-friday' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(
      (await t.agent().post('/api/auth/signin', { email: address, password: 'formwork-friday' })).statusCode,
    ).toBe(200);
  });

  it('refuses one as a new password, naming the new-password field, and keeps the old one', async () => {
    const agent = t.agent();
    const { email: address, password } = await agent.signUpWithCompany();
    const res = await agent.post('/api/account/password', {
      currentPassword: password,
      newPassword: 'sunshine1',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ newPassword: COMMON_PASSWORD_MESSAGE });
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
    expect((await t.agent().post('/api/auth/signin', { email: address, password })).statusCode).toBe(200);
  });
});
