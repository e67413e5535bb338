import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.js';

/** A built web app of one page and one script, with the script's precompressed copies. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'babe-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>App</title>${'<!-- shell -->'.repeat(200)}`);
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
  writeFileSync(join(dir, 'assets/app-1a2b3c.js'), script);
  // Marked, so the test can tell the stored copies from compression on the fly.
  writeFileSync(join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(`${script}// stored br`));
  writeFileSync(join(dir, 'assets/app-1a2b3c.js.gz'), gzipSync(`${script}// stored gz`));
  return dir;
}

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fakeWebBuild();
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const doc = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(doc.openapi).toMatch(/^3\./);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);

    const gz = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(doc);

    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(doc);
  });

  it('sends small answers as they are', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) });
  });

  it('sends the build’s precompressed copy of an asset, cached for good', async () => {
    const br = await t.app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toMatch(/\/\/ stored br$/);

    const gz = await t.app.inject({ url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toMatch(/\/\/ stored gz$/);

    const plain = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^export const app/);
  });

  it('compresses the app shell of a page', async () => {
    const res = await t.app.inject({ url: '/projects', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toMatch(
      /^<!doctype html><title>App<\/title>/,
    );
  });

  it('reads a request body as sent: a compressed upload is not inflated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'secret-secret' })),
    });
    // Inflated, it would be a sign-in of an unknown user (401); as sent it is not JSON.
    expect(res.statusCode).toBe(400);
  });
});
