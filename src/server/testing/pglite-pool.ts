/**
 * The embedded databases of one test worker, handed from one test file (or test server) to the next.
 * Loading a copy of the run's migrated template costs most of a second of CPU each time, and a run
 * starts well over a hundred; emptying a used one again costs a few hundredths of that. A database
 * handed back is emptied to exactly what the template held (its tables truncated, the rows the
 * migrations wrote put back, every sequence where the template had it, the session's settings,
 * prepared statements and advisory locks cleared), and the handle its borrower had stops working, so
 * that nothing a finished test left running can write into the next one's database. One whose schema
 * (or its row-level security, policies, triggers or indexes) was changed, or that its borrower closed,
 * is closed instead of reused.
 */
import type { PGlite } from '@electric-sql/pglite';

/** What a freshly migrated template holds beyond empty tables, taken once per database. */
interface Baseline {
  tables: string[];
  /** The rows the migrations wrote, as JSON, per table. */
  rows: Map<string, string>;
  sequences: { name: string; lastValue: string | null; startValue: string }[];
  schema: string;
}

interface Pooled {
  client: PGlite;
  baseline: Baseline;
}

const idle: Pooled[] = [];

/**
 * What the migrations made, as one text to compare: the tables and columns of the app's schemas, and
 * what guards and serves them (row-level security on each table, its policies, triggers and
 * indexes). A test that changed any of it leaves a database the next test must not inherit.
 */
const SCHEMA_FINGERPRINT = `select concat_ws(' | ',
    (select string_agg(table_schema || '.' || table_name || '.' || column_name || ':' || data_type, ',' order by table_schema, table_name, column_name)
       from information_schema.columns where table_schema in ('public', 'drizzle')),
    (select string_agg(c.relname || ':' || c.relrowsecurity::text || '/' || c.relforcerowsecurity::text, ',' order by c.relname)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'),
    (select string_agg(tablename || '.' || policyname || ':' || cmd || ':' || array_to_string(roles, '+') || ':' || coalesce(qual, '') || ':' || coalesce(with_check, ''), ',' order by tablename, policyname)
       from pg_policies where schemaname = 'public'),
    (select string_agg(tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text, ',' order by tgrelid::regclass::text, tgname)
       from pg_trigger where not tgisinternal),
    (select string_agg(indexdef, ',' order by indexdef) from pg_indexes where schemaname = 'public')
  ) as schema`;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function baselineOf(client: PGlite): Promise<Baseline> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((row) => row.name);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${ident(table)} t`,
    );
    const json = found[0]?.json;
    if (json) rows.set(table, json);
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null; startValue: string }>(
      `select sequencename as name, last_value::text as "lastValue", start_value::text as "startValue"
         from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]?.schema ?? '';
  return { tables, rows, sequences, schema };
}

/** Empties `client` back to `baseline`; false when it cannot be reused (closed, or its schema changed). */
async function reset({ client, baseline }: Pooled): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec('reset all; deallocate all; select pg_advisory_unlock_all();');
    const schema = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]?.schema;
    if (schema !== baseline.schema) return false;
    await client.transaction(async (tx) => {
      // The rows put back are the template's own, consistent as a whole: foreign keys and triggers
      // are not checked row by row while they go in, whatever order the tables come in.
      await tx.exec('set local session_replication_role = replica');
      if (baseline.tables.length)
        await tx.exec(`truncate ${baseline.tables.map(ident).join(', ')} restart identity cascade`);
      for (const [table, json] of baseline.rows) {
        await tx.query(
          `insert into ${ident(table)} overriding system value select * from json_populate_recordset(null::${ident(table)}, $1::json)`,
          [json],
        );
      }
      for (const s of baseline.sequences) {
        await tx.query('select setval($1::regclass, $2::bigint, $3)', [
          ident(s.name),
          s.lastValue ?? s.startValue,
          s.lastValue !== null,
        ]);
      }
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The client as its borrower sees it: every call reaches the database until `revoke`, and throws
 * after it, as on a closed database.
 */
function revocable(client: PGlite): { client: PGlite; revoke: () => void } {
  let revoked = false;
  const proxy = new Proxy(client, {
    get(target, key) {
      if (revoked && key !== 'closed') throw new Error('this test database was handed back');
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client: proxy, revoke: () => (revoked = true) };
}

export interface PgliteLease {
  client: PGlite;
  /** Hands the database back: the lease's client stops working; the database is emptied for reuse. */
  giveBack(): Promise<void>;
}

/**
 * An emptied embedded database of this worker, or, when none is idle, a new one from `open`, which
 * answers it migrated (what it holds then is what every later borrower gets).
 */
export async function leasePglite(open: () => Promise<PGlite>): Promise<PgliteLease> {
  let pooled = idle.pop();
  if (!pooled) {
    const client = await open();
    pooled = { client, baseline: await baselineOf(client) };
  }
  const held = pooled;
  const { client, revoke } = revocable(held.client);
  let given = false;
  return {
    client,
    async giveBack() {
      if (given) return;
      given = true;
      revoke();
      if (await reset(held)) idle.push(held);
      else if (!held.client.closed) await held.client.close().catch(() => undefined);
    },
  };
}
