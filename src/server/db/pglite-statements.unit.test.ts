import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PGLITE_SHARED_BUFFERS } from '../testing/database.js';
import { inlineParams } from './inline-params.js';
import { MAX_PREPARED, PreparedStatements } from './pglite-statements.js';

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${TEST_PGLITE_SHARED_BUFFERS}`],
  });
  await db.exec(`
    create table docs (id serial primary key, company int not null, name text not null, tags text[], meta jsonb);
    insert into docs (company, name) values (1, 'one-a'), (1, 'one-b'), (2, 'two-a');
    alter table docs enable row level security;
    alter table docs force row level security;
    create role tenant_role;
    create role reader_role;
    grant select, insert, update on docs to tenant_role, reader_role;
    grant usage on sequence docs_id_seq to tenant_role, reader_role;
    create policy own_company on docs to tenant_role
      using (company = current_setting('app.company_id')::int)
      with check (company = current_setting('app.company_id')::int);
    create policy read_all on docs for select to reader_role using (true);
  `);
});

afterAll(async () => {
  await db.close();
});

const exec = (text: string) => db.exec(text);
const asCompany = (id: number) =>
  `select set_config('role', 'tenant_role', true), set_config('app.company_id', '${id}', true)`;
const asReader = `select set_config('role', 'reader_role', true)`;
const asOwner = 'select 1';

/** The commands that prepared each statement (with what was sent beside them). */
async function preparedTexts(): Promise<string[]> {
  const result = await db.query<{ statement: string }>('select statement from pg_prepared_statements');
  return result.rows.map((row) => row.statement);
}

/** How many statements were prepared from exactly this text. */
async function timesPrepared(text: string): Promise<number> {
  return (await preparedTexts()).filter((s) => s.includes(` as ${text}`)).length;
}

/**
 * Runs `work` in a transaction under company 1's settings, with `run` sending its statements through
 * `statements`. Resolves once the transaction has ended, committed or not.
 */
async function inCompanyTransaction(
  statements: PreparedStatements,
  work: (run: (text: string, values: unknown[]) => Promise<Results>, tx: Transaction) => Promise<void>,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      await tx.exec(asCompany(1));
      await work((text, values) => statements.runInTransaction((s) => tx.exec(s), text, values), tx);
    })
    .catch(() => {});
}

async function names(statements: PreparedStatements, prefix: string, text: string, values: unknown[] = []) {
  const result = await statements.run(exec, prefix, text, values);
  return (result.rows as Array<{ name: string }>).map((row) => row.name);
}

describe('statements run by name', () => {
  it('are prepared once, and answer what the text with its values inlined answers', async () => {
    const statements = new PreparedStatements();
    const text = `select name, $2::text[] as tags, $3::jsonb as meta, $4::int as n
      from docs where company = $1 and name <> $5 order by name`;
    const values = [1, ['a', "it's"], { note: 'a\\b "quoted"' }, null, "O'Brien"];
    const inline = (await db.exec(`${asOwner}; ${inlineParams(text, values)}`)).at(-1);
    for (let i = 0; i < 3; i++) {
      const result = await statements.run(exec, asOwner, text, values);
      expect(result.rows).toEqual(inline?.rows);
      expect(result.rows).toHaveLength(2);
    }
    expect((await preparedTexts()).filter((s) => s.includes('name <> $5'))).toHaveLength(1);
  });

  it('run with nothing ahead of them when there are no settings', async () => {
    const statements = new PreparedStatements();
    const text = 'select name from docs where name like $2 and company = $1 order by name desc';
    for (let i = 0; i < 2; i++)
      expect(await names(statements, '', text, [1, 'one-%'])).toEqual(['one-b', 'one-a']);
    expect(await timesPrepared(text)).toBe(1);
    // Each run's only answer is the statement's own: no settings' row ahead of it.
    const result = await statements.run(exec, '', 'select $1::int + 1 as n', [41]);
    expect(result.rows).toEqual([{ n: 42 }]);
  });

  it('see the rows of the scope each run is in, whichever scope prepared them', async () => {
    const statements = new PreparedStatements();
    const text = 'select name from docs order by name';
    expect(await names(statements, asCompany(1), text)).toEqual(['one-a', 'one-b']);
    expect(await names(statements, asCompany(2), text)).toEqual(['two-a']);
    expect(await names(statements, asReader, text)).toEqual(['one-a', 'one-b', 'two-a']);
    expect(await names(statements, asCompany(2), text)).toEqual(['two-a']);
    // Prepared by a role that bypasses the policies, then run under one that does not.
    const byOwner = new PreparedStatements();
    const ownerText = 'select name from docs where id > $1 order by name';
    expect(await names(byOwner, asOwner, ownerText, [0])).toHaveLength(3);
    expect(await names(byOwner, asCompany(1), ownerText, [0])).toEqual(['one-a', 'one-b']);
  });

  it('refuse a row outside the scope on every run, as the text would', async () => {
    const statements = new PreparedStatements();
    const text = 'insert into docs (company, name) values ($1, $2) returning id';
    await statements.run(exec, asCompany(2), text, [2, 'two-b']);
    await expect(statements.run(exec, asCompany(2), text, [1, 'smuggled'])).rejects.toThrow(
      /row-level security/,
    );
    const count = await db.query<{ n: number }>(
      "select count(*)::int as n from docs where name = 'smuggled'",
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it('are prepared once when many calls of a new text arrive together', async () => {
    const statements = new PreparedStatements();
    const text = 'select name from docs where company = $1 and name like $2 order by name';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        names(statements, asCompany((i % 2) + 1), text, [(i % 2) + 1, '%-a']),
      ),
    );
    expect(answers.slice(0, 4)).toEqual([['one-a'], ['two-a'], ['one-a'], ['two-a']]);
    expect(await timesPrepared(text)).toBe(1);
  });

  it('go as text when a parameter cannot be typed, or when the text holds several statements', async () => {
    const statements = new PreparedStatements();
    const typeOf = await statements.run(exec, asOwner, 'select pg_typeof($1)::text as type', ['x']);
    expect(typeOf.rows).toEqual([{ type: 'unknown' }]);
    const before = (await preparedTexts()).length;
    const twice = "update docs set tags = array_append(tags, 'seen') where name = 'one-a'; select 1 as done";
    await statements.run(exec, asOwner, twice, []);
    await statements.run(exec, asOwner, twice, []);
    const tags = await db.query<{ tags: string[] }>("select tags from docs where name = 'one-a'");
    expect(tags.rows[0]?.tags).toEqual(['seen', 'seen']);
    expect((await preparedTexts()).length).toBe(before);
  });

  it('follow the table when its columns change', async () => {
    const statements = new PreparedStatements();
    await db.exec('create table notes (id int)');
    await db.exec('insert into notes values (1)');
    const text = 'select * from notes';
    expect((await statements.run(exec, asOwner, text, [])).rows).toEqual([{ id: 1 }]);
    await db.exec("alter table notes add column body text default 'b'");
    expect((await statements.run(exec, asOwner, text, [])).rows).toEqual([{ id: 1, body: 'b' }]);
    expect((await statements.run(exec, asOwner, text, [])).rows).toEqual([{ id: 1, body: 'b' }]);
  });

  it('stay at most the bound in number, the least used deallocated first', async () => {
    const statements = new PreparedStatements();
    const start = (await preparedTexts()).length;
    for (let i = 0; i < MAX_PREPARED + 40; i++) {
      const result = await statements.run(exec, asOwner, `select ${i} + $1::int as n`, [1]);
      expect(result.rows).toEqual([{ n: i + 1 }]);
    }
    // The statements evicted last are deallocated with the next one prepared.
    expect((await preparedTexts()).length - start).toBeLessThanOrEqual(MAX_PREPARED + 1);
    const again = await statements.run(exec, asOwner, 'select 0 + $1::int as n', [5]);
    expect(again.rows).toEqual([{ n: 5 }]);
  });
});

describe('statements run by name in a transaction', () => {
  it('leave the transaction usable when one cannot be prepared, and stay prepared after a rollback', async () => {
    const statements = new PreparedStatements();
    const insert = 'insert into docs (name, company) values ($2, $1)';
    await inCompanyTransaction(statements, async (run, tx) => {
      await run(insert, [1, 'rolled-back']);
      await tx.rollback();
    });
    let typeOf: Results | undefined;
    await inCompanyTransaction(statements, async (run) => {
      typeOf = await run('select pg_typeof($1)::text as type', ['x']);
      await run(insert, [1, 'committed']);
    });
    expect(typeOf?.rows).toEqual([{ type: 'unknown' }]);
    const rows = await db.query<{ name: string }>(
      "select name from docs where name in ('rolled-back', 'committed') order by name",
    );
    expect(rows.rows.map((row) => row.name)).toEqual(['committed']);
    expect(await timesPrepared(insert)).toBe(1);
  });

  it('are prepared later when first seen in a transaction that had already failed', async () => {
    const statements = new PreparedStatements();
    const text = 'select name from docs where company = $1 and name like $2 order by name desc';
    await inCompanyTransaction(statements, async (run, tx) => {
      await tx.exec('select 1 / 0').catch(() => {});
      await run(text, [1, 'one-%']);
    });
    expect(await names(statements, asCompany(1), text, [1, 'one-%'])).toEqual(['one-b', 'one-a']);
    expect(await timesPrepared(text)).toBe(1);
  });

  it('do not wait for a statement being prepared outside the transaction, which waits for it to end', async () => {
    const statements = new PreparedStatements();
    const text = 'select name from docs where company = $1 and name like $2 order by name, id';
    let inside: Results | undefined;
    let outside: Promise<string[]> | undefined;
    await inCompanyTransaction(statements, async (run) => {
      // Sent while the transaction is open: its PREPARE is queued behind the transaction.
      outside = names(statements, asCompany(1), text, [1, 'one-%']);
      inside = await run(text, [1, 'one-%']);
    });
    expect(inside?.rows).toEqual([{ name: 'one-a' }, { name: 'one-b' }]);
    expect(await outside).toEqual(['one-a', 'one-b']);
    expect(await timesPrepared(text)).toBe(1);
  });
});
