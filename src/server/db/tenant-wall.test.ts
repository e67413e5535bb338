/**
 * Row-level security as the second wall between companies: through the app's database handle, a
 * query that forgets its company filter still sees only its scope's company, sees nothing outside a
 * scope, and cannot write a row of another company or point a row at another company's project;
 * the platform path reads across companies and leaves an audit record. Runs on both databases: the
 * embedded one enforces the same policies (its handle switches role like PostgreSQL's).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../demo/seed.js';
import { createTestApp, type TestApp } from '../testing/harness.js';
import { type Db, rowsOf } from './client.js';
import { withPlatformAccess } from './platform-access.js';
import { platformAccessLog, projects, tasks } from './schema/index.js';
import { withPlatformScope, withTenant } from './tenant-scope.js';

let t: TestApp;
/** The app's handle: the wall's. */
let db: Db;
interface Company {
  companyId: number;
  projectId: number;
  taskIds: number[];
}
let first: Company;
let second: Company;

/** A company made through the API, with a project and `tasks` tasks. */
async function company(name: string, taskCount: number): Promise<Company> {
  const agent = t.agent();
  await agent.signUpWithCompany({ company: name });
  const projectId = await agent.createProject({ name: `${name} clinic` });
  const taskIds: number[] = [];
  for (let i = 0; i < taskCount; i++) {
    taskIds.push((await agent.createTask(projectId, { name: `${name} task ${i}`, duration: 2 })).id);
  }
  const [row] = await t.ctx.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw new Error('project not found');
  return { companyId: row.companyId, projectId, taskIds };
}

/** A task row for `companyId` in `projectId`, as a careless query would write it. */
function taskValues(companyId: number, projectId: number) {
  return {
    companyId,
    projectId,
    name: 'Smuggled',
    startDate: new Date('2026-03-02T00:00:00Z'),
    endDate: new Date('2026-03-03T00:00:00Z'),
  };
}

/** The database's error code (SQLSTATE) of a failed statement, from the error or its cause. */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (err) {
    const withCode = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
    return String(withCode((err as { cause?: unknown }).cause) ?? withCode(err));
  }
  return undefined;
}

const sortedIds = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.database.db;
  first = await company('First', 2);
  second = await company('Second', 3);
});

afterAll(async () => {
  await t.close();
});

describe('inside a company’s scope', () => {
  it('a query without a company filter sees only that company’s rows', async () => {
    const mine = await withTenant(first.companyId, () => db.select({ id: tasks.id }).from(tasks));
    expect(sortedIds(mine)).toEqual([...first.taskIds].sort((a, b) => a - b));
    const theirs = await withTenant(second.companyId, () =>
      db.execute(sql`select id from tasks order by id`),
    );
    expect(rowsOf<{ id: number }>(theirs).map((r) => r.id)).toEqual(
      [...second.taskIds].sort((a, b) => a - b),
    );
  });

  it('so does a prepared statement, each time it runs, whatever scope it ran in before', async () => {
    const byProject = db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.projectId, sql.placeholder('projectId')))
      .prepare('tenant_wall_tasks_by_project');
    const run = (companyId: number) =>
      withTenant(companyId, () => byProject.execute({ projectId: first.projectId }));
    const expected = [...first.taskIds].sort((a, b) => a - b);
    for (let i = 0; i < 3; i++) {
      expect(sortedIds(await run(first.companyId))).toEqual(expected);
      expect(await run(second.companyId)).toEqual([]);
    }
  });

  it('a prepared statement whose first run fails runs the next time', async () => {
    const byId = db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.id, sql.placeholder('id')))
      .prepare('tenant_wall_task_by_id');
    const id = first.taskIds[0] ?? -1;
    const run = (value: unknown) => withTenant(first.companyId, () => byId.execute({ id: value }));
    expect(await sqlState(run('not a number'))).toBe('22P02');
    for (let i = 0; i < 3; i++) expect(await run(id)).toEqual([{ id }]);
  });

  it('so does a transaction, which works as the restricted role', async () => {
    const seen = await withTenant(second.companyId, () =>
      db.transaction(async (tx) => {
        const [who] = rowsOf<{ role: string; company: string }>(
          await tx.execute(sql`select current_user as role, current_setting('app.company_id') as company`),
        );
        return { who, projects: await tx.select({ id: projects.id }).from(projects) };
      }),
    );
    expect(seen.who).toEqual({ role: 'babe_app', company: String(second.companyId) });
    expect(seen.projects.map((p) => p.id)).toEqual([second.projectId]);
  });

  it('another company’s rows cannot be changed or deleted', async () => {
    const victim = second.taskIds[0] ?? -1;
    const updated = await withTenant(first.companyId, () =>
      db.update(tasks).set({ name: 'Renamed' }).where(eq(tasks.id, victim)).returning({ id: tasks.id }),
    );
    const deleted = await withTenant(first.companyId, () =>
      db.delete(tasks).where(eq(tasks.id, victim)).returning({ id: tasks.id }),
    );
    expect([updated, deleted]).toEqual([[], []]);
    const [still] = await t.ctx.db.select({ name: tasks.name }).from(tasks).where(eq(tasks.id, victim));
    expect(still?.name).toBe('Second task 0');
  });

  it('a row written for another company is refused by the policy', async () => {
    const state = await sqlState(
      withTenant(first.companyId, () =>
        db.insert(tasks).values(taskValues(second.companyId, second.projectId)),
      ),
    );
    expect(state).toBe('42501'); // new row violates row-level security policy
  });

  it('a task of this company pointing at another company’s project is refused by the foreign key', async () => {
    const state = await sqlState(
      withTenant(first.companyId, () =>
        db.insert(tasks).values(taskValues(first.companyId, second.projectId)),
      ),
    );
    expect(state).toBe('23503'); // foreign key violation
    // Even past the policies (as the owner), the composite key keeps a row in its own company.
    const asOwner = await sqlState(
      t.ctx.db.insert(tasks).values(taskValues(first.companyId, second.projectId)),
    );
    expect(asOwner).toBe('23503');
  });
});

describe('every table of a company’s rows', () => {
  // Tables with a company column that are read before any company is known, each for its reason.
  const OUTSIDE_THE_WALL: Readonly<Record<string, string>> = {
    users: 'signing in finds the account by its email before its company is known',
    feedback: 'visitors without a company send it, and the platform’s operators read it',
    stripe_events: 'a payment provider’s event arrives before the company it concerns is known',
  };

  it('keeps the wall: row-level security on and forced, with the tenant policy', async () => {
    const tables = rowsOf<{ table: string; on: boolean; forced: boolean; policy: boolean }>(
      await t.ctx.db.execute(sql`
        select c.relname as table, c.relrowsecurity as on, c.relforcerowsecurity as forced,
               exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_wall') as policy
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema()
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
        order by c.relname`),
    );
    expect(tables.length).toBeGreaterThan(10);
    const open = tables.filter(
      (row) => !(row.on && row.forced && row.policy) && !(row.table in OUTSIDE_THE_WALL),
    );
    expect(open.map((row) => row.table)).toEqual([]);
  });
});

describe('outside any scope', () => {
  it('sees no company’s rows, without an error, even right after a scoped transaction on the connection', async () => {
    for (let i = 0; i < 3; i++) {
      await withTenant(first.companyId, () => db.select({ id: tasks.id }).from(tasks));
      expect(await db.select({ id: tasks.id }).from(tasks)).toEqual([]);
      expect(rowsOf(await db.execute(sql`select * from projects`))).toEqual([]);
    }
  });

  it('writes no company’s rows', async () => {
    const state = await sqlState(db.insert(tasks).values(taskValues(first.companyId, first.projectId)));
    expect(state).toBe('42501');
    expect(await db.update(tasks).set({ name: 'x' }).returning({ id: tasks.id })).toEqual([]);
  });
});

describe('work outside requests', () => {
  it('the demo seed writes its company’s rows through the wall, once it knows the company', async () => {
    expect(await seedDemo(db)).toBe(true);
    const companyId = await demoCompanyId(db);
    if (companyId === undefined) throw new Error('no demo company');
    const seen = await withTenant(companyId, () =>
      db.select({ companyId: projects.companyId }).from(projects),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((p) => p.companyId))).toEqual(new Set([companyId]));
  });
});

describe('the platform path', () => {
  it('reads across companies and leaves an audit record', async () => {
    const actor = `operator-${crypto.randomUUID()}`;
    const all = await withPlatformAccess(db, { actor, reason: 'support ticket 12' }, () =>
      db
        .select({ id: tasks.id })
        .from(tasks)
        .where(inArray(tasks.companyId, [first.companyId, second.companyId])),
    );
    expect(sortedIds(all)).toEqual([...first.taskIds, ...second.taskIds].sort((a, b) => a - b));
    const audit = await t.ctx.db.select().from(platformAccessLog).where(eq(platformAccessLog.actor, actor));
    expect(audit.map((a) => a.reason)).toEqual(['support ticket 12']);
  });

  it('writes nothing of any company', async () => {
    const state = await sqlState(
      withPlatformScope(() =>
        db
          .update(tasks)
          .set({ name: 'x' })
          .where(eq(tasks.id, first.taskIds[0] ?? -1)),
      ),
    );
    expect(state).toBe('42501'); // permission denied
  });
});
