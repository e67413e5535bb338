import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let expired: TestApp;
beforeAll(async () => {
  [t, expired] = await Promise.all([createTestApp(), createTestApp({ TRIAL_DAYS: '0' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), expired.close()]);
});

describe('POST /api/companies', () => {
  it('creates the company, makes the caller its owner and starts a 14-day trial', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany({ company: false });
    const before = Date.now();
    const res = await agent.post('/api/companies', { name: 'Acme Builders, LLC', type: 'residential' });
    expect(res.statusCode).toBe(201);
    const user = json<{
      role: string;
      company: { name: string; slug: string; type: string; subscriptionStatus: string; trialEndsAt: string };
    }>(res);
    expect(user.role).toBe('owner');
    expect(user.company).toMatchObject({
      name: 'Acme Builders, LLC',
      slug: 'acme-builders-llc',
      type: 'residential',
      subscriptionStatus: 'trial',
    });
    const days = (Date.parse(user.company.trialEndsAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
  });

  it('gives each company a unique slug', async () => {
    const a = t.agent();
    const b = t.agent();
    await a.signUpWithCompany({ company: 'Same Name' });
    await b.signUpWithCompany({ company: 'Same Name' });
    const slugA = json<{ company: { slug: string } }>(await a.get('/api/auth/user')).company.slug;
    const slugB = json<{ company: { slug: string } }>(await b.get('/api/auth/user')).company.slug;
    expect(slugA).not.toBe(slugB);
  });

  it('answers 409 to a user already in a company', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany();
    const res = await agent.post('/api/companies', { name: 'Second', type: 'general' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('You already belong to a company');
  });

  it('creates only one company when two requests race', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany({ company: false });
    const results = await Promise.all([
      agent.post('/api/companies', { name: 'Race One', type: 'general' }),
      agent.post('/api/companies', { name: 'Race Two', type: 'general' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('validates name and type', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany({ company: false });
    const res = await agent.post('/api/companies', { name: ' ', type: 'shipyard' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      name: 'Company name is required',
      type: 'Please select a company type',
    });
    expect(json(await agent.get('/api/auth/user')).company).toBeNull();
  });

  it('requires a session', async () => {
    expect((await t.agent().post('/api/companies', { name: 'X', type: 'general' })).statusCode).toBe(401);
  });
});

describe('the subscription gate', () => {
  it('answers 403 no_company to a signed-in user without a company', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany({ company: false });
    const res = await agent.get('/api/projects');
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('no_company');
    // account routes stay reachable
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('answers 402 payment_required once the trial has ended (TRIAL_DAYS=0)', async () => {
    const agent = expired.agent();
    await agent.signUpWithCompany();
    const res = await agent.get('/api/projects');
    expect(res.statusCode).toBe(402);
    expect(json(res).code).toBe('payment_required');
    const write = await agent.post('/api/projects', {});
    expect(write.statusCode).toBe(402);
    // account routes stay reachable
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (
        await agent.patch('/api/auth/profile', {
          firstName: 'A',
          lastName: 'B',
          email: json(await agent.get('/api/auth/user')).email,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lets a company on a running trial in', async () => {
    const agent = t.agent();
    await agent.signUpWithCompany();
    expect((await agent.get('/api/projects')).statusCode).toBe(200);
  });

  it('answers 401 to anonymous calls of tenant routes', async () => {
    expect((await t.agent().get('/api/projects')).statusCode).toBe(401);
  });
});
