/**
 * The portfolio list sends each project's JSON as the database keeps it beside the row (`dto_json`,
 * written by a trigger). It must never be behind the row: after an edit through the API, after a
 * write straight to the table, and for projects stored before the column existed (the migration
 * writes theirs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../../contracts/projects.js';
import {
  type Database,
  migrationsFolder,
  openDatabase,
  openPgliteClient,
  pgliteDatabase,
  rowsOf,
} from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import {
  createPostgresDatabase,
  dropTestDatabase,
  newDatabaseName,
  testDbKind,
} from '../../testing/database.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { toProjectDto } from './project-dto.js';

const kind = testDbKind();
let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Listing Co' });
});
afterAll(async () => {
  await t.close();
});

const form = {
  name: 'Harbor Lofts',
  client: 'Harbor LLC',
  budget: '480000',
  startDate: '2026-05-04',
  endDate: '2026-11-30',
};

async function listed(id: number): Promise<ProjectDto | undefined> {
  return json<ProjectDto[]>(await owner.get('/api/projects')).find((p) => p.id === id);
}

describe('the project list', () => {
  it('follows an edit through the API at once', async () => {
    const { id } = json<ProjectDto>(await owner.post('/api/projects', form));
    const edited = await owner.put(`/api/projects/${id}`, {
      ...form,
      name: 'Harbor Lofts, phase 2',
      status: 'at-risk',
      progress: 12,
      endDate: '2027-01-15',
    });
    expect(edited.statusCode).toBe(200);
    expect(await listed(id)).toEqual(json(edited));
    expect(await listed(id)).toMatchObject({
      name: 'Harbor Lofts, phase 2',
      status: 'at-risk',
      progress: 12,
    });
  });

  it('follows a write straight to the table, whatever it changed', async () => {
    const { id } = json<ProjectDto>(await owner.post('/api/projects', { ...form, name: 'Quarry Road' }));
    await t.ctx.db
      .update(projects)
      .set({ description: 'Written past the service', dataDate: '2026-06-01', budget: '1.50' })
      .where(eq(projects.id, id));
    const row = (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0];
    if (!row) throw new Error('the project is gone');
    expect(await listed(id)).toEqual(toProjectDto(row));
    expect(await listed(id)).toMatchObject({ description: 'Written past the service', budget: '1.50' });
  });

  it('keeps newest first (ties by id) with calendars read in wherever they stand', async () => {
    const company = t.agent();
    await company.signUpWithCompany({ company: 'Calendars Co' });
    const { companyId } = json<{ companyId: number }>(await company.get('/api/auth/user'));
    // Stored as an import might have left it: weekdays unsorted and repeated (read in sorted).
    const sunToThu = {
      workDays: [7, 4, 3, 2, 1, 4],
      hoursPerDay: 10,
      nonWorkingDates: [],
      workingDates: [],
      usFederalHolidays: false,
    };
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8));
    const rows = [
      { name: 'Oldest, own calendar', createdAt: at(1), calendar: sunToThu },
      { name: 'Tie A', createdAt: at(5), calendar: null },
      { name: 'Tie B, own calendar', createdAt: at(5), calendar: sunToThu },
      // A stored value the calendar reader refuses: listed with the default calendar (null).
      { name: 'Tie C, unreadable calendar', createdAt: at(5), calendar: { workDays: 'weekdays' } as never },
      { name: 'Newest', createdAt: at(9), calendar: null },
    ];
    const stored = await t.ctx.db
      .insert(projects)
      .values(
        rows.map((row) => ({
          ...row,
          companyId,
          client: 'Client',
          type: 'Residential' as const,
          budget: '100.00',
          startDate: at(10),
          endDate: at(40),
        })),
      )
      .returning({ id: projects.id, name: projects.name });
    const idOf = new Map(stored.map((s) => [s.name, s.id]));

    const list = json<ProjectDto[]>(await company.get('/api/projects'));
    expect(list.map((p) => p.name)).toEqual([
      'Newest',
      'Tie C, unreadable calendar',
      'Tie B, own calendar',
      'Tie A',
      'Oldest, own calendar',
    ]);
    expect(list.map((p) => p.id)).toEqual(list.map((p) => idOf.get(p.name)));
    for (const item of list) expect(item).toEqual(json(await company.get(`/api/projects/${item.id}`)));
    const calendars = list.map((p) => p.calendar?.workDays ?? null);
    expect(calendars).toEqual([null, null, [1, 2, 3, 4, 7], null, [1, 2, 3, 4, 7]]);
    // Another company's list shows none of them.
    const names = json<ProjectDto[]>(await owner.get('/api/projects')).map((p) => p.name);
    expect(names.filter((name) => idOf.has(name))).toEqual([]);
  });

  it('answers an empty list for a company without projects', async () => {
    const company = t.agent();
    await company.signUpWithCompany({ company: 'Empty Co' });
    const res = await company.get('/api/projects');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[]');
  });

  it('is written by the database even when a write names the column itself', async () => {
    const { id } = json<ProjectDto>(await owner.post('/api/projects', { ...form, name: 'Mill Pond' }));
    await t.ctx.db.update(projects).set({ dtoJson: '{"id":0}', progress: 3 }).where(eq(projects.id, id));
    expect(await listed(id)).toMatchObject({ id, name: 'Mill Pond', progress: 3 });
  });
});

/** The statements of every migration, in order, as the migrator reads them. */
const migrations = readMigrationFiles({ migrationsFolder });
const listJsonMigration = migrations.findIndex((m) => m.sql.some((s) => /add column "dto_json"/i.test(s)));

/** A new database of this run's kind, migrated as far as the migration before the list JSON. */
async function databaseBeforeListJson(cleanups: (() => Promise<void>)[]): Promise<Database> {
  let database: Database;
  if (kind === 'postgres') {
    const name = newDatabaseName('listjson');
    const url = await createPostgresDatabase(name);
    cleanups.push(() => dropTestDatabase(name));
    database = await openDatabase({ url });
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'babe-list-json-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
    database = pgliteDatabase(await openPgliteClient({ pgliteDir: dir }));
  }
  cleanups.push(() => database.close());
  const owner = database.ownerDb;
  await owner.execute(sql.raw('create schema if not exists drizzle'));
  await owner.execute(
    sql.raw(
      'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    ),
  );
  for (const migration of migrations.slice(0, listJsonMigration)) {
    for (const statement of migration.sql) if (statement.trim()) await owner.execute(sql.raw(statement));
    await owner.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
  return database;
}

describe('migrating a database that already has projects', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('writes the list JSON of every company’s projects', async () => {
    expect(listJsonMigration).toBeGreaterThan(0);
    const database = await databaseBeforeListJson(cleanups);
    const owner = database.ownerDb;
    await owner.execute(
      sql`insert into companies (name, slug) values ('North', 'north'), ('South', 'south')`,
    );
    await owner.execute(sql`
      insert into projects (company_id, name, client, type, budget, start_date, end_date, data_date)
      select c.id, c.name || ' yard', 'Client "A"', 'Residential', 1234.5,
             '2026-03-02T00:00:00Z', '2026-09-30T12:30:00.250Z', '2026-04-01'
      from companies c`);

    await database.migrate();

    const rows = await owner.select().from(projects);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.dtoJson).not.toBeNull();
      expect(JSON.parse(row.dtoJson ?? 'null')).toEqual(toProjectDto(row));
    }
    // Row-level security is forced on the table again after the migration wrote every company's rows.
    const forced = rowsOf<{ forced: boolean }>(
      await owner.execute(sql`select relforcerowsecurity as forced from pg_class where relname = 'projects'`),
    );
    expect(forced[0]?.forced).toBe(true);
  });
});
