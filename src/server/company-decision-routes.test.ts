/**
 * The company's decisions (its subscription: cancel, plan, checkout; its settings, security among
 * them; its team) are its owner's and admins'. Every route that declares itself so, `manager` or
 * `admin` in its config, is taken from the route table, so a route added later with either marker
 * is covered: a plain member of the company is answered 403 on each, with a body that would have
 * done something, and no row anywhere in the database changes.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client.js';
import { users } from './db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from './testing/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The markers of a company decision: `manager` (whatever the subscription) or `admin` (a tenant's). */
const DECISION_LEVELS = ['manager', 'admin'];

/** Routes that must carry a marker: taking it off one fails here rather than opening it to members. */
const KNOWN_DECISIONS = [
  'POST /api/subscription/cancel',
  'POST /api/subscription/create-trial',
  'POST /api/subscription/create-checkout',
  'PUT /api/companies/location',
  'PUT /api/companies/two-factor-requirement',
  'POST /api/team/invites',
  'DELETE /api/team/invites/:id',
  'PATCH /api/team/members/:userId',
  'DELETE /api/team/members/:userId',
];

/** A body each known route would act on; a route added later is sent `{}` (refused before its body is read). */
const BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/subscription/cancel': { deleteDataOnCancel: true },
  'POST /api/subscription/create-trial': { plan: 'yearly' },
  'PUT /api/companies/location': { country: 'CA', state: 'Ontario' },
  'PUT /api/companies/two-factor-requirement': { required: true },
  'POST /api/team/invites': { email: 'outsider@example.com', role: 'admin' },
  'PATCH /api/team/members/:userId': { role: 'member' },
  'PUT /api/feedback/:id': { status: 'closed', adminResponse: 'Closed by a member' },
};

/** Tables a refused request may still touch without deciding anything: its session, the upkeep. */
const UNTRACKED = new Set(['sessions', 'sign_in_attempts', 'periodic_runs']);

/** Every table's rows, as a count and a hash per table (read as the tables' owner, past the wall). */
async function databaseState(): Promise<Record<string, string>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await t.ctx.db.execute(
      sql`select schemaname as schema, tablename as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1, 2`,
    ),
  );
  const state: Record<string, string> = {};
  for (const { schema, name } of tables) {
    if (UNTRACKED.has(name)) continue;
    const [row] = rowsOf<{ n: number; h: string }>(
      await t.ctx.db.execute(
        sql.raw(
          `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${schema}"."${name}" t`,
        ),
      ),
    );
    state[name] = `${row?.n} ${row?.h}`;
  }
  return state;
}

const userId = async (agent: Agent) => json<{ id: string }>(await agent.get('/api/auth/user')).id;

/** Makes the agent's user a `role` of the owner's company (the invitation path is tested in team). */
async function joinAs(agent: Agent, companyId: number, role: 'member' | 'admin') {
  await t.ctx.db
    .update(users)
    .set({ companyId, role })
    .where(eq(users.id, await userId(agent)));
}

describe('company decisions', () => {
  it('answers a plain member 403 on every route marked manager or admin, and nothing changes', async () => {
    const owner = t.agent();
    await owner.signUpWithCompany({ company: 'Decisive Builders' });
    const companyId = json<{ companyId: number }>(await owner.get('/api/auth/user')).companyId;
    const colleague = t.agent();
    await colleague.signUpWithCompany({ company: false });
    await joinAs(colleague, companyId, 'admin');
    const member = t.agent();
    await member.signUpWithCompany({ company: false });
    await joinAs(member, companyId, 'member');
    // Records the routes would act on: an open invitation, and a member's feedback.
    const invite = await owner.post('/api/team/invites', { email: 'pending@example.com', role: 'member' });
    expect(invite.statusCode, invite.body).toBe(201);
    const feedback = await member.post('/api/feedback', {
      category: 'bug',
      subject: 'Gantt',
      message: 'The bars overlap on a phone.',
    });
    expect(feedback.statusCode, feedback.body).toBe(201);
    const ids: Record<string, string> = {
      userId: await userId(colleague),
      inviteId: String(json<{ id: number }>(invite).id),
      feedbackId: String(json<{ id: number }>(feedback).id),
    };
    const concrete = (url: string) =>
      url
        .replace(':userId', ids.userId ?? '')
        .replace(':id', url.includes('/feedback/') ? (ids.feedbackId ?? '') : (ids.inviteId ?? ''))
        .replace(/:[A-Za-z]+/g, '1');

    const routes = t.app.routeTable.filter(
      (r) => DECISION_LEVELS.includes(r.access ?? '') && r.method !== 'HEAD',
    );
    const declared = routes.map((r) => `${r.method} ${r.url}`);
    expect(declared).toEqual(expect.arrayContaining(KNOWN_DECISIONS));

    const before = await databaseState();
    const answered: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (BODIES[key] ?? {});
      const res = await member.request(route.method as 'GET', concrete(route.url), body);
      if (res.statusCode !== 403) answered.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answered).toEqual([]);
    expect(await databaseState()).toEqual(before);

    // The same check sees a decision that does happen: the owner's.
    const moved = await owner.put('/api/companies/location', BODIES['PUT /api/companies/location']);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await databaseState()).not.toEqual(before);
  });
});
