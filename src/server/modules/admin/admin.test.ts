import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'ops@example.com, Platform@Example.com' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/users', () => {
  it('answers the owner with the company users and the five counters', async () => {
    const owner = t.agent();
    const { email } = await owner.signUpWithCompany();
    const res = await owner.get('/api/admin/users');
    expect(res.statusCode).toBe(200);
    const body = json<{ users: { email: string; company: string }[]; summary: Record<string, number> }>(res);
    expect(body.users.map((u) => u.email)).toEqual([email]);
    expect(body.summary).toEqual({
      totalUsers: 1,
      activeSubscriptions: 0,
      trialUsers: 1,
      cancelledUsers: 0,
      usersWithStripeCustomer: 0,
    });
  });

  it('refuses a member with 403', async () => {
    const member = t.agent();
    const { email } = await member.signUpWithCompany();
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.email, email));
    const res = await member.get('/api/admin/users');
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Administrators only');
  });

  it('lets a member listed in ADMIN_EMAILS in', async () => {
    const ops = t.agent();
    await ops.signUpWithCompany({ email: 'ops@example.com' });
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.email, 'ops@example.com'));
    expect((await ops.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('shows an owner their own company only, and an operator every company (users without one included)', async () => {
    const first = t.agent();
    const a = await first.signUpWithCompany({ company: 'First Builders' });
    const second = t.agent();
    const b = await second.signUpWithCompany({ company: 'Second Builders' });
    const loner = t.agent();
    const c = await loner.signUpWithCompany({ company: false });

    const own = json<{ users: { email: string; company: string | null }[] }>(
      await first.get('/api/admin/users'),
    );
    expect(own.users.map((u) => u.email)).toEqual([a.email]);

    const ops = t.agent();
    // A member of a company of their own, listed in ADMIN_EMAILS (compared without regard to case).
    await ops.signUpWithCompany({ email: 'platform@example.com', company: 'Ops Co' });
    const all = json<{ users: { email: string; company: string | null }[]; summary: Record<string, number> }>(
      await ops.get('/api/admin/users'),
    );
    const byEmail = new Map(all.users.map((u) => [u.email, u.company]));
    expect(byEmail.get(a.email)).toBe('First Builders');
    expect(byEmail.get(b.email)).toBe('Second Builders');
    expect(byEmail.get(c.email)).toBeNull();
    expect(all.summary.totalUsers).toBe(all.users.length);
    // Users without a company count in the total only.
    expect(all.summary.trialUsers).toBe(all.users.filter((u) => u.company !== null).length);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await t.agent().get('/api/admin/users')).statusCode).toBe(401);
  });
});
