/**
 * A task's assignee: a member of the company or one of its subcontractors, never both; the name
 * stays on the task when the contact is deleted. Also the members list the picker reads.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyMemberDto } from '../../../contracts/companies.js';
import type { TaskDto, TaskListItemDto } from '../../../contracts/tasks.js';
import { users } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
let projectId: number;
let ownerId: string;
let memberId: string;
let otherUserId: string;
const contact: Record<'sub' | 'client' | 'theirSub', number> = { sub: 0, client: 0, theirSub: 0 };

async function userOf(agent: Agent) {
  return json<{ id: string; companyId: number }>(await agent.get('/api/auth/user'));
}

async function newContact(agent: Agent, name: string, type: string) {
  const res = await agent.post('/api/contacts', { name, email: `${type}@example.com`, type });
  if (res.statusCode !== 201) throw new Error(`contact: ${res.statusCode} ${res.body}`);
  return json<{ id: number }>(res).id;
}

async function newTask(body: Record<string, unknown> = {}) {
  const res = await owner.post('/api/tasks', {
    name: 'Hang drywall',
    projectId,
    startDate: '2026-04-06',
    endDate: '2026-04-08',
    ...body,
  });
  return res;
}

const listed = async (id: number) =>
  json<TaskListItemDto[]>(await owner.get(`/api/tasks?projectId=${projectId}`)).find((x) => x.id === id);

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  const member = t.agent();
  await owner.signUpWithCompany({ company: 'First Co', firstName: 'Dana', lastName: 'Builder' });
  await other.signUpWithCompany({ company: 'Second Co' });
  // A second member of the first company (there is no invitation flow to go through).
  await member.signUpWithCompany({ company: false, firstName: 'Ana', lastName: 'Lopez' });
  const me = await userOf(owner);
  ownerId = me.id;
  memberId = (await userOf(member)).id;
  otherUserId = (await userOf(other)).id;
  await t.ctx.db.update(users).set({ companyId: me.companyId }).where(eq(users.id, memberId));
  projectId = json<{ id: number }>(
    await owner.post('/api/projects', {
      name: 'Maple Street',
      client: 'R. Chen',
      budget: '80000',
      startDate: '2026-04-01',
      endDate: '2026-09-30',
    }),
  ).id;
  contact.sub = await newContact(owner, 'Zenith Drywall', 'subcontractor');
  contact.client = await newContact(owner, 'Harper Family', 'client');
  contact.theirSub = await newContact(other, 'Their Framing', 'subcontractor');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/companies/members', () => {
  it("lists the caller's company by name, and no one else's", async () => {
    const members = json<CompanyMemberDto[]>(await owner.get('/api/companies/members'));
    expect(members.map((m) => [m.id, m.name, m.role])).toEqual([
      [memberId, 'Ana Lopez', 'member'],
      [ownerId, 'Dana Builder', 'owner'],
    ]);
    const theirs = json<CompanyMemberDto[]>(await other.get('/api/companies/members'));
    expect(theirs.map((m) => m.id)).toEqual([otherUserId]);
    expect((await t.agent().get('/api/companies/members')).statusCode).toBe(401);
  });
});

describe('assigning a task', () => {
  it('to a member, then to a subcontractor (which clears the member), then to no one', async () => {
    const task = json<TaskDto>(await newTask({ assignedTo: memberId }));
    expect(task).toMatchObject({ assignedTo: memberId, assignedContactId: null, assigneeName: 'Ana Lopez' });
    expect(await listed(task.id)).toMatchObject({ assigneeName: 'Ana Lopez', assigneeKind: 'member' });

    const sub = await owner.put(`/api/tasks/${task.id}`, { assignedContactId: contact.sub });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(json(sub)).toMatchObject({
      assignedTo: null,
      assignedContactId: contact.sub,
      assigneeName: 'Zenith Drywall',
    });
    expect(await listed(task.id)).toMatchObject({ assigneeName: 'Zenith Drywall', assigneeKind: 'contact' });

    const back = await owner.put(`/api/tasks/${task.id}`, { assignedTo: ownerId });
    expect(json(back)).toMatchObject({
      assignedTo: ownerId,
      assignedContactId: null,
      assigneeName: 'Dana Builder',
    });

    const none = await owner.put(`/api/tasks/${task.id}`, { assignedTo: null });
    expect(json(none)).toMatchObject({ assignedTo: null, assignedContactId: null, assigneeName: null });
  });

  it('takes a contact id as digits too (form fields), and at creation', async () => {
    const res = await newTask({ assignedContactId: String(contact.sub) });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ assignedContactId: contact.sub, assigneeName: 'Zenith Drywall' });
  });

  it.each([
    [
      'a contact who is not a subcontractor',
      () => ({ assignedContactId: contact.client }),
      {
        assignedContactId: 'Only a subcontractor can be assigned a task; Harper Family is a client',
      },
    ],
    [
      "another company's subcontractor",
      () => ({ assignedContactId: contact.theirSub }),
      {
        assignedContactId: 'The assignee must be one of your contacts',
      },
    ],
    [
      'a contact that does not exist',
      () => ({ assignedContactId: 999_999 }),
      {
        assignedContactId: 'The assignee must be one of your contacts',
      },
    ],
    [
      "another company's user",
      () => ({ assignedTo: otherUserId }),
      {
        assignedTo: 'The assignee must be a member of your company',
      },
    ],
    [
      'a member and a subcontractor at once',
      () => ({ assignedTo: memberId, assignedContactId: contact.sub }),
      {
        assignedContactId: 'A task has one assignee: a member or a subcontractor, not both',
      },
    ],
    [
      'a contact id that is not one',
      () => ({ assignedContactId: 'abc' }),
      {
        assignedContactId: 'Invalid contact id',
      },
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, body, errors) => {
    const task = json<TaskDto>(await newTask({ assignedTo: memberId }));
    const res = await owner.put(`/api/tasks/${task.id}`, body());
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual(errors);
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({
      assignedTo: memberId,
      assignedContactId: null,
      assigneeName: 'Ana Lopez',
    });
    const created = await newTask(body());
    expect(created.statusCode).toBe(400);
  });

  it('keeps the name of a deleted subcontractor on the task until it is unassigned', async () => {
    const gone = await newContact(owner, 'Gone Plumbing', 'subcontractor');
    const task = json<TaskDto>(await newTask({ assignedContactId: gone }));
    expect((await owner.delete(`/api/contacts/${gone}`)).statusCode).toBe(200);
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({
      assignedContactId: null,
      assigneeName: 'Gone Plumbing',
    });
    expect(await listed(task.id)).toMatchObject({ assigneeName: 'Gone Plumbing', assigneeKind: 'former' });
    // An edit of something else keeps it; unassigning clears it.
    await owner.put(`/api/tasks/${task.id}`, { name: 'Rough-in plumbing' });
    expect(json(await owner.get(`/api/tasks/${task.id}`))).toMatchObject({ assigneeName: 'Gone Plumbing' });
    await owner.put(`/api/tasks/${task.id}`, { assignedTo: null, assignedContactId: null });
    expect(await listed(task.id)).toMatchObject({ assigneeName: null, assigneeKind: null });
  });

  it('shows a renamed subcontractor under the new name', async () => {
    const renamed = await newContact(owner, 'Acme Electric', 'subcontractor');
    const task = json<TaskDto>(await newTask({ assignedContactId: renamed }));
    expect((await owner.put(`/api/contacts/${renamed}`, { name: 'Acme Electric & Sons' })).statusCode).toBe(
      200,
    );
    expect(await listed(task.id)).toMatchObject({
      assigneeName: 'Acme Electric & Sons',
      assigneeKind: 'contact',
    });
  });
});
