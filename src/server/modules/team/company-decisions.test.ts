/**
 * The decisions that bind the whole company (cancelling, the plan, paying, the company's location)
 * are its owner's and admins': a member who joined through an invitation is refused them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturingSmtpServer, startSmtpServer } from '../../../../tests/e2e/support/smtp.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { mailText, mailTo } from '../../testing/mail-text.js';

let smtp: CapturingSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Me {
  role: string;
  company: {
    subscriptionStatus: string;
    subscriptionPlan: string;
    trialSetUp: boolean;
    country: string;
    state: string | null;
  };
}
const me = async (agent: Agent) => json<Me>(await agent.get('/api/auth/user'));
const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** The invitation link the SMTP server received for `email`. */
async function invitationLink(owner: Agent, email: string, role: 'member' | 'admin') {
  const before = smtp.messages.length;
  const res = await owner.post('/api/team/invites', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBeGreaterThan(before);
  const raw = smtp.messages.slice(before).find((m) => mailTo(m).includes(email)) ?? '';
  const link = /https:\/\/app\.example\.test\/signup\?\S+/.exec(mailText(raw))?.[0];
  expect(link, mailText(raw)).toBeDefined();
  return new URL(link ?? '');
}

/** An owner with a company, and someone who joined it through a mailed invitation with `role`. */
async function companyWith(role: 'member' | 'admin') {
  const owner = t.agent();
  await owner.signUpWithCompany({ company: 'Decision Builders' });
  const email = uniqueEmail(role);
  const link = await invitationLink(owner, email, role);
  const joined = t.agent();
  const res = await joined.post('/api/auth/signup', {
    email,
    password: 'correct-horse',
    firstName: 'New',
    lastName: 'Hire',
    inviteToken: link.searchParams.get('invite'),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, joined, email, link };
}

describe('a member who joined by invitation', () => {
  it('is refused cancelling, choosing the plan, paying and changing the location, and nothing changes', async () => {
    const { owner, joined } = await companyWith('member');
    expect((await me(joined)).role).toBe('member');
    const refused = [
      await joined.post('/api/subscription/cancel', { deleteDataOnCancel: false }),
      await joined.post('/api/subscription/cancel', { deleteDataOnCancel: true }),
      await joined.post('/api/subscription/create-trial', { plan: 'monthly' }),
      await joined.post('/api/subscription/create-checkout', {}),
      await joined.put('/api/companies/location', { country: 'US', state: 'TX' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('managers_only');
      expect(json(res).message).toBe('Only the company’s owner or an admin can do this');
    }
    const company = (await me(owner)).company;
    expect(company).toMatchObject({ subscriptionStatus: 'trial', subscriptionPlan: 'starter', state: null });
    // What members may still do: use the product, and check the subscription's status.
    expect((await joined.get('/api/projects')).statusCode).toBe(200);
    expect((await joined.post('/api/emergency/fix-subscription', {})).statusCode).toBe(200);
  });

  it('gets the invited address in the mailed link, for the forms to fill in', async () => {
    const { link, email } = await companyWith('member');
    expect(link.searchParams.get('email')).toBe(email);
  });

  it('may delete their own account while others remain: the company stays', async () => {
    const { owner, joined } = await companyWith('member');
    const preview = await joined.get('/api/account/deletion');
    expect(preview.statusCode).toBe(200);
    expect(json(preview)).toEqual({
      companyDeleted: false,
      companyName: 'Decision Builders',
      counts: null,
      allowed: true,
    });
    const res = await joined.delete('/api/account/delete', { confirmation: 'DELETE', deleteAllData: true });
    expect(res.statusCode).toBe(200);
    expect((await owner.get('/api/projects')).statusCode).toBe(200);
  });
});

describe('an admin who joined by invitation', () => {
  it('may cancel the trial for the company', async () => {
    const { owner, joined } = await companyWith('admin');
    const res = await joined.post('/api/subscription/cancel', { deleteDataOnCancel: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(owner)).company.subscriptionStatus).toBe('cancelled');
  });
});

describe('the trial setup marker', () => {
  it('is false for a new company and true once the trial page has recorded a plan', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany();
    expect((await me(owner)).company.trialSetUp).toBe(false);
    expect((await owner.post('/api/subscription/create-trial', { plan: 'yearly' })).statusCode).toBe(200);
    expect((await me(owner)).company.trialSetUp).toBe(true);
    // Signing in again keeps it: the trial page is not shown a second time.
    const again = t.agent();
    const res = await again.post('/api/auth/signin', {
      email: json<{ email: string }>(await owner.get('/api/auth/user')).email,
      password: 'correct-horse',
    });
    expect(res.statusCode).toBe(200);
    expect(json<Me>(res).company.trialSetUp).toBe(true);
  });
});

describe('PUT /api/companies/location', () => {
  it('lets the owner set a US state (codes upper-cased) and a region abroad; the user shows it', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany();
    const us = await owner.put('/api/companies/location', { country: 'us', state: 'tx' });
    expect(us.statusCode, us.body).toBe(200);
    expect(json(us)).toEqual({ country: 'US', state: 'TX' });
    expect((await me(owner)).company).toMatchObject({ country: 'US', state: 'TX' });

    const ca = await owner.put('/api/companies/location', { country: 'CA', state: ' Ontario ' });
    expect(json(ca)).toEqual({ country: 'CA', state: 'Ontario' });
    const cleared = await owner.put('/api/companies/location', { country: 'GB', state: '' });
    expect(json(cleared)).toEqual({ country: 'GB', state: null });
  });

  it.each([
    [{ country: 'US', state: 'Texas' }, 'state', 'State must be a US state code, such as TX or CA'],
    [
      { country: 'XX', state: null },
      'country',
      'Country must be a two-letter ISO country code, such as US or CA',
    ],
    [
      { country: 'USA', state: 'TX' },
      'country',
      'Country must be a two-letter ISO country code, such as US or CA',
    ],
    [{ state: 'TX' }, 'country', 'Country is required'],
    [{ country: 'CA', state: 'x'.repeat(101) }, 'state', 'State or region must be at most 100 characters'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (body, field, message) => {
    const owner = t.agent();
    await owner.signUpWithCompany();
    await owner.put('/api/companies/location', { country: 'US', state: 'WA' });
    const res = await owner.put('/api/companies/location', body);
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string> }>(res).errors[field]).toBe(message);
    expect((await me(owner)).company).toMatchObject({ country: 'US', state: 'WA' });
  });
});
