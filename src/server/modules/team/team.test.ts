import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturingSmtpServer, startSmtpServer } from '../../../../tests/e2e/support/smtp.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { mailText, mailTo } from '../../testing/mail-text.js';

const HOUR = 3_600_000;
let smtp: CapturingSmtpServer;
let t: TestApp;
/** The app's clock runs this far ahead of the real one: tests move it to expire invitations. */
let clockOffset = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.test', INVITE_TTL_HOURS: '48' },
    { now: () => new Date(Date.now() + clockOffset) },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Team {
  members: { id: string; email: string; role: string; name: string }[];
  invites: { id: number; email: string; role: string; expiresAt: string }[];
  canManage: boolean;
}

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function owner() {
  const agent = t.agent();
  const { email } = await agent.signUpWithCompany({ company: 'Invite Builders' });
  return { agent, email };
}

/** Invites `email` and answers the token from the link in the mail the SMTP server received. */
async function invite(agent: Agent, email: string, role = 'member') {
  const before = smtp.messages.length;
  const res = await agent.post('/api/team/invites', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBeGreaterThan(before);
  const raw = smtp.messages.slice(before).find((m) => mailTo(m).includes(email));
  expect(raw, `a mail to ${email}`).toBeDefined();
  const text = mailText(raw ?? '');
  const token = /https:\/\/app\.example\.test\/signup\?invite=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token, text).toBeDefined();
  return { id: json<{ id: number }>(res).id, token: token ?? '' };
}

const signUp = (agent: Agent, email: string, inviteToken?: string) =>
  agent.post('/api/auth/signup', {
    email,
    password: 'correct-horse',
    firstName: 'New',
    lastName: 'Hire',
    ...(inviteToken ? { inviteToken } : {}),
  });

describe('invitations', () => {
  it('an invited person signs up through the link, joins the company with the role and sees its projects', async () => {
    const boss = await owner();
    const project = await boss.agent.post('/api/projects', {
      name: 'Harbor Warehouse',
      client: 'Harbor Co',
      type: 'Commercial',
      budget: '100000',
      startDate: '2026-01-05',
      endDate: '2026-06-30',
    });
    expect(project.statusCode, project.body).toBe(201);
    const email = uniqueEmail('hire');
    const { token } = await invite(boss.agent, email, 'admin');
    const team = json<Team>(await boss.agent.get('/api/team'));
    expect(team.invites.map((i) => [i.email, i.role])).toEqual([[email, 'admin']]);

    const hire = t.agent();
    const res = await signUp(hire, email.toUpperCase(), token);
    expect(res.statusCode, res.body).toBe(201);
    const me = json<{ role: string; company: { name: string } | null }>(res);
    expect(me.role).toBe('admin');
    expect(me.company?.name).toBe('Invite Builders');
    const projects = json<{ name: string }[]>(await hire.get('/api/projects'));
    expect(projects.map((p) => p.name)).toEqual(['Harbor Warehouse']);
    const after = json<Team>(await boss.agent.get('/api/team'));
    expect(after.invites).toEqual([]);
    expect(after.members.map((m) => m.email.toLowerCase()).sort()).toEqual([boss.email, email].sort());
  });

  it('an existing user joins by signing in with the link', async () => {
    const boss = await owner();
    const email = uniqueEmail('existing');
    const user = t.agent();
    await user.signUpWithCompany({ email, company: false });
    await user.post('/api/auth/logout');
    const { token } = await invite(boss.agent, email);
    const res = await user.post('/api/auth/signin', { email, password: 'correct-horse', inviteToken: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ company: { name: string } | null }>(res).company?.name).toBe('Invite Builders');
  });

  it('a signed-in user without a company accepts the link directly', async () => {
    const boss = await owner();
    const email = uniqueEmail('direct');
    const user = t.agent();
    await user.signUpWithCompany({ email, company: false });
    const { token } = await invite(boss.agent, email);
    const res = await user.post('/api/team/invites/accept', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ role: string; companyId: number }>(res).role).toBe('member');
  });

  it('refuses a link that was used already', async () => {
    const boss = await owner();
    const email = uniqueEmail('reuse');
    const { token } = await invite(boss.agent, email);
    expect((await signUp(t.agent(), email, token)).statusCode).toBe(201);
    const other = t.agent();
    await other.signUpWithCompany({ email: uniqueEmail('second'), company: false });
    const res = await other.post('/api/team/invites/accept', { token });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('invite_used');
  });

  it('refuses an expired link; the sign-up is not created', async () => {
    const boss = await owner();
    const email = uniqueEmail('late');
    const { token } = await invite(boss.agent, email);
    clockOffset = 49 * HOUR;
    try {
      const res = await signUp(t.agent(), email, token);
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('invite_expired');
      // Two days on, the owner's session has ended without use: they sign in again to look.
      const again = t.agent();
      const signedIn = await again.post('/api/auth/signin', { email: boss.email, password: 'correct-horse' });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(json<Team>(await again.get('/api/team')).invites).toEqual([]);
    } finally {
      clockOffset = 0;
    }
    // Nothing was half-written: the address is still free.
    expect((await signUp(t.agent(), email)).statusCode).toBe(201);
  });

  it('refuses a link used by another address (403), and leaves it usable by the invited one', async () => {
    const boss = await owner();
    const email = uniqueEmail('right');
    const { token } = await invite(boss.agent, email);
    const wrong = await signUp(t.agent(), uniqueEmail('wrong'), token);
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong).code).toBe('invite_wrong_email');
    expect((await signUp(t.agent(), email, token)).statusCode).toBe(201);
  });

  it('refuses an unknown or withdrawn link and a user already in a company', async () => {
    const boss = await owner();
    const email = uniqueEmail('withdrawn');
    const { id, token } = await invite(boss.agent, email);
    expect((await boss.agent.delete(`/api/team/invites/${id}`)).statusCode).toBe(200);
    expect(json(await signUp(t.agent(), email, token)).code).toBe('invite_invalid');
    expect(json(await signUp(t.agent(), uniqueEmail('x'), 'x'.repeat(43))).code).toBe('invite_invalid');

    const busy = t.agent();
    const busyEmail = uniqueEmail('busy');
    await busy.signUpWithCompany({ email: busyEmail, company: 'Elsewhere' });
    const second = await invite(boss.agent, busyEmail);
    const res = await busy.post('/api/team/invites/accept', { token: second.token });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('already_in_company');
  });

  it('refuses an invitation to a current member, and bad input, with 4xx', async () => {
    const boss = await owner();
    expect((await boss.agent.post('/api/team/invites', { email: boss.email })).statusCode).toBe(409);
    expect((await boss.agent.post('/api/team/invites', { email: 'not-an-email' })).statusCode).toBe(400);
    expect(
      (await boss.agent.post('/api/team/invites', { email: uniqueEmail('r'), role: 'owner' })).statusCode,
    ).toBe(400);
  });
});

describe('roles and removal', () => {
  async function teamOfTwo() {
    const boss = await owner();
    const email = uniqueEmail('crew');
    const { token } = await invite(boss.agent, email);
    const crew = t.agent();
    expect((await signUp(crew, email, token)).statusCode).toBe(201);
    const crewId = json<{ id: string }>(await crew.get('/api/auth/user')).id;
    return { boss, crew, crewId, email };
  }

  it('only the owner manages the team: a member gets 403, an admin may look but not change', async () => {
    const { boss, crew, crewId } = await teamOfTwo();
    expect((await crew.get('/api/team')).statusCode).toBe(403);
    expect((await crew.post('/api/team/invites', { email: uniqueEmail('m') })).statusCode).toBe(403);
    expect((await boss.agent.patch(`/api/team/members/${crewId}`, { role: 'admin' })).statusCode).toBe(200);
    const asAdmin = await crew.get('/api/team');
    expect(asAdmin.statusCode).toBe(200);
    expect(json<Team>(asAdmin).canManage).toBe(false);
    const res = await crew.post('/api/team/invites', { email: uniqueEmail('a') });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('owner_only');
  });

  it('changes a member’s role, never the owner’s, and refuses other roles', async () => {
    const { boss, crewId } = await teamOfTwo();
    const res = await boss.agent.patch(`/api/team/members/${crewId}`, { role: 'admin' });
    expect(json<{ role: string }>(res).role).toBe('admin');
    const team = json<Team>(await boss.agent.get('/api/team'));
    expect(team.members.find((m) => m.id === crewId)?.role).toBe('admin');
    const bossId = team.members.find((m) => m.role === 'owner')?.id;
    expect((await boss.agent.patch(`/api/team/members/${bossId}`, { role: 'member' })).statusCode).toBe(400);
    expect((await boss.agent.patch(`/api/team/members/${crewId}`, { role: 'owner' })).statusCode).toBe(400);
  });

  it('removes a member: their sessions end and they no longer see the company', async () => {
    const { boss, crew, crewId, email } = await teamOfTwo();
    expect((await crew.get('/api/projects')).statusCode).toBe(200);
    expect((await boss.agent.delete(`/api/team/members/${crewId}`)).statusCode).toBe(200);
    expect((await crew.get('/api/auth/user')).statusCode).toBe(401);
    const again = t.agent();
    const signin = await again.post('/api/auth/signin', { email, password: 'correct-horse' });
    expect(json<{ companyId: number | null }>(signin).companyId).toBeNull();
    expect((await again.get('/api/projects')).statusCode).toBe(403);
    expect(json<Team>(await boss.agent.get('/api/team')).members.map((m) => m.id)).not.toContain(crewId);
  });

  it('answers 404 for another company’s member or invitation, and changes nothing', async () => {
    const { crewId } = await teamOfTwo();
    const stranger = await owner();
    const strangerInvite = await invite(stranger.agent, uniqueEmail('s'));
    const other = await owner();
    expect((await other.agent.patch(`/api/team/members/${crewId}`, { role: 'admin' })).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/team/members/${crewId}`)).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/team/invites/${strangerInvite.id}`)).statusCode).toBe(404);
    expect(json<Team>(await stranger.agent.get('/api/team')).invites).toHaveLength(1);
  });
});
