import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { createTestDatabase, testDbKind } from './database.js';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const count = async ({ database }: TestDatabase, table: string) =>
  rowsOf<{ n: number }>(await database.ownerDb.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]
    ?.n;

const transactionId = async ({ database }: TestDatabase) =>
  Number(
    rowsOf<{ id: string }>(await database.ownerDb.execute(sql`select txid_current()::text as id`))[0]?.id,
  );

/** Adds a company and answers its id (from the companies' identity sequence). */
async function addCompany({ database }: TestDatabase, slug: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await database.ownerDb.execute(
      sql`insert into companies (name, slug) values (${slug}, ${slug}) returning id`,
    ),
  );
  return Number(rows[0]?.id);
}

describe.skipIf(testDbKind() !== 'pglite')('test databases handed from one test file to the next', () => {
  it('are emptied to what the migrated template holds: no rows of the last user, the migrations’ rows, ids from the start', async () => {
    const first = await createTestDatabase();
    const firstTx = await transactionId(first);
    for (let i = 0; i < 50; i++) await first.database.ownerDb.execute(sql`select txid_current()`);
    const promoCodes = await count(first, 'promo_codes');
    expect(promoCodes).toBeGreaterThan(0);
    const firstId = await addCompany(first, 'one');
    await addCompany(first, 'two');
    await first.database.ownerDb.execute(sql`delete from promo_codes`);
    await first.database.ownerDb.execute(sql`select set_config('app.company_id', '7', false)`);
    await first.drop();

    const next = await createTestDatabase();
    try {
      // The same database, emptied: a new copy of the template would count transactions from the
      // template's again, below the first one's.
      expect(await transactionId(next)).toBeGreaterThan(firstTx + 50);
      expect(await count(next, 'companies')).toBe(0);
      expect(await count(next, 'promo_codes')).toBe(promoCodes);
      expect(await addCompany(next, 'three')).toBe(firstId);
      const setting = rowsOf<{ v: string | null }>(
        await next.database.ownerDb.execute(sql`select current_setting('app.company_id', true) as v`),
      )[0]?.v;
      expect(setting ?? '').toBe('');
    } finally {
      await next.drop();
    }
  });

  it('stop answering the handle of a test that handed them back', async () => {
    const first = await createTestDatabase();
    const { ownerDb, db } = first.database;
    await first.drop();
    const handedBack = { cause: expect.objectContaining({ message: expect.stringMatching(/handed back/) }) };
    await expect(ownerDb.execute(sql`select 1`)).rejects.toMatchObject(handedBack);
    await expect(db.execute(sql`select 1`)).rejects.toMatchObject(handedBack);
    await expect(first.database.ping()).rejects.toThrow();
    const next = await createTestDatabase();
    await next.drop();
  });

  it('are not reused when a test changed the schema', async () => {
    const first = await createTestDatabase();
    await first.database.ownerDb.execute(sql`alter table promo_codes rename to promo_codes_away`);
    await first.drop();
    const next = await createTestDatabase();
    try {
      expect(await count(next, 'promo_codes')).toBeGreaterThan(0);
    } finally {
      await next.drop();
    }
  });

  it('are not reused when a test changed what guards the tables: the next one has row-level security as migrated', async () => {
    const rlsOn = async ({ database }: TestDatabase) =>
      rowsOf<{ on: boolean }>(
        await database.ownerDb.execute(
          sql`select relrowsecurity as on from pg_class where relname = 'projects'`,
        ),
      )[0]?.on;
    const first = await createTestDatabase();
    expect(await rlsOn(first)).toBe(true);
    await first.database.ownerDb.execute(sql`alter table projects disable row level security`);
    await first.drop();
    const next = await createTestDatabase();
    try {
      expect(await rlsOn(next)).toBe(true);
    } finally {
      await next.drop();
    }
  });
});
