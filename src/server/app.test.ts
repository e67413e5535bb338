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

describe('security headers', () => {
  it('forbids framing by the CSP alone, and sends no HSTS over plain HTTP', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same security headers on every kind of answer', async () => {
    const answers = await Promise.all(
      ['/api/health', '/api/nope', '/api/projects', '/', '/projects/1'].map((url) => t.app.inject({ url })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 401, 200, 200]);
    for (const { headers } of answers) {
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await proxied.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      const http = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
