import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiInsights,
  builtinSubscriptions,
  companies,
  contacts,
  documents,
  projects,
  promoCodes,
  tasks,
  updates,
  users,
} from '../../db/schema/index.js';
import { newStorageKey, storageFor } from '../../providers/storage/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let expired: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy so each test user can come from its own address (sign-up is rate-limited per IP).
  [t, expired] = await Promise.all([createTestApp(), createTestApp({ TRIAL_DAYS: '0' })]);
  const past = new Date(Date.now() - 86_400_000);
  await t.ctx.db.insert(promoCodes).values([
    { code: 'OLDNEWS', discountType: 'percent', discount: 50, expiresAt: past },
    { code: 'RETIRED', discountType: 'percent', discount: 10, active: false },
    { code: 'SAVE25', discountType: 'amount', discount: 25, expiresAt: new Date(Date.now() + 86_400_000) },
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), expired.close()]);
});

interface Me {
  id: string;
  companyId: number;
  company: { subscriptionStatus: string; subscriptionPlan: string; trialEndsAt: string | null };
}
const me = async (agent: Agent) => json<Me>(await agent.get('/api/auth/user'));

/** A signed-up user (each agent calls from its own address), with a company unless `company` is false. */
async function signUp(app: TestApp = t, company = true) {
  const agent = app.agent();
  await agent.signUpWithCompany({
    email: `sub-${crypto.randomUUID().slice(0, 8)}@example.com`,
    company: company ? 'Test Builders' : false,
  });
  return agent;
}

async function companyAgent(app: TestApp = t) {
  const agent = await signUp(app);
  return { agent, user: await me(agent) };
}

const newProject = {
  name: 'Maple Street Duplex',
  client: 'Jane Client',
  type: 'Residential',
  budget: '250000',
  startDate: '2026-09-01T00:00:00.000Z',
  endDate: '2027-04-01T00:00:00.000Z',
};

describe('POST /api/subscription/validate-promo', () => {
  it('accepts the seeded BUILD20, trimmed and upper-cased', async () => {
    const { agent } = await companyAgent();
    const res = await agent.post('/api/subscription/validate-promo', { promoCode: '  build20 ' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      valid: true,
      discount: 20,
      discountType: 'percent',
      message: 'BUILD20: 20% off your subscription after the trial ends',
    });
  });

  it('describes an amount code in dollars', async () => {
    const { agent } = await companyAgent();
    const res = await agent.post('/api/subscription/validate-promo', { promoCode: 'save25' });
    expect(json(res)).toMatchObject({ valid: true, discount: 25, discountType: 'amount' });
  });

  it.each([
    ['NOSUCHCODE', 'Invalid promo code'],
    ['oldnews', 'This promo code has expired'],
    ['RETIRED', 'This promo code is no longer active'],
  ])('answers 200 valid: false for %s', async (promoCode, message) => {
    const { agent } = await companyAgent();
    const res = await agent.post('/api/subscription/validate-promo', { promoCode });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ valid: false, discount: null, discountType: null, message });
  });

  it.each([
    ['blank', { promoCode: '   ' }, 'Please enter a promo code'],
    ['missing', {}, 'Please enter a promo code'],
    ['a number', { promoCode: 20 }, 'Please enter a promo code'],
  ])('answers 400 to a %s code', async (_label, body, message) => {
    const { agent } = await companyAgent();
    const res = await agent.post('/api/subscription/validate-promo', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ promoCode: message });
  });
});

describe('POST /api/subscription/create-trial', () => {
  it('starts the trial without a card and records the plan', async () => {
    const { agent, user } = await companyAgent();
    const res = await agent.post('/api/subscription/create-trial', { plan: 'monthly' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      clientSecret: null,
      cardOnFile: false,
      subscriptionActive: false,
      message: 'Trial active: 14 days left. No card needed.',
    });
    expect((await me(agent)).company.subscriptionPlan).toBe('monthly');
    const [record] = await t.ctx.db
      .select()
      .from(builtinSubscriptions)
      .where(eq(builtinSubscriptions.companyId, user.companyId));
    expect(record).toMatchObject({ plan: 'monthly', status: 'trialing', promoCode: null });
  });

  it('records an applied promo; changing the choice replaces it', async () => {
    const { agent, user } = await companyAgent();
    const res = await agent.post('/api/subscription/create-trial', { plan: 'yearly', promoCode: ' build20' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(
      'Trial active: 14 days left. No card needed. Promo BUILD20 applied: 20% off after the trial.',
    );
    const record = async () =>
      (
        await t.ctx.db
          .select()
          .from(builtinSubscriptions)
          .where(eq(builtinSubscriptions.companyId, user.companyId))
      )[0];
    expect(await record()).toMatchObject({
      plan: 'yearly',
      promoCode: 'BUILD20',
      promoDiscountType: 'percent',
      promoDiscount: 20,
    });
    expect((await me(agent)).company.subscriptionPlan).toBe('yearly');

    // The promo was removed and the plan switched: the request repeats without it.
    await agent.post('/api/subscription/create-trial', { plan: 'monthly', promoCode: '' });
    expect(await record()).toMatchObject({ plan: 'monthly', promoCode: null, promoDiscount: null });
  });

  it('refuses an invalid promo with 400 and records nothing', async () => {
    const { agent } = await companyAgent();
    const res = await agent.post('/api/subscription/create-trial', { plan: 'monthly', promoCode: 'OLDNEWS' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'invalid_promo', message: 'This promo code has expired' });
    expect((await me(agent)).company.subscriptionPlan).toBe('starter');
  });

  it.each([
    ['missing plan', {}],
    ['unknown plan', { plan: 'weekly' }],
    ['plan of the wrong type', { plan: 12 }],
  ])('answers 400 to a %s', async (_label, body) => {
    const { agent } = await companyAgent();
    const res = await agent.post('/api/subscription/create-trial', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ plan: 'Please choose the monthly or yearly plan' });
  });

  it('says "Trial already active" with subscriptionActive once the subscription is active', async () => {
    const { agent } = await companyAgent();
    await agent.post('/api/subscription/create-checkout');
    const res = await agent.post('/api/subscription/create-trial', { plan: 'yearly' });
    expect(json(res)).toEqual({
      clientSecret: null,
      cardOnFile: false,
      subscriptionActive: true,
      message: 'Trial already active: your subscription is active',
    });
  });

  it('does not grant a new trial once the trial has ended', async () => {
    const { agent } = await companyAgent(expired);
    const res = await agent.post('/api/subscription/create-trial', { plan: 'yearly' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      clientSecret: null,
      cardOnFile: false,
      subscriptionActive: false,
      message: 'Your trial has ended. Subscribe to continue.',
    });
    expect((await agent.get('/api/projects')).statusCode).toBe(402);
  });
});

describe('POST /api/subscription/create-checkout', () => {
  it('turns a payment-required company active (TRIAL_DAYS=0): the product opens', async () => {
    const { agent, user } = await companyAgent(expired);
    expect((await agent.get('/api/projects')).statusCode).toBe(402);
    await agent.post('/api/subscription/create-trial', { plan: 'monthly', promoCode: 'BUILD20' });

    // The web client sends no payload.
    const res = await agent.request('POST', '/api/subscription/create-checkout');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ checkoutUrl: '/payment-required?payment=success' });

    expect((await me(agent)).company).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'monthly',
    });
    expect((await agent.get('/api/projects')).statusCode).toBe(200);
    const [record] = await expired.ctx.db
      .select()
      .from(builtinSubscriptions)
      .where(eq(builtinSubscriptions.companyId, user.companyId));
    expect(record).toMatchObject({ status: 'active', plan: 'monthly', promoCode: 'BUILD20' });
    expect(record?.activatedAt).toBeInstanceOf(Date);
  });

  it('takes a plan from the body and defaults to yearly without one', async () => {
    const a = await companyAgent(expired);
    await a.agent.post('/api/subscription/create-checkout', { plan: 'monthly' });
    expect((await me(a.agent)).company.subscriptionPlan).toBe('monthly');
    const b = await companyAgent(expired);
    await b.agent.post('/api/subscription/create-checkout', {});
    expect((await me(b.agent)).company).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'yearly',
    });
  });

  it('answers 400 to an unknown plan and changes nothing', async () => {
    const { agent } = await companyAgent(expired);
    const res = await agent.post('/api/subscription/create-checkout', { plan: 'forever' });
    expect(res.statusCode).toBe(400);
    expect((await me(agent)).company.subscriptionStatus).toBe('trial');
  });
});

describe('POST /api/emergency/fix-subscription', () => {
  it('reports a running trial as fine', async () => {
    const { agent } = await companyAgent();
    const res = await agent.request('POST', '/api/emergency/fix-subscription');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      message: 'Trial active: 14 days left of your free trial',
      subscriptionStatus: 'trial',
    });
  });

  it('cannot fix an ended trial that was never paid for', async () => {
    const { agent } = await companyAgent(expired);
    const res = await agent.post('/api/emergency/fix-subscription');
    expect(json(res)).toEqual({
      success: false,
      error: 'no_subscription',
      message: 'No paid subscription was found for this company. Subscribe to continue.',
      subscriptionStatus: 'trial',
    });
    expect((await agent.get('/api/projects')).statusCode).toBe(402);
  });

  it('restores a paid subscription whose stored status went out of step', async () => {
    const { agent, user } = await companyAgent(expired);
    await agent.post('/api/subscription/create-checkout');
    await expired.ctx.db
      .update(companies)
      .set({ subscriptionStatus: 'past_due' })
      .where(eq(companies.id, user.companyId));
    expect((await agent.get('/api/projects')).statusCode).toBe(402);

    const res = await agent.post('/api/emergency/fix-subscription');
    expect(json(res)).toEqual({
      success: true,
      message: 'Subscription status fixed: your subscription is active',
      subscriptionStatus: 'active',
    });
    expect((await agent.get('/api/projects')).statusCode).toBe(200);
  });

  it('applies a cancellation the company row missed', async () => {
    const { agent, user } = await companyAgent();
    await agent.post('/api/subscription/create-checkout');
    await t.ctx.db
      .update(builtinSubscriptions)
      .set({ status: 'cancelled' })
      .where(eq(builtinSubscriptions.companyId, user.companyId));
    const res = await agent.post('/api/emergency/fix-subscription');
    expect(json(res)).toMatchObject({ success: false, error: 'cancelled', subscriptionStatus: 'cancelled' });
    expect((await me(agent)).company.subscriptionStatus).toBe('cancelled');
  });
});

describe('POST /api/subscription/cancel', () => {
  /** Stored files of seeded documents, by company. */
  const storedKeys = new Map<number, string[]>();

  async function seedData(agent: Agent, user: Me) {
    const key = newStorageKey(user.companyId, 'pdf');
    await storageFor(t.ctx.config).put(key, Buffer.from('%PDF-1.4 estimate'), 'application/pdf');
    storedKeys.set(user.companyId, [...(storedKeys.get(user.companyId) ?? []), key]);
    const project = json<{ id: number }>(await agent.post('/api/projects', newProject));
    const { db } = t.ctx;
    const [task] = await db
      .insert(tasks)
      .values({
        companyId: user.companyId,
        projectId: project.id,
        name: 'Framing',
        startDate: new Date(),
        endDate: new Date(),
      })
      .returning();
    await db
      .insert(contacts)
      .values({ companyId: user.companyId, name: 'Bob', email: 'bob@example.com', type: 'vendor' });
    await db.insert(aiInsights).values([
      {
        companyId: user.companyId,
        projectId: project.id,
        type: 'risk',
        severity: 'high',
        title: 'R',
        description: 'D',
      },
      { companyId: user.companyId, type: 'opportunity', severity: 'low', title: 'O', description: 'D' },
    ]);
    await db.insert(updates).values({
      companyId: user.companyId,
      projectId: project.id,
      taskId: task?.id,
      message: 'Started',
      createdBy: user.id,
    });
    await db.insert(documents).values({
      companyId: user.companyId,
      projectId: project.id,
      name: 'estimate.pdf',
      originalName: 'estimate.pdf',
      type: 'estimate',
      mimeType: 'application/pdf',
      fileSize: 10,
      filePath: key,
      uploadedBy: user.id,
    });
  }

  async function countsOf(companyId: number) {
    const { db } = t.ctx;
    const n = async (
      table:
        | typeof projects
        | typeof tasks
        | typeof contacts
        | typeof aiInsights
        | typeof updates
        | typeof documents,
    ) => (await db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]?.n;
    return {
      projects: await n(projects),
      tasks: await n(tasks),
      contacts: await n(contacts),
      insights: await n(aiInsights),
      updates: await n(updates),
      documents: await n(documents),
      storedFiles: (
        await Promise.all((storedKeys.get(companyId) ?? []).map((k) => storageFor(t.ctx.config).exists(k)))
      ).filter(Boolean).length,
    };
  }
  const seeded = {
    projects: 1,
    tasks: 1,
    contacts: 1,
    insights: 2,
    updates: 1,
    documents: 1,
    storedFiles: 1,
  };
  const none = { projects: 0, tasks: 0, contacts: 0, insights: 0, updates: 0, documents: 0, storedFiles: 0 };

  it('cancels the trial and keeps the data without the option (no payload, as from the profile)', async () => {
    const { agent, user } = await companyAgent();
    await seedData(agent, user);
    const res = await agent.request('POST', '/api/subscription/cancel');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      message: 'Subscription cancelled',
      subscriptionStatus: 'cancelled',
      dataDeleted: false,
    });
    expect(await countsOf(user.companyId)).toEqual(seeded);
    expect((await me(agent)).company.subscriptionStatus).toBe('cancelled');
    // Payment is now required; the subscription routes stay reachable.
    expect((await agent.get('/api/projects')).statusCode).toBe(402);
    expect(json(await agent.post('/api/subscription/create-trial', { plan: 'yearly' })).message).toBe(
      'Your subscription is cancelled. Subscribe to continue.',
    );
    // Neither trial setup nor the fix revives the trial.
    expect(json(await agent.post('/api/emergency/fix-subscription'))).toMatchObject({
      success: false,
      subscriptionStatus: 'cancelled',
    });
    // Subscribing again opens the product with the data still there.
    await agent.post('/api/subscription/create-checkout');
    const list = await agent.get('/api/projects');
    expect(list.statusCode).toBe(200);
    expect(json<unknown[]>(list)).toHaveLength(1);
  });

  it('with deleteDataOnCancel deletes the company’s data and nobody else’s', async () => {
    const other = await companyAgent();
    await seedData(other.agent, other.user);
    const { agent, user } = await companyAgent();
    await seedData(agent, user);
    expect(await countsOf(user.companyId)).toEqual(seeded);

    const res = await agent.post('/api/subscription/cancel', { deleteDataOnCancel: true });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      message: 'Subscription cancelled and company data deleted',
      subscriptionStatus: 'cancelled',
      dataDeleted: true,
    });
    expect(await countsOf(user.companyId)).toEqual(none);
    expect(await countsOf(other.user.companyId)).toEqual(seeded);
    expect((await me(other.agent)).company.subscriptionStatus).toBe('trial');
    // The company and its members stay.
    expect((await me(agent)).company.subscriptionStatus).toBe('cancelled');
  });

  it('lets only an owner or admin cancel; a member changes nothing', async () => {
    const { agent, user } = await companyAgent();
    await seedData(agent, user);
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.id, user.id));
    for (const body of [{ deleteDataOnCancel: true }, { deleteDataOnCancel: false }, {}]) {
      const res = await agent.post('/api/subscription/cancel', body);
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('managers_only');
    }
    expect(await countsOf(user.companyId)).toEqual(seeded);
    expect((await me(agent)).company.subscriptionStatus).toBe('trial');
  });

  it('answers 400 to a deleteDataOnCancel that is not a boolean', async () => {
    const { agent, user } = await companyAgent();
    await seedData(agent, user);
    const res = await agent.post('/api/subscription/cancel', { deleteDataOnCancel: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ deleteDataOnCancel: 'deleteDataOnCancel must be true or false' });
    expect(await countsOf(user.companyId)).toEqual(seeded);
    expect((await me(agent)).company.subscriptionStatus).toBe('trial');
  });
});

describe('access to the subscription routes', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['/api/subscription/create-trial', { plan: 'yearly' }],
    ['/api/subscription/validate-promo', { promoCode: 'BUILD20' }],
    ['/api/subscription/create-checkout', {}],
    ['/api/emergency/fix-subscription', {}],
    ['/api/subscription/cancel', {}],
  ];

  it.each(calls)('%s answers 401 signed out and 403 no_company without a company', async (url, body) => {
    expect((await t.agent().post(url, body)).statusCode).toBe(401);
    const agent = await signUp(t, false);
    const res = await agent.post(url, body);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('no_company');
  });

  it('rate-limits promo checks per user', async () => {
    const { agent } = await companyAgent();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await agent.post('/api/subscription/validate-promo', { promoCode: `GUESS${i}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another user is not affected.
    const other = await companyAgent();
    expect((await other.agent.post('/api/subscription/validate-promo', { promoCode: 'X' })).statusCode).toBe(
      200,
    );
  });
});
