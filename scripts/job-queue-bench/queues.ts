/**
 * The three job queues the bench compares, behind one small interface: our own claim-and-lease
 * queue (the statements of remindersRepo.claimDue / markSent on a table of its own), pg-boss and
 * graphile-worker. Each runs on PostgreSQL (its own schema in the bench database) or on PGlite (a
 * data directory of its own). The side effects the handlers make (a "mail", a "write") are rows in
 * the queue's own namespace, so a drill can count how often each job really ran.
 */
import { PGlite } from '@electric-sql/pglite';
import { Logger, makeWorkerUtils, run } from 'graphile-worker';
import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';

export type QueueKind = 'ours' | 'pg-boss' | 'graphile-worker';
export const QUEUE_KINDS: readonly QueueKind[] = ['ours', 'pg-boss', 'graphile-worker'];

/** Where a queue keeps its jobs: a schema of the bench database, or an embedded data directory. */
export type Target =
  | { kind: 'postgresql'; url: string; schema: string; appName: string }
  | { kind: 'pglite'; dir: string };

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
}

export interface QueueOptions {
  /** Seconds a claimed job may stay silent before another worker may take it. */
  leaseSeconds: number;
  /** Jobs one fetch claims (ours and pg-boss; graphile-worker takes one at a time). */
  batchSize: number;
  /** Called with every error a worker meets and survives (a lost connection, mostly). */
  onError?: (err: unknown) => void;
}

export interface Counts {
  done: number;
  failed: number;
  open: number;
  /** The reasons stored with failed or retried jobs, distinct. */
  reasons: string[];
}

export interface Runner {
  stop(): Promise<void>;
}

export interface Queue {
  readonly kind: QueueKind;
  /** The connection the handlers' side effects and the checks go through. */
  readonly sql: Sql;
  /** Namespace of the side-effect tables (`mails`, `writes`). */
  readonly ns: string;
  enqueue(queue: string, keys: readonly string[]): Promise<void>;
  work(queue: string, concurrency: number, handler: (key: string) => Promise<void>): Promise<Runner>;
  counts(queue: string, total: number): Promise<Counts>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A PostgreSQL address with the connection's name set, so a drill can find and cut its sessions. */
const named = (url: string, appName: string) =>
  `${url}${url.includes('?') ? '&' : '?'}application_name=${encodeURIComponent(appName)}`;

/** A pool's errors on idle clients (a cut session) are reported, never thrown at the process. */
function openPool(target: Extract<Target, { kind: 'postgresql' }>, max: number, opts: QueueOptions) {
  const pool = new pg.Pool({ connectionString: named(target.url, target.appName), max });
  pool.on('error', (err) => opts.onError?.(err));
  const sql: Sql = {
    async query<T>(text: string, params?: unknown[]) {
      return (await pool.query(text, params)).rows as T[];
    },
    async exec(text: string) {
      await pool.query(text);
    },
  };
  return { pool, sql };
}

function pgliteSql(db: PGlite): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      return (await db.query<T>(text, params)).rows;
    },
    async exec(text: string) {
      await db.exec(text);
    },
  };
}

async function installSideTables(sql: Sql, ns: string) {
  await sql.exec(`
    create schema if not exists ${ns};
    create table if not exists ${ns}.mails (key text not null, worker int not null, at timestamptz not null default clock_timestamp());
    create table if not exists ${ns}.writes (key text not null, at timestamptz not null default clock_timestamp());`);
}

/** The database connection a queue's side effects and checks use, with its namespace. */
async function openSide(target: Target, max: number, opts: QueueOptions) {
  if (target.kind === 'postgresql') {
    const { pool, sql } = openPool(target, max, opts);
    const ns = quote(target.schema);
    await installSideTables(sql, ns);
    return { sql, ns, pglite: undefined, close: () => pool.end() };
  }
  const db = new PGlite(target.dir);
  await db.waitReady;
  const sql = pgliteSql(db);
  await installSideTables(sql, 'public');
  return { sql, ns: 'public', pglite: db, close: () => db.close() };
}

/**
 * Our queue: a job is claimed for a lease (`claimed_until`) with `for update skip locked`, done is
 * recorded only if it is not done yet, and a claim that lapses (its worker died) is taken again.
 * A job whose claims lapsed MAX_ATTEMPTS times is failed with the reason, as a plan generation
 * whose server died is.
 */
const MAX_ATTEMPTS = 4;
const IDLE_POLL_MS = 50;

export async function openOurs(target: Target, maxConnections: number, opts: QueueOptions): Promise<Queue> {
  const side = await openSide(target, maxConnections, opts);
  const { sql, ns } = side;
  await sql.exec(`
    create table if not exists ${ns}.jobs (
      id bigserial primary key, queue text not null, key text not null,
      claimed_until timestamptz, done_at timestamptz, failed_at timestamptz,
      attempts int not null default 0, last_error text);
    create index if not exists jobs_open_idx on ${ns}.jobs (queue, id) where done_at is null and failed_at is null;`);
  const lapsed = `done_at is null and failed_at is null and claimed_until < now()`;

  async function claim(queue: string) {
    await sql.query(
      `update ${ns}.jobs set failed_at = now(), last_error = 'its worker stopped ' || attempts || ' times'
       where queue = $1 and attempts >= $2 and ${lapsed}`,
      [queue, MAX_ATTEMPTS],
    );
    return sql.query<{ id: string; key: string }>(
      `update ${ns}.jobs set claimed_until = now() + make_interval(secs => $3), attempts = attempts + 1
       where id in (select id from ${ns}.jobs
         where queue = $1 and done_at is null and failed_at is null and (claimed_until is null or claimed_until < now())
         order by id limit $2 for update skip locked)
       returning id, key`,
      [queue, opts.batchSize, opts.leaseSeconds],
    );
  }

  return {
    kind: 'ours',
    sql,
    ns,
    async enqueue(queue, keys) {
      await sql.query(`insert into ${ns}.jobs (queue, key) select $1, unnest($2::text[])`, [queue, keys]);
    },
    async work(queue, concurrency, handler) {
      let stopping = false;
      const loop = async () => {
        while (!stopping) {
          let jobs: { id: string; key: string }[];
          try {
            jobs = await claim(queue);
          } catch (err) {
            opts.onError?.(err);
            await sleep(200);
            continue;
          }
          if (jobs.length === 0) {
            await sleep(IDLE_POLL_MS);
            continue;
          }
          for (const job of jobs) {
            try {
              await handler(job.key);
              await sql.query(
                `update ${ns}.jobs set done_at = now(), claimed_until = null where id = $1 and done_at is null`,
                [job.id],
              );
            } catch (err) {
              // The claim lapses and the job is taken again.
              opts.onError?.(err);
            }
          }
        }
      };
      const loops = Array.from({ length: concurrency }, loop);
      return {
        async stop() {
          stopping = true;
          await Promise.all(loops);
        },
      };
    },
    async counts(queue) {
      const [row] = await sql.query<{ done: number; failed: number; open: number; reasons: string[] | null }>(
        `select count(*) filter (where done_at is not null)::int as done,
                count(*) filter (where failed_at is not null)::int as failed,
                count(*) filter (where done_at is null and failed_at is null)::int as open,
                array_agg(distinct last_error) filter (where last_error is not null) as reasons
         from ${ns}.jobs where queue = $1`,
        [queue],
      );
      return {
        done: row?.done ?? 0,
        failed: row?.failed ?? 0,
        open: row?.open ?? 0,
        reasons: row?.reasons ?? [],
      };
    },
    close: side.close,
  };
}

export async function openPgBoss(target: Target, maxConnections: number, opts: QueueOptions): Promise<Queue> {
  const side = await openSide(target, maxConnections, opts);
  const timers = { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 };
  const boss =
    target.kind === 'postgresql'
      ? new PgBoss({
          connectionString: target.url,
          schema: `${target.schema}_boss`,
          application_name: target.appName,
          max: maxConnections,
          ...timers,
        })
      : new PgBoss({ db: fromPglite(side.pglite as PGlite), backend: 'pglite', ...timers });
  boss.on('error', (err) => opts.onError?.(err));
  await boss.start();
  const schema = target.kind === 'postgresql' ? quote(`${target.schema}_boss`) : 'pgboss';
  const created = new Set<string>();
  async function ensureQueue(queue: string) {
    if (created.has(queue)) return;
    created.add(queue);
    await boss.createQueue(queue, {
      expireInSeconds: opts.leaseSeconds,
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: 0,
    });
  }
  return {
    kind: 'pg-boss',
    sql: side.sql,
    ns: side.ns,
    async enqueue(queue, keys) {
      await ensureQueue(queue);
      for (let i = 0; i < keys.length; i += 500) {
        await boss.insert(
          queue,
          keys.slice(i, i + 500).map((key) => ({ data: { key } })),
        );
      }
    },
    async work(queue, concurrency, handler) {
      await ensureQueue(queue);
      await boss.work<{ key: string }>(
        queue,
        {
          batchSize: opts.batchSize,
          localConcurrency: concurrency,
          pollingIntervalSeconds: 0.5,
          burstWhenBatchFull: opts.batchSize > 1,
        },
        async (jobs) => {
          for (const job of jobs) await handler(job.data.key);
        },
      );
      return { stop: () => boss.offWork(queue, { wait: true }) };
    },
    async counts(queue) {
      const rows = await side.sql.query<{ state: string; n: number; reasons: string[] | null }>(
        `select state, count(*)::int as n,
                array_agg(distinct output->>'message') filter (where retry_count > 0 or state = 'failed') as reasons
         from ${schema}.job where name = $1 group by state`,
        [queue],
      );
      const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
      const reasons = [...new Set(rows.flatMap((r) => r.reasons ?? []).filter((r) => r))];
      return {
        done: of('completed'),
        failed: of('failed'),
        open: of('created') + of('retry') + of('active'),
        reasons,
      };
    },
    async close() {
      await boss.stop({ graceful: false, timeout: 2_000 });
      await side.close();
    },
  };
}

/** graphile-worker speaks to PostgreSQL through `pg` only: an embedded PGlite has no address to give it. */
export async function openGraphile(
  target: Target,
  maxConnections: number,
  opts: QueueOptions,
): Promise<Queue> {
  if (target.kind !== 'postgresql') {
    throw new Error('graphile-worker needs a PostgreSQL address (pg.Pool); PGlite has none in-process');
  }
  const side = await openSide(target, maxConnections, opts);
  const schema = `${target.schema}_graphile`;
  const connectionString = named(target.url, target.appName);
  const logger = new Logger(() => (level, message) => {
    if (level === 'error') opts.onError?.(new Error(message));
  });
  const utils = await makeWorkerUtils({ connectionString, schema, logger });
  await utils.migrate();
  const runners = new Set<{ stop(): Promise<void> }>();
  return {
    kind: 'graphile-worker',
    sql: side.sql,
    ns: side.ns,
    async enqueue(queue, keys) {
      for (let i = 0; i < keys.length; i += 500) {
        await utils.addJobs(
          keys
            .slice(i, i + 500)
            .map((key) => ({ identifier: queue, payload: { key }, maxAttempts: MAX_ATTEMPTS })),
        );
      }
    },
    async work(queue, concurrency, handler) {
      const runner = await run({
        connectionString,
        schema,
        concurrency,
        maxPoolSize: maxConnections,
        noHandleSignals: true,
        pollInterval: 500,
        logger,
        crontab: '',
        taskList: {
          [queue]: async (payload) => handler((payload as { key: string }).key),
        },
      });
      runners.add(runner);
      return {
        async stop() {
          runners.delete(runner);
          await runner.stop();
        },
      };
    },
    async counts(queue, total) {
      // Completed jobs are deleted; the rest are open or, past their attempts, failed.
      const [row] = await side.sql.query<{ failed: number; open: number; reasons: string[] | null }>(
        `select count(*) filter (where j.attempts >= j.max_attempts)::int as failed,
                count(*) filter (where j.attempts < j.max_attempts)::int as open,
                array_agg(distinct j.last_error) filter (where j.last_error is not null) as reasons
         from ${quote(schema)}._private_jobs j join ${quote(schema)}._private_tasks t on t.id = j.task_id
         where t.identifier = $1`,
        [queue],
      );
      const failed = row?.failed ?? 0;
      const open = row?.open ?? 0;
      return { done: total - failed - open, failed, open, reasons: row?.reasons ?? [] };
    },
    async close() {
      await Promise.all([...runners].map((r) => r.stop()));
      await utils.release();
      await side.close();
    },
  };
}

export function openQueue(kind: QueueKind, target: Target, maxConnections: number, opts: QueueOptions) {
  if (kind === 'ours') return openOurs(target, maxConnections, opts);
  if (kind === 'pg-boss') return openPgBoss(target, maxConnections, opts);
  return openGraphile(target, maxConnections, opts);
}
