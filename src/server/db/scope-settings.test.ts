/**
 * The settings every query of the app's handle runs with: each query outside a transaction gets its
 * own scope's role and company (or token), however its pooled connection was used before: by other
 * scopes, by many queries at once, and after a query that failed. On PostgreSQL the settings travel
 * ahead of the query in its own pipeline (scoped-query.ts); nothing of them may leak between uses.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.js';
import { type Db, rowsOf } from './client.js';
import { APP_ROLE, withTenant, withTokenLookup } from './tenant-scope.js';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.database.db;
});

afterAll(async () => {
  await t.close();
});

interface Seen {
  role: string;
  company: string;
  token: string;
}

/** What the running statement sees of its scope ('' for a setting not set in its transaction). */
async function seen(): Promise<Seen> {
  const result = await db.execute(
    sql`select current_user as role,
      coalesce(current_setting('app.company_id', true), '') as company,
      coalesce(current_setting('app.token_hash', true), '') as token`,
  );
  const row = rowsOf<Seen>(result)[0];
  if (!row) throw new Error('no row');
  return row;
}

/** A statement that fails when it runs (after its settings ran), in the current scope. */
async function failing(): Promise<unknown> {
  return db.execute(sql`select 1 / (random() * 0)::int`).then(
    () => new Error('expected a failure'),
    (err: unknown) => err,
  );
}

describe('the settings of each query outside a transaction', () => {
  it('are its own scope, with many scopes at once on a few pooled connections', async () => {
    const scopes = Array.from({ length: 60 }, (_, i) => i);
    const answers = await Promise.all(
      scopes.map(async (i) => {
        if (i % 3 === 0) return { i, seen: await withTenant(1000 + i, seen) };
        if (i % 3 === 1) return { i, seen: await withTokenLookup(`token-${i}`, seen) };
        return { i, seen: await seen() };
      }),
    );
    for (const { i, seen: s } of answers) {
      expect(s.role).toBe(APP_ROLE);
      expect(s.company).toBe(i % 3 === 0 ? String(1000 + i) : '');
      expect(s.token).toBe(i % 3 === 1 ? `token-${i}` : '');
    }
  });

  it('still hold after failed statements on the same connections', async () => {
    const failures = await Promise.all(Array.from({ length: 20 }, (_, i) => withTenant(500 + i, failing)));
    for (const failure of failures) expect(failure).toBeInstanceOf(Error);
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => withTenant(700 + i, async () => ({ i, seen: await seen() }))),
    );
    for (const { i, seen: s } of after) {
      expect(s).toEqual({ role: APP_ROLE, company: String(700 + i), token: '' });
    }
    expect(await seen()).toEqual({ role: APP_ROLE, company: '', token: '' });
  });
});
