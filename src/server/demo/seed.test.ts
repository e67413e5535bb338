import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../testing/harness.js';
import { DEMO_LOGIN, seedDemo } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('creates a company the demo login can use, once', async () => {
    expect(await seedDemo(t.ctx.db)).toBe(true);
    expect(await seedDemo(t.ctx.db)).toBe(false);
    const agent = t.agent();
    const signin = await agent.post('/api/auth/signin', DEMO_LOGIN);
    expect(signin.statusCode).toBe(200);
    expect(json<{ company: { subscriptionStatus: string } }>(signin).company.subscriptionStatus).toBe(
      'active',
    );
    const list = json<{ name: string }[]>(await agent.get('/api/projects'));
    expect(list).toHaveLength(3);
  });
});
