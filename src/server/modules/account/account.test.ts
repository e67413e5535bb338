import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiInsights,
  builtinSubscriptions,
  companies,
  contacts,
  documents,
  feedback,
  projects,
  sessions,
  tasks,
  updates,
  users,
} from '../../db/schema/index.js';
import { newStorageKey, storageFor } from '../../providers/storage/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'correct-horse';
interface Me {
  id: string;
  email: string;
  role: string;
  companyId: number | null;
}
const me = async (agent: Agent) => json<Me>(await agent.get('/api/auth/user'));

/** A signed-up user (each agent calls from its own address), with a company unless `company` is false. */
async function signUp(company = true) {
  const agent = t.agent();
  await agent.signUpWithCompany({
    email: `acct-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: PASSWORD,
    company: company ? 'Test Builders' : false,
  });
  return { agent, user: await me(agent) };
}

/** A second user made a member of `companyId` (there is no invitation flow yet). */
async function addMember(companyId: number, role: 'member' | 'admin' | 'owner' = 'member') {
  const member = await signUp(false);
  await t.ctx.db.update(users).set({ companyId, role }).where(eq(users.id, member.user.id));
  return { agent: member.agent, user: await me(member.agent) };
}

async function signIn(email: string) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/signin', { email, password: PASSWORD });
  return { agent, status: res.statusCode };
}

/** A project with a task, a contact, an insight, an update and a document by `authorId`. */
/** Stored files of seeded documents, by company. */
const storedKeys = new Map<number, string[]>();

async function seedData(agent: Agent, companyId: number, authorId: string) {
  const key = newStorageKey(companyId, 'pdf');
  await storageFor(t.ctx.config).put(key, Buffer.from('%PDF-1.4 estimate'), 'application/pdf');
  storedKeys.set(companyId, [...(storedKeys.get(companyId) ?? []), key]);
  const project = json<{ id: number }>(
    await agent.post('/api/projects', {
      name: 'Maple Street Duplex',
      client: 'Jane Client',
      type: 'Residential',
      budget: '250000',
      startDate: '2026-09-01T00:00:00.000Z',
      endDate: '2027-04-01T00:00:00.000Z',
    }),
  );
  const { db } = t.ctx;
  await db.insert(tasks).values({
    companyId,
    projectId: project.id,
    name: 'Framing',
    startDate: new Date(),
    endDate: new Date(),
  });
  await db.insert(contacts).values({ companyId, name: 'Bob', email: 'bob@example.com', type: 'vendor' });
  await db
    .insert(aiInsights)
    .values({ companyId, type: 'risk', severity: 'high', title: 'Rain', description: 'Rain ahead' });
  await db
    .insert(updates)
    .values({ companyId, projectId: project.id, message: 'Started', createdBy: authorId });
  await db.insert(documents).values({
    companyId,
    projectId: project.id,
    name: 'estimate.pdf',
    originalName: 'estimate.pdf',
    type: 'estimate',
    mimeType: 'application/pdf',
    fileSize: 10,
    filePath: key,
    uploadedBy: authorId,
  });
  await db.insert(feedback).values({
    companyId,
    userId: authorId,
    userEmail: 'x@example.com',
    category: 'general',
    subject: 'Hi',
    message: 'Hello there, team',
  });
}

async function rowsOf(companyId: number) {
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
    companies: (await db.select({ n: count() }).from(companies).where(eq(companies.id, companyId)))[0]?.n,
    users: (await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)))[0]?.n,
    projects: await n(projects),
    tasks: await n(tasks),
    contacts: await n(contacts),
    insights: await n(aiInsights),
    updates: await n(updates),
    documents: await n(documents),
    storedFiles: (
      await Promise.all((storedKeys.get(companyId) ?? []).map((k) => storageFor(t.ctx.config).exists(k)))
    ).filter(Boolean).length,
    feedback: (await db.select({ n: count() }).from(feedback).where(eq(feedback.companyId, companyId)))[0]?.n,
    billing: (
      await db
        .select({ n: count() })
        .from(builtinSubscriptions)
        .where(eq(builtinSubscriptions.companyId, companyId))
    )[0]?.n,
  };
}

const sessionsOf = async (userId: string) =>
  (
    await t.ctx.db.select({ n: count() }).from(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`)
  )[0]?.n;

const confirm = { confirmation: 'DELETE', deleteAllData: true };

describe('DELETE /api/account/delete', () => {
  it('deletes the last member with the company and all its data; other companies keep theirs', async () => {
    const other = await signUp();
    await seedData(other.agent, other.user.companyId ?? 0, other.user.id);
    const otherBefore = await rowsOf(other.user.companyId ?? 0);
    const { agent, user } = await signUp();
    const companyId = user.companyId ?? 0;
    await seedData(agent, companyId, user.id);
    await agent.post('/api/subscription/create-checkout');
    const before = await rowsOf(companyId);
    expect(before).toEqual({
      companies: 1,
      users: 1,
      projects: 1,
      tasks: 1,
      contacts: 1,
      insights: 1,
      updates: 1,
      documents: 1,
      storedFiles: 1,
      feedback: 1,
      billing: 1,
    });

    const res = await agent.delete('/api/account/delete', confirm);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      message: 'Account deleted, with your company and all its data',
      companyDeleted: true,
    });
    expect(await rowsOf(companyId)).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, 0])));
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await rowsOf(other.user.companyId ?? 0)).toEqual(otherBefore);

    // The session ended and the account is gone.
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(user.email)).status).toBe(401);
  });

  it('ends every session of the user, not only the current one', async () => {
    const { agent, user } = await signUp();
    const elsewhere = await signIn(user.email);
    expect(elsewhere.status).toBe(200);
    const staleCookie = agent.sessionCookie ?? '';
    expect(await sessionsOf(user.id)).toBe(2);

    expect((await agent.delete('/api/account/delete', confirm)).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await elsewhere.agent.get('/api/auth/user')).statusCode).toBe(401);
    const replay = t.agent();
    replay.setCookie('sid', staleCookie);
    expect((await replay.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps the company of a non-last member; their records pass to the remaining member', async () => {
    const owner = await signUp();
    const companyId = owner.user.companyId ?? 0;
    const member = await addMember(companyId);
    await seedData(member.agent, companyId, member.user.id);

    const res = await member.agent.delete('/api/account/delete', confirm);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: 'Account deleted', companyDeleted: false });
    expect(await rowsOf(companyId)).toMatchObject({
      companies: 1,
      users: 1,
      projects: 1,
      updates: 1,
      documents: 1,
      storedFiles: 1,
      feedback: 1,
    });
    const { db } = t.ctx;
    const authored = await db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.uploadedBy, owner.user.id)));
    expect(authored[0]?.n).toBe(1);
    expect((await member.agent.get('/api/auth/user')).statusCode).toBe(401);
    expect((await owner.agent.get('/api/projects')).statusCode).toBe(200);
    expect((await me(owner.agent)).role).toBe('owner');
  });

  it('makes the remaining member owner when the only owner leaves', async () => {
    const owner = await signUp();
    const companyId = owner.user.companyId ?? 0;
    const member = await addMember(companyId);
    expect(member.user.role).toBe('member');
    expect((await owner.agent.delete('/api/account/delete', confirm)).statusCode).toBe(200);
    expect((await me(member.agent)).role).toBe('owner');
    expect((await rowsOf(companyId)).companies).toBe(1);
  });

  it('deletes a user who has no company', async () => {
    const { agent, user } = await signUp(false);
    const res = await agent.delete('/api/account/delete', confirm);
    expect(json(res)).toEqual({ success: true, message: 'Account deleted', companyDeleted: false });
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('stays reachable when payment is required', async () => {
    const { agent, user } = await signUp();
    await t.ctx.db
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(companies.id, user.companyId ?? 0));
    expect((await agent.get('/api/projects')).statusCode).toBe(402);
    expect((await agent.delete('/api/account/delete', confirm)).statusCode).toBe(200);
    expect((await rowsOf(user.companyId ?? 0)).companies).toBe(0);
  });

  it.each([
    ['lower-case confirmation', { confirmation: 'delete', deleteAllData: true }, 'Invalid confirmation'],
    ['padded confirmation', { confirmation: ' DELETE', deleteAllData: true }, 'Invalid confirmation'],
    ['another word', { confirmation: 'REMOVE', deleteAllData: true }, 'Invalid confirmation'],
    ['missing confirmation', { deleteAllData: true }, 'Invalid confirmation'],
    ['confirmation of the wrong type', { confirmation: 1, deleteAllData: true }, 'Invalid confirmation'],
    ['deleteAllData false', { confirmation: 'DELETE', deleteAllData: false }, 'deleteAllData must be true'],
    ['deleteAllData missing', { confirmation: 'DELETE' }, 'deleteAllData must be true'],
    [
      'deleteAllData as text',
      { confirmation: 'DELETE', deleteAllData: 'true' },
      'deleteAllData must be true',
    ],
  ])('answers 400 to a %s and deletes nothing', async (_label, body, message) => {
    const { agent, user } = await signUp();
    const res = await agent.delete('/api/account/delete', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect((await me(agent)).id).toBe(user.id);
    expect((await rowsOf(user.companyId ?? 0)).companies).toBe(1);
  });

  it('answers 400 "Invalid confirmation" without a payload', async () => {
    const { agent } = await signUp();
    const res = await agent.request('DELETE', '/api/account/delete');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Invalid confirmation');
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.agent().delete('/api/account/delete', confirm)).statusCode).toBe(401);
  });
});

describe('GET /api/account/deletion', () => {
  it('tells the last member the company goes with their account, with its projects, documents and contacts', async () => {
    const { agent, user } = await signUp();
    const companyId = user.companyId ?? 0;
    await seedData(agent, companyId, user.id);
    await t.ctx.db
      .insert(contacts)
      .values({ companyId, name: 'Ann', email: 'ann@example.com', type: 'client' });
    const res = await agent.get('/api/account/deletion');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      companyDeleted: true,
      companyName: 'Test Builders',
      counts: { projects: 1, documents: 1, contacts: 2 },
      allowed: true,
    });
  });

  it('answers that only the account goes while other members remain', async () => {
    const owner = await signUp();
    await addMember(owner.user.companyId ?? 0);
    expect(json(await owner.agent.get('/api/account/deletion'))).toEqual({
      companyDeleted: false,
      companyName: 'Test Builders',
      counts: null,
      allowed: true,
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await t.agent().get('/api/account/deletion')).statusCode).toBe(401);
  });
});

describe('deleting the company with the last account', () => {
  it('is refused with 403 to a plain member who is the last one left, and nothing is deleted', async () => {
    const owner = await signUp();
    const companyId = owner.user.companyId ?? 0;
    const member = await addMember(companyId);
    await seedData(member.agent, companyId, member.user.id);
    // The owner's account goes without the company's: then demote the successor to a plain member.
    await t.ctx.db.delete(users).where(eq(users.id, owner.user.id));
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.id, member.user.id));

    const preview = json<{ companyDeleted: boolean; allowed: boolean }>(
      await member.agent.get('/api/account/deletion'),
    );
    expect(preview).toMatchObject({ companyDeleted: true, allowed: false });
    const res = await member.agent.delete('/api/account/delete', confirm);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('managers_only');
    expect(await rowsOf(companyId)).toMatchObject({ companies: 1, users: 1, projects: 1, documents: 1 });
    expect((await member.agent.get('/api/projects')).statusCode).toBe(200);
  });
});
