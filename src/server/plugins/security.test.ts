/**
 * Cross-origin calls: the app's own origin and the CORS_ORIGINS list may call the API (a listed one
 * with the headers that let its page read the answer); any other origin's unsafe request and its
 * preflight are refused 403 without Access-Control-Allow-Origin, and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { type Agent, createTestApp, json, type TestApp } from '../testing/harness.js';

const PARTNER = 'https://partner.example.test';
const OWN = 'https://app.example.test';
const EVIL = 'https://evil.example';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: OWN, CORS_ORIGINS: `${PARTNER}, http://localhost:5173/` });
  agent = t.agent();
  await agent.signUpWithCompany();
});
afterAll(async () => {
  await t.close();
});

const project = {
  name: 'Pier',
  client: 'Port',
  budget: '1000',
  startDate: '2026-03-02',
  endDate: '2026-06-01',
};
const projectCount = async () => json<unknown[]>(await agent.get('/api/projects')).length;
const preflight = (origin: string, method = 'POST') =>
  agent.request('OPTIONS', '/api/projects', undefined, {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'content-type',
  });

describe('cross-origin requests', () => {
  it('refuses another origin’s unsafe request and its preflight, with no CORS header, and nothing changes', async () => {
    const before = await projectCount();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await agent.request(method, '/api/projects', project, { origin: EVIL });
      expect(res.statusCode, method).toBe(403);
      expect(json(res).code).toBe('cross_site_request');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const pre = await preflight(EVIL);
    expect(pre.statusCode).toBe(403);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    // An opaque origin (a sandboxed frame, a file) is nobody's own.
    expect((await agent.request('POST', '/api/projects', project, { origin: 'null' })).statusCode).toBe(403);
    // A read is answered, but with nothing that lets the other page see it.
    const read = await agent.request('GET', '/api/projects', undefined, { origin: EVIL });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(await projectCount()).toBe(before);
  });

  it('lets a listed origin through, with the headers its page needs', async () => {
    const pre = await preflight(PARTNER, 'PATCH');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers).toMatchObject({
      'access-control-allow-origin': PARTNER,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': expect.stringContaining('PATCH'),
      'access-control-allow-headers': expect.stringContaining('content-type'),
    });
    expect(pre.headers.vary).toMatch(/Origin/);
    const created = await agent.request('POST', '/api/projects', project, {
      origin: PARTNER,
      'sec-fetch-site': 'cross-site',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe(PARTNER);
    // Listed with a trailing slash, the origin is the one browsers send.
    expect((await preflight('http://localhost:5173')).statusCode).toBe(204);
  });

  it('keeps same-origin requests and requests without an Origin working', async () => {
    const fromPublicUrl = await agent.request('POST', '/api/projects', project, {
      origin: OWN,
      'sec-fetch-site': 'same-origin',
    });
    expect(fromPublicUrl.statusCode, fromPublicUrl.body).toBe(201);
    expect(fromPublicUrl.headers['access-control-allow-origin']).toBeUndefined();
    // The address the request was sent to (a server reached by another name than PUBLIC_URL's).
    const fromOwnHost = await agent.request('POST', '/api/projects', project, {
      origin: 'http://localhost:80',
    });
    expect(fromOwnHost.statusCode).toBe(201);
    const noOrigin = await agent.post('/api/projects', project);
    expect(noOrigin.statusCode).toBe(201);
  });
});

describe('CORS_ORIGINS', () => {
  const env = (CORS_ORIGINS: string) => ({ SESSION_SECRET: 'x'.repeat(40), CORS_ORIGINS });
  it('reads origins, and refuses a wildcard, a path or something that is not an address', () => {
    expect(loadConfig(env('https://a.example, http://b.example:8080/')).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(loadConfig(env('')).corsOrigins).toEqual([]);
    for (const bad of ['*', 'https://a.example/app', 'a.example', 'ftp://a.example']) {
      expect(() => loadConfig(env(bad)), bad).toThrow(ConfigError);
    }
  });
});
