import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('API description', () => {
  it('every API route declares its responses, and its body when it takes one', () => {
    const api = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(10);
    const missing = api.filter((r) => {
      const responses = Object.keys(r.schema?.response ?? {});
      if (!responses.some((code) => /^[23]/.test(code))) return true;
      return ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.schema?.body && !r.url.endsWith('/logout');
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('serves the OpenAPI document and the reference page', async () => {
    const doc = await t.agent().get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(json(doc).openapi).toMatch(/^3\./);
    const paths = json<{ paths: Record<string, unknown> }>(doc).paths;
    expect(paths).toHaveProperty('/api/auth/signup');
    expect(paths).toHaveProperty('/api/projects/{id}');
    const page = await t.agent().get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers unknown API paths with JSON 404, signed in or not', async () => {
    const res = await t.agent().get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('No route for GET /api/nope');
  });
});
