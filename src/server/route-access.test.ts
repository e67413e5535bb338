/**
 * Walks the whole route table: every route declares who may call it, and a visitor reaches none of
 * the routes that are not public, however the path is spelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from './app.js';
import { createTestApp, type TestApp } from './testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ACCESS_LEVELS = ['public', 'user', 'tenant', 'admin', 'manager'];

/** A concrete path for a route pattern: every parameter and wildcard filled with a plausible value. */
function concretePath(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
}

/** Percent-encodes the first letter of each segment (`/api/projects` → `/%61pi/%70rojects`). */
function encodeLetters(path: string): string {
  return path.replace(/\/([A-Za-z])/g, (_m, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
}

/** The ways an attacker could spell one path to slip past a check that reads the raw URL. */
function spellings(path: string): string[] {
  return [
    path,
    encodeLetters(path),
    path.replace(/^\/api\//, '/%61pi/'),
    path.replace(/^\//, '//'),
    path.replace(/^\/api\//, '/api//'),
    `${path}/`,
    `${encodeLetters(path)}/`,
    path.toUpperCase(),
    path.replace(/^\/api\//, '/API/'),
    `${path}?x=1`,
    `${path}%3Fx=1`,
    path.replace(/\//g, '/./'),
  ];
}

const nonPublic = (table: RouteInfo[]) => table.filter((r) => r.access !== 'public');

describe('the route table', () => {
  it('every route declares an access level', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(40);
    const undeclared = t.app.routeTable.filter((r) => !ACCESS_LEVELS.includes(r.access ?? ''));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('keeps the API private: only sign-in, sign-up, password reset, health, configuration, feedback, docs, calendar feeds (opened by their secret address) and the Stripe webhook (authorised by its signature) are public', () => {
    const publicApi = t.app.routeTable
      .filter((r) => r.access === 'public' && r.url.startsWith('/api/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    for (const route of publicApi) {
      expect(route).toMatch(
        /^(GET|POST) \/api\/(health|auth\/(signin|signup|logout|config|user|google|password-reset|test-session)|login|test-session|feedback|docs|auth\/two-factor\/verify$|calendar\/:token\.ics$|stripe\/webhook$)/,
      );
    }
  });

  it('answers a visitor 401 or 404 on every route that is not public, whatever the spelling of its path', async () => {
    const routes = nonPublic(t.app.routeTable);
    expect(routes.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    let n = 0;
    for (const route of routes) {
      for (const url of spellings(concretePath(route.url))) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          // A fresh address per request keeps the per-address rate limits out of the picture.
          remoteAddress: `10.250.${(++n >> 8) & 255}.${n & 255}`,
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? { payload: {} } : {}),
        });
        if (res.statusCode !== 401 && res.statusCode !== 404) {
          leaks.push(`${route.method} ${url} (${route.url}) → ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('answers a signed-in user without a company 403 on every tenant, admin and manager route', async () => {
    const loner = t.agent();
    await loner.signUpWithCompany({ company: false });
    const routes = t.app.routeTable.filter(
      (r) => ['tenant', 'admin', 'manager'].includes(r.access ?? '') && r.method !== 'HEAD',
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await loner.request(route.method as 'GET', concretePath(route.url));
      if (res.statusCode !== 403) wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a plain member 403 managers_only on every manager route, whatever the spelling of its path', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany();
    const member = t.agent();
    await member.signUpWithCompany();
    // Made a plain member of the owner's company (the invitation path is tested in the team module).
    const { users } = await import('./db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const ownerCompany = (await owner.get('/api/auth/user')).json().companyId as number;
    const memberId = (await member.get('/api/auth/user')).json().id as string;
    await t.ctx.db
      .update(users)
      .set({ companyId: ownerCompany, role: 'member' })
      .where(eq(users.id, memberId));
    const routes = t.app.routeTable.filter((r) => r.access === 'manager' && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const url of spellings(concretePath(route.url))) {
        const res = await member.request(route.method as 'GET', url, {});
        if (res.statusCode === 404) continue;
        if (res.statusCode !== 403 || res.json().code !== 'managers_only') {
          wrong.push(`${route.method} ${url} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers an owner whose company requires two-step sign-in, without it set up, 403 two_factor_setup_required on every tenant, admin and manager route', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany();
    const { companies } = await import('./db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const companyId = (await owner.get('/api/auth/user')).json().companyId as number;
    await t.ctx.db.update(companies).set({ twoFactorRequired: true }).where(eq(companies.id, companyId));
    const routes = t.app.routeTable.filter(
      (r) => ['tenant', 'admin', 'manager'].includes(r.access ?? '') && r.method !== 'HEAD',
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await owner.request(route.method as 'GET', concretePath(route.url), {});
      if (res.statusCode !== 403 || res.json().code !== 'two_factor_setup_required') {
        wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Their account stays open: that is where the setup is.
    expect((await owner.get('/api/auth/two-factor')).statusCode).toBe(200);
  });

  it('still answers unknown paths 404, as JSON for API clients and as the app page for browsers', async () => {
    const api = await t.app.inject({ url: '/API/projects' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route for GET /API/projects' });
    const page = await t.app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
  });
});
