import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { FEEDBACK_LIMIT } from './feedback.routes.js';

const OPERATOR = 'ops@example.com';

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy so each test can come from its own address (feedback and sign-up are rate-limited per IP).
  t = await createTestApp({ TRUST_PROXY: 'true', ADMIN_EMAILS: OPERATOR });
});
afterAll(async () => {
  await t.close();
});

let addresses = 0;
const nextAddress = () => {
  const n = ++addresses;
  return { 'x-forwarded-for': `10.3.${Math.floor(n / 250)}.${(n % 250) + 1}` };
};

interface Me {
  id: string;
  email: string;
  companyId: number | null;
}
interface Feedback {
  id: number;
  companyId: number | null;
  userId: string | null;
  userName: string | null;
  userEmail: string;
  subject: string;
  status: string;
  priority: string;
  adminResponse: string | null;
  adminUserId: string | null;
  respondedAt: string | null;
}

async function signUp(opts: { company?: boolean; email?: string } = {}) {
  const agent = t.agent();
  await agent.signUpWithCompany({
    email: opts.email ?? `fb-${crypto.randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Dana',
    lastName: 'Builder',
    company: opts.company === false ? false : 'Test Builders',
  });
  return { agent, user: json<Me>(await agent.get('/api/auth/user')) };
}

const valid = {
  category: 'bug',
  subject: 'Schedule does not load',
  message: 'The schedule page shows a spinner forever.',
};

/** Sends feedback from an address of its own unless one is given. */
const send = (agent: Agent, body: Record<string, unknown>, from = nextAddress()) =>
  agent.request('POST', '/api/feedback', body, from);

describe('POST /api/feedback', () => {
  it('signed in: company, user, name and email come from the session', async () => {
    const { agent, user } = await signUp();
    const res = await send(agent, { ...valid, name: 'Someone Else', email: 'else@example.com' });
    expect(res.statusCode).toBe(201);
    expect(json<Feedback>(res)).toMatchObject({
      companyId: user.companyId,
      userId: user.id,
      userName: 'Dana Builder',
      userEmail: user.email,
      category: 'bug',
      subject: valid.subject,
      message: valid.message,
      status: 'open',
      priority: 'medium',
      adminResponse: null,
      adminUserId: null,
      respondedAt: null,
    });
  });

  it('signed in without a company', async () => {
    const { agent, user } = await signUp({ company: false });
    const res = await send(agent, valid);
    expect(res.statusCode).toBe(201);
    expect(json<Feedback>(res)).toMatchObject({ companyId: null, userId: user.id, userEmail: user.email });
  });

  it('signed out: name and email from the form', async () => {
    const res = await send(t.agent(), { ...valid, name: '  Pat Visitor ', email: ' pat@example.com ' });
    expect(res.statusCode).toBe(201);
    expect(json<Feedback>(res)).toMatchObject({
      companyId: null,
      userId: null,
      userName: 'Pat Visitor',
      userEmail: 'pat@example.com',
      status: 'open',
      priority: 'medium',
    });
  });

  it('signed out without a name: stored without one (shown as Anonymous)', async () => {
    const res = await send(t.agent(), { ...valid, name: '', email: 'anon@example.com' });
    expect(res.statusCode).toBe(201);
    expect(json<Feedback>(res).userName).toBeNull();
  });

  it.each([
    ['missing', {}],
    ['blank', { email: '  ' }],
  ])('signed out with the email %s: 400 and nothing stored', async (_label, extra) => {
    const before = (await t.ctx.db.select().from(feedback)).length;
    const res = await send(t.agent(), { ...valid, ...extra });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      message: 'Please enter a valid email address',
      errors: { email: 'Please enter a valid email address' },
    });
    expect((await t.ctx.db.select().from(feedback)).length).toBe(before);
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['no category', { category: undefined }, 'category', 'Please select a category'],
    ['an unknown category', { category: 'praise' }, 'category', 'Please select a category'],
    ['no subject', { subject: undefined }, 'subject', 'Subject is required'],
    ['a blank subject', { subject: '   ' }, 'subject', 'Subject is required'],
    ['a subject of the wrong type', { subject: 42 }, 'subject', 'Subject is required'],
    [
      'a 201-character subject',
      { subject: 's'.repeat(201) },
      'subject',
      'Subject must be less than 200 characters',
    ],
    ['a 9-character message', { message: 'Too short' }, 'message', 'Message must be at least 10 characters'],
    ['no message', { message: undefined }, 'message', 'Message must be at least 10 characters'],
    [
      'a 2001-character message',
      { message: 'm'.repeat(2001) },
      'message',
      'Message must be less than 2000 characters',
    ],
  ])('answers 400 to %s with the spec message', async (_label, change, field, message) => {
    const res = await send(t.agent(), { ...valid, email: 'pat@example.com', ...change });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ [field]: message });
  });

  it('accepts the limits: 200-character subject, 10- and 2000-character messages', async () => {
    const body = { ...valid, email: 'pat@example.com', subject: 's'.repeat(200) };
    expect((await send(t.agent(), { ...body, message: 'm'.repeat(10) })).statusCode).toBe(201);
    expect((await send(t.agent(), { ...body, message: 'm'.repeat(2000) })).statusCode).toBe(201);
  });

  it('reports every problem at once', async () => {
    const res = await send(t.agent(), { email: 'x', subject: '', message: 'short' });
    expect(json(res).errors).toEqual({
      email: 'Please enter a valid email address',
      category: 'Please select a category',
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    });
  });

  it(`is rate-limited per address (${FEEDBACK_LIMIT.max} per 10 minutes)`, async () => {
    const from = nextAddress();
    const body = { ...valid, email: 'flood@example.com' };
    for (let i = 0; i < FEEDBACK_LIMIT.max; i++) {
      expect((await send(t.agent(), body, from)).statusCode).toBe(201);
    }
    const limited = await send(t.agent(), body, from);
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('rate_limited');
    // Signing in does not lift the limit of the address; another address is not affected.
    const { agent } = await signUp();
    expect((await send(agent, valid, from)).statusCode).toBe(429);
    expect((await send(t.agent(), body)).statusCode).toBe(201);
  });
});

describe('GET and PUT /api/feedback (admins)', () => {
  async function scenario() {
    const owner = await signUp();
    const other = await signUp();
    const mine = json<Feedback>(await send(owner.agent, { ...valid, subject: 'Mine' }));
    const theirs = json<Feedback>(await send(other.agent, { ...valid, subject: 'Theirs' }));
    const anonymous = json<Feedback>(
      await send(t.agent(), { ...valid, subject: 'Anonymous', email: 'anon@example.com' }),
    );
    return { owner, other, mine, theirs, anonymous };
  }

  it('lists the company’s feedback to its owner, newest first', async () => {
    const { owner, mine } = await scenario();
    const second = json<Feedback>(await send(owner.agent, { ...valid, subject: 'Second' }));
    const res = await owner.agent.get('/api/feedback');
    expect(res.statusCode).toBe(200);
    expect(json<Feedback[]>(res).map((f) => f.id)).toEqual([second.id, mine.id]);
  });

  it('lists everyone’s feedback, signed-out included, to an operator in ADMIN_EMAILS', async () => {
    const { mine, theirs, anonymous } = await scenario();
    const ops = await signUp({ email: OPERATOR });
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.id, ops.user.id));
    const ids = json<Feedback[]>(await ops.agent.get('/api/feedback')).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id, anonymous.id]));
    // …and may answer any of them.
    const res = await ops.agent.put(`/api/feedback/${anonymous.id}`, { adminResponse: 'Thanks!' });
    expect(res.statusCode).toBe(200);
    expect(json<Feedback>(res)).toMatchObject({ adminResponse: 'Thanks!', adminUserId: ops.user.id });
  });

  it('refuses members (403) and signed-out callers (401)', async () => {
    const { owner, mine } = await scenario();
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.id, owner.user.id));
    expect((await owner.agent.get('/api/feedback')).statusCode).toBe(403);
    expect((await owner.agent.put(`/api/feedback/${mine.id}`, { status: 'closed' })).statusCode).toBe(403);
    expect((await t.agent().get('/api/feedback')).statusCode).toBe(401);
    expect((await t.agent().put(`/api/feedback/${mine.id}`, { status: 'closed' })).statusCode).toBe(401);
  });

  it('sets the status; a reply is trimmed and records who answered and when', async () => {
    const { owner, mine } = await scenario();
    const status = await owner.agent.put(`/api/feedback/${mine.id}`, { status: 'in_progress' });
    expect(status.statusCode).toBe(200);
    expect(json<Feedback>(status)).toMatchObject({
      status: 'in_progress',
      adminResponse: null,
      respondedAt: null,
    });

    const before = Date.now();
    const reply = await owner.agent.put(`/api/feedback/${mine.id}`, {
      status: 'resolved',
      adminResponse: '  Fixed in the latest release.  ',
    });
    const body = json<Feedback>(reply);
    expect(body).toMatchObject({
      status: 'resolved',
      adminResponse: 'Fixed in the latest release.',
      adminUserId: owner.user.id,
    });
    expect(Date.parse(body.respondedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers 404 for another company’s or a signed-out sender’s feedback, and changes nothing', async () => {
    const { owner, theirs, anonymous } = await scenario();
    for (const id of [theirs.id, anonymous.id, 999_999]) {
      const res = await owner.agent.put(`/api/feedback/${id}`, { status: 'closed', adminResponse: 'No' });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ code: 'feedback_not_found', message: 'Feedback not found' });
    }
    const rows = await t.ctx.db.select().from(feedback).where(eq(feedback.id, theirs.id));
    expect(rows[0]).toMatchObject({ status: 'open', adminResponse: null });
  });

  it.each([
    ['an unknown status', { status: 'done' }, 'Status must be open, in_progress, resolved or closed'],
    ['a blank reply', { adminResponse: '   ' }, 'Response cannot be empty'],
    ['a reply of the wrong type', { adminResponse: 7 }, 'Response must be text'],
    ['nothing', {}, 'Nothing to update: send a status or a response'],
  ])('answers 400 to %s', async (_label, body, message) => {
    const { owner, mine } = await scenario();
    const res = await owner.agent.put(`/api/feedback/${mine.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('answers 400 to an id that is not a number', async () => {
    const { owner } = await scenario();
    const res = await owner.agent.put('/api/feedback/abc', { status: 'closed' });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('validation_failed');
  });
});
