import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';
import { SIGNIN_LIMIT_PER_IP } from './auth.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newUser = (email = `u-${crypto.randomUUID().slice(0, 8)}@example.com`) => ({
  email,
  password: 'secret-pass',
  firstName: 'Dana',
  lastName: 'Builder',
});

describe('sign-up', () => {
  it('creates the account, signs in and hides the password hash', async () => {
    const agent = t.agent();
    const body = newUser();
    const res = await agent.post('/api/auth/signup', body);
    expect(res.statusCode).toBe(201);
    const user = json(res);
    expect(user).toMatchObject({
      email: body.email,
      firstName: 'Dana',
      lastName: 'Builder',
      role: 'member',
      company: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const me = await agent.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(json(me).id).toBe(user.id);
  });

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    const body = newUser();
    expect((await t.agent().post('/api/auth/signup', body)).statusCode).toBe(201);
    const again = await t.agent().post('/api/auth/signup', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Email already in use');
  });

  it('answers 400 with the spec messages per field', async () => {
    const res = await t
      .agent()
      .post('/api/auth/signup', { email: 'nope', password: '123', firstName: '', lastName: ' ' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('answers 400 to malformed JSON and wrong types, never 500', async () => {
    const agent = t.agent();
    const bad = await agent.request('POST', '/api/auth/signup', '{"email":', {
      'content-type': 'application/json',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('The request body is not valid JSON');
    const wrongType = await agent.post('/api/auth/signup', { ...newUser(), password: 1234567 });
    expect(wrongType.statusCode).toBe(400);
    expect(json(wrongType).errors).toHaveProperty('password');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t
      .agent()
      .post('/api/auth/signup', { ...newUser(), firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('The request body is too large');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, rotating the session id', async () => {
    const body = newUser();
    const agent = t.agent();
    await agent.post('/api/auth/signup', body);
    const before = agent.sessionCookie;
    const res = await agent.post('/api/auth/signin', {
      email: body.email.toUpperCase(),
      password: body.password,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).email).toBe(body.email);
    expect(agent.sessionCookie).toBeDefined();
    expect(agent.sessionCookie).not.toBe(before);
  });

  it('answers one generic 401 for a wrong password and for an unknown email', async () => {
    const body = newUser();
    await t.agent().post('/api/auth/signup', body);
    const wrongPassword = await t
      .agent()
      .post('/api/auth/signin', { email: body.email, password: 'not-it-at-all' });
    const unknownEmail = await t
      .agent()
      .post('/api/auth/signin', { email: 'nobody@example.com', password: body.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(json(wrongPassword).message).toBe('Invalid email or password');
    expect(json(unknownEmail).message).toBe(json(wrongPassword).message);
  });

  it('logout destroys the server session: the old cookie no longer works', async () => {
    const agent = t.agent();
    await agent.post('/api/auth/signup', newUser());
    const cookie = agent.sessionCookie;
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
    const stale = t.agent();
    stale.setCookie('sid', cookie ?? '');
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('answers 401 to /api/auth/user when signed out', async () => {
    const res = await t.agent().get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: 'Not signed in', code: 'unauthorized' });
  });

  it('rate-limits sign-in per IP with 429', async () => {
    const agent = t.agent();
    let last = 0;
    for (let i = 0; i <= SIGNIN_LIMIT_PER_IP; i++) {
      const res = await agent.post('/api/auth/signin', {
        email: `ip-${i}@example.com`,
        password: 'whatever-1',
      });
      last = res.statusCode;
      if (last === 429) {
        expect(json(res).message).toMatch(/Too many requests/);
        break;
      }
    }
    expect(last).toBe(429);
  });
});

describe('profile', () => {
  it('updates names, accepts the same email and refuses a different one', async () => {
    const agent = t.agent();
    const body = newUser();
    await agent.post('/api/auth/signup', body);
    const ok = await agent.patch('/api/auth/profile', {
      firstName: 'Robin',
      lastName: 'Mason',
      email: body.email,
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ firstName: 'Robin', lastName: 'Mason', email: body.email });

    const changed = await agent.patch('/api/auth/profile', {
      firstName: 'Robin',
      lastName: 'Mason',
      email: 'other@example.com',
    });
    expect(changed.statusCode).toBe(400);
    expect(json(changed).message).toBe('Email cannot be changed');
    expect(json(await agent.get('/api/auth/user')).email).toBe(body.email);

    const invalid = await agent.patch('/api/auth/profile', {
      firstName: '',
      lastName: 'Mason',
      email: body.email,
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).errors).toEqual({ firstName: 'First name is required' });
  });

  it('requires a session', async () => {
    const res = await t
      .agent()
      .patch('/api/auth/profile', { firstName: 'A', lastName: 'B', email: 'a@b.co' });
    expect(res.statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses unsafe methods from another site with 403', async () => {
    const agent = t.agent();
    const viaFetchMetadata = await agent.request('POST', '/api/auth/signup', newUser(), {
      'sec-fetch-site': 'cross-site',
    });
    expect(viaFetchMetadata.statusCode).toBe(403);
    const viaOrigin = await agent.request('POST', '/api/auth/signup', newUser(), {
      origin: 'https://evil.example',
    });
    expect(viaOrigin.statusCode).toBe(403);
    const sameOrigin = await agent.request('POST', '/api/auth/signup', newUser(), {
      origin: 'http://localhost:80',
    });
    expect(sameOrigin.statusCode).toBe(201);
  });
});
