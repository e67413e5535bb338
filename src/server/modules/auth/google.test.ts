import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { GOOGLE_FAILURE_REDIRECT, TWO_FACTOR_SIGN_IN_REDIRECT } from './google.routes.js';
import {
  type ProviderAccount,
  ProviderBrowser,
  startTestProvider,
  type TestProvider,
} from './google.test-provider.js';

const PUBLIC_URL = 'http://app.example.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
const CLIENT_ID = 'babe-test-client';
const CLIENT_SECRET = 'babe-test-client-secret-0123456789';

let provider: TestProvider;
let t: TestApp;

const googleEnv = (issuer: string) => ({
  PUBLIC_URL,
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  GOOGLE_ISSUER: issuer,
});

beforeAll(async () => {
  provider = await startTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
  });
  t = await createTestApp(googleEnv(provider.issuer));
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A Google identity known to the provider. */
function googleAccount(overrides: Partial<ProviderAccount> = {}): ProviderAccount {
  const id = crypto.randomUUID().slice(0, 8);
  const account: ProviderAccount = {
    sub: `google-${id}`,
    email: `g-${id}@example.com`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: `https://images.example.com/${id}.png`,
    ...overrides,
  };
  provider.accounts.set(account.sub, account);
  return account;
}

/** Starts at the app, goes through the provider as `account`, and answers the callback URL. */
async function throughProvider(
  agent: Agent,
  account: ProviderAccount,
  opts: { browser?: ProviderBrowser; deny?: boolean } = {},
): Promise<URL> {
  const start = await agent.get('/api/auth/google');
  expect(start.statusCode).toBe(302);
  const browser = opts.browser ?? new ProviderBrowser();
  return browser.authorize(String(start.headers.location), PUBLIC_URL, account.sub, opts.deny);
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

async function usersWithEmail(email: string) {
  return t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

describe('starting Google sign-in', () => {
  it('redirects to the issuer with PKCE (S256), state, nonce, the scope and our callback', async () => {
    const agent = t.agent();
    const res = await agent.get('/api/auth/google');
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(agent.sessionCookie).toBeDefined();

    const again = new URL(String((await t.agent().get('/api/auth/google')).headers.location));
    expect(again.searchParams.get('state')).not.toBe(params.get('state'));
    expect(again.searchParams.get('nonce')).not.toBe(params.get('nonce'));
    expect(again.searchParams.get('code_challenge')).not.toBe(params.get('code_challenge'));
  });

  it('discovers the issuer once and reuses its configuration', async () => {
    const before = provider.discoveryRequests();
    for (let i = 0; i < 3; i++) expect((await t.agent().get('/api/auth/google')).statusCode).toBe(302);
    expect(provider.discoveryRequests()).toBe(before);
  });
});

describe('Google callback', () => {
  it('signs a new Google user in with the ID token claims, on a new session id', async () => {
    const account = googleAccount();
    const agent = t.agent();
    const callback = await throughProvider(agent, account);
    expect(callback.searchParams.get('code')).toBeTruthy();
    const pendingSid = agent.sessionCookie;
    expect(pendingSid).toBeDefined();

    const res = await agent.get(pathOf(callback));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(agent.sessionCookie).toBeDefined();
    expect(agent.sessionCookie).not.toBe(pendingSid);

    const me = await agent.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({
      email: account.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: account.picture,
      company: null,
    });
    const [row] = await usersWithEmail(account.email);
    expect(row?.googleSubject).toBe(account.sub);
    expect(row?.passwordHash).toBeNull();

    // The pre-sign-in session is gone, not promoted.
    const stale = t.agent();
    stale.setCookie('sid', pendingSid ?? '');
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('counts as the first factor only for a user with two-step sign-in', async () => {
    const account = googleAccount();
    const browser = new ProviderBrowser();
    const agent = t.agent();
    await agent.get(pathOf(await throughProvider(agent, account, { browser })));
    // No password to re-authenticate with, and no app yet: the Google session sets it up.
    const setup = await agent.post('/api/auth/two-factor/setup', {});
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = Secret.fromBase32(json<{ secret: string }>(setup).secret);
    const code = (at: number) => new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: at });
    const confirm = await agent.post('/api/auth/two-factor/confirm', { code: code(Date.now()) });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const again = t.agent();
    const res = await again.get(pathOf(await throughProvider(again, account, { browser })));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(TWO_FACTOR_SIGN_IN_REDIRECT);
    expect((await again.get('/api/auth/user')).statusCode).toBe(401);
    // The next step's code: the one of this step was used by the setup.
    const verify = await again.post('/api/auth/two-factor/verify', { code: code(Date.now() + 30_000) });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(json(await again.get('/api/auth/user')).email).toBe(account.email);
  });

  it('finds the same user on a second sign-in', async () => {
    const account = googleAccount();
    const browser = new ProviderBrowser();
    const first = t.agent();
    await first.get(pathOf(await throughProvider(first, account, { browser })));
    const firstId = json(await first.get('/api/auth/user')).id;
    expect(firstId).toBeTruthy();

    // Another device of the same person: already signed in and consented at the provider.
    const second = t.agent();
    const res = await second.get(pathOf(await throughProvider(second, account, { browser })));
    expect(res.headers.location).toBe('/');
    expect(json(await second.get('/api/auth/user')).id).toBe(firstId);
    expect(await usersWithEmail(account.email)).toHaveLength(1);
  });

  it('links an existing password account with the same verified email instead of duplicating it', async () => {
    const email = `linked-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const passwordAgent = t.agent();
    const signup = await passwordAgent.post('/api/auth/signup', {
      email,
      password: 'secret-pass',
      firstName: 'Dana',
      lastName: 'Builder',
    });
    expect(signup.statusCode).toBe(201);
    const account = googleAccount({ email: email.toUpperCase(), email_verified: true });

    const agent = t.agent();
    const res = await agent.get(pathOf(await throughProvider(agent, account)));
    expect(res.headers.location).toBe('/');
    const me = json(await agent.get('/api/auth/user'));
    expect(me.id).toBe(json(signup).id);
    expect(me).toMatchObject({
      email,
      firstName: 'Dana',
      lastName: 'Builder',
      profileImageUrl: account.picture,
    });

    const rows = await usersWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSubject).toBe(account.sub);
    // The password still works too.
    const signin = await t.agent().post('/api/auth/signin', { email, password: 'secret-pass' });
    expect(signin.statusCode).toBe(200);
  });

  it('does not link an existing account when Google has not verified the email', async () => {
    const email = `unverified-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await t.agent().post('/api/auth/signup', {
      email,
      password: 'secret-pass',
      firstName: 'Dana',
      lastName: 'Builder',
    });
    const account = googleAccount({ email, email_verified: false });

    const agent = t.agent();
    const res = await agent.get(pathOf(await throughProvider(agent, account)));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(GOOGLE_FAILURE_REDIRECT);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
    const rows = await usersWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSubject).toBeNull();
  });

  it('creates an account for an unverified email that no account uses', async () => {
    const account = googleAccount({ email_verified: false });
    const agent = t.agent();
    const res = await agent.get(pathOf(await throughProvider(agent, account)));
    expect(res.headers.location).toBe('/');
    expect(json(await agent.get('/api/auth/user')).email).toBe(account.email);
  });

  it('refuses a tampered state, and the attempt cannot be replayed', async () => {
    const account = googleAccount();
    const agent = t.agent();
    const callback = await throughProvider(agent, account);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);

    const res = await agent.get(pathOf(tampered));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(GOOGLE_FAILURE_REDIRECT);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);

    // The verifier, state and nonce were single-use: the genuine response no longer signs in either.
    const replay = await agent.get(pathOf(callback));
    expect(replay.headers.location).toBe(GOOGLE_FAILURE_REDIRECT);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
    expect(await usersWithEmail(account.email)).toHaveLength(0);
  });

  it('refuses a code delivered to another browser session', async () => {
    const account = googleAccount();
    const victim = t.agent();
    const callback = await throughProvider(victim, account);
    const attacker = t.agent();
    await attacker.get('/api/auth/google'); // a sign-in of its own in progress, with other state
    const res = await attacker.get(pathOf(callback));
    expect(res.headers.location).toBe(GOOGLE_FAILURE_REDIRECT);
    expect((await attacker.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('sends a user who refuses consent back to /signin', async () => {
    const account = googleAccount();
    const agent = t.agent();
    const callback = await throughProvider(agent, account, { deny: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const res = await agent.get(pathOf(callback));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(GOOGLE_FAILURE_REDIRECT);
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a callback when no sign-in was started in this session', async () => {
    const res = await t.agent().get('/api/auth/google/callback?code=abc&state=def');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(GOOGLE_FAILURE_REDIRECT);
  });
});

describe('without Google configured', () => {
  it('answers 404 JSON on both routes and reports Google as disabled', async () => {
    const plain = await createTestApp({ PUBLIC_URL });
    try {
      const agent = plain.agent();
      for (const url of ['/api/auth/google', '/api/auth/google/callback?code=abc&state=def']) {
        const res = await agent.get(url);
        expect(res.statusCode).toBe(404);
        expect(json(res)).toMatchObject({ message: 'Google sign-in is not configured' });
      }
      expect(json(await agent.get('/api/auth/config'))).toEqual({ googleEnabled: false });
      expect(json(await t.agent().get('/api/auth/config'))).toEqual({ googleEnabled: true });
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe('when the issuer cannot be reached', () => {
  it('answers 503 JSON, and recovers once the issuer is up (the failure is not cached)', async () => {
    const port = await freePort();
    const app = await createTestApp(googleEnv(`http://127.0.0.1:${port}`));
    let late: TestProvider | undefined;
    try {
      const down = await app.agent().get('/api/auth/google');
      expect(down.statusCode).toBe(503);
      expect(json(down).message).toMatch(/Google sign-in is unavailable/);

      late = await startTestProvider({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUri: REDIRECT_URI,
        port,
      });
      const up = await app.agent().get('/api/auth/google');
      expect(up.statusCode).toBe(302);
      expect(String(up.headers.location)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/`));
    } finally {
      await app.close();
      await late?.close();
    }
  }, 60_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
