/**
 * A transaction its server left idle (the server froze with its locks held) is ended by PostgreSQL
 * after IDLE_TRANSACTION_LIMIT_MS, on every connection of the app's pool, in and out of a
 * transaction; DATABASE_URL may set another limit. (The fault drill job-takeover.test.ts freezes a
 * server mid-plan and watches another take the plan over once the limit has ended its transaction.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../testing/database.js';
import { type Database, openDatabase, rowsOf } from './client.js';

let database: Database;
let url: string | undefined;
let drop: (() => Promise<void>) | undefined;

const limitOf = async (db: Database['db']) =>
  rowsOf<{ ms: string }>(
    await db.execute(sql`select current_setting('idle_in_transaction_session_timeout') as ms`),
  )[0]?.ms;

describe.skipIf(testDbKind() !== 'postgres')('the idle transaction limit', () => {
  beforeAll(async () => {
    ({ database, drop, url } = await createTestDatabase('postgres'));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('is a minute on the app pool, in a transaction too', async () => {
    expect(await limitOf(database.db)).toBe('1min');
    expect(await database.db.transaction((tx) => limitOf(tx as Database['db']))).toBe('1min');
    expect(await limitOf(database.ownerDb)).toBe('1min');
  });

  it('is what DATABASE_URL says when it says', async () => {
    const other = await openDatabase({ url: `${url}?idle_in_transaction_session_timeout=5000` });
    try {
      expect(await limitOf(other.db)).toBe('5s');
    } finally {
      await other.close();
    }
  });
});
