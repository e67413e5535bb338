import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../../contracts/documents.js';
import { loadConfig } from '../../config.js';
import { documents } from '../../db/schema/index.js';
import { upload } from '../../modules/documents/documents.test-support.js';
import { samples } from '../../modules/documents/test-files.js';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';
import { s3Storage } from './s3-storage.js';
import { newStorageKey, StoredFileMissing } from './storage.js';

/**
 * The S3 storage against s3rver, an S3-compatible server run here on 127.0.0.1 (no network needed):
 * the real AWS SDK client, signing, path-style addressing and error mapping.
 */
const dir = mkdtempSync(join(tmpdir(), 'babe-s3rver-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: 'documents' }],
});
let env: Record<string, string>;
let t: TestApp;

beforeAll(async () => {
  const { port } = await server.run();
  env = {
    S3_BUCKET: 'documents',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  t = await createTestApp(env);
});
afterAll(async () => {
  await t.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('is chosen when S3_BUCKET is set', () => {
    const config = loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(32) });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'documents',
      endpoint: env.S3_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    expect(() =>
      loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-half', SESSION_SECRET: 'x'.repeat(32) }),
    ).toThrow('S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY');
  });

  it('puts, reads, finds and deletes objects', async () => {
    const config = loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(32) });
    if (config.storage.kind !== 's3') throw new Error('expected S3');
    const storage = s3Storage(config.storage);
    try {
      const key = newStorageKey(3, 'png');
      await storage.put(key, samples.png, 'image/png');
      expect(await storage.exists(key)).toBe(true);
      expect(await buffer(await storage.get(key))).toEqual(samples.png);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
    } finally {
      storage.close();
    }
  });

  it('serves uploads, downloads and deletes through the API', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany();
    const project = json<{ id: number }>(
      await agent.post('/api/projects', {
        name: 'Bucket Test',
        client: 'S3',
        budget: '1',
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      }),
    );
    const res = await upload(t.app, agent, project.id, [
      { name: 'plan.pdf', content: samples.pdf },
      { name: 'photo.jpg', content: samples.jpeg },
    ]);
    expect(res.statusCode).toBe(201);
    const [pdf, jpg] = json<DocumentDto[]>(res);
    const download = await agent.get(`/api/documents/${pdf?.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload).toEqual(samples.pdf);

    const config = loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(32) });
    if (config.storage.kind !== 's3') throw new Error('expected S3');
    const storage = s3Storage(config.storage);
    try {
      const rows = await t.ctx.db.select().from(documents).where(eq(documents.projectId, project.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(await storage.exists(row.filePath)).toBe(true);

      expect((await agent.delete(`/api/documents/${jpg?.id}`)).statusCode).toBe(200);
      const jpgRow = rows.find((r) => r.id === jpg?.id);
      if (!jpgRow) throw new Error('no row for the jpg');
      expect(await storage.exists(jpgRow.filePath)).toBe(false);

      expect((await agent.delete(`/api/projects/${project.id}`)).statusCode).toBe(200);
      for (const row of rows) expect(await storage.exists(row.filePath)).toBe(false);
    } finally {
      storage.close();
    }
  });
});
