import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../testing/database.js';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok with the kind of database in use', async () => {
    const res = await t.agent().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: 'ok',
      database: testDbKind() === 'postgres' ? 'postgresql' : 'pglite',
    });
  });

  it('answers 503 when the database does not answer', async () => {
    await t.ctx.database.close();
    const res = await t.agent().get('/api/health');
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toBe('The database is not answering');
  });
});
