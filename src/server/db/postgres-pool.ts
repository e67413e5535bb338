/**
 * The PostgreSQL connection pool and the Drizzle handles on it, made to outlive lost connections.
 * A connection can die at any moment: a failover, a restart, a pooler's idle timeout, an
 * administrator terminating backends. The request using it then fails (the errors plugin answers
 * 503), and nothing else may suffer: not the process, and not the pool's other requests.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isConnectionLost } from './connection-errors.js';
import * as schema from './schema/index.js';
import { queryWithSettings } from './scoped-query.js';
import { currentScope, scopeSettingsSql } from './tenant-scope.js';

type PostgresDb = NodePgDatabase<typeof schema>;

export interface PostgresHandles {
  pool: pg.Pool;
  /** As the connection's own role: migrations, upkeep, tests' fixtures. */
  db: PostgresDb;
  /**
   * The app's: every transaction, and every query outside one, runs as the restricted role with the
   * scope's company (tenant-scope.ts). The same as `db` when row-level security is switched off.
   */
  appDb: PostgresDb;
}

/**
 * How long PostgreSQL lets one of our transactions sit idle, waiting for its next statement, before
 * it ends the session. Our transactions never wait on anything but their own statements and a little
 * CPU between them, so a minute of silence means the server that opened it froze (a paused VM, a
 * partition) with its locks held: a plan's lock on its project would otherwise keep every other
 * server's takeover waiting until the frozen one came back, or for TCP's hours. A parameter of the
 * same name in DATABASE_URL overrides it (`?idle_in_transaction_session_timeout=<ms>`).
 */
export const IDLE_TRANSACTION_LIMIT_MS = 60_000;

export function openPostgresPool(url: string, options: { rls?: boolean } = {}): PostgresHandles {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idle_in_transaction_session_timeout: IDLE_TRANSACTION_LIMIT_MS,
    // A database host that vanishes without a word is noticed by TCP's keepalives, not never.
    keepAlive: true,
  });
  surviveConnectionLoss(pool);
  const db = drizzle(pool, { schema });
  db.transaction = transactionReleasingItsClient(pool);
  if (options.rls === false) return { pool, db, appDb: db };
  const appDb = drizzle({ client: scopedQueries(pool) as unknown as pg.Pool, schema });
  appDb.transaction = transactionReleasingItsClient(pool, () => scopeSettingsSql(currentScope()));
  return { pool, db, appDb };
}

/**
 * node-postgres reports a lost connection as an 'error' event on the client, and an 'error' event
 * nobody listens to ends the whole process. The pool listens only while a client sits idle; this
 * listens for every client's whole life, checked out too (in a transaction between two
 * statements, or when the server's goodbye arrives after the running query already failed). The
 * error itself reaches whoever uses the client: every statement sent on it from then on fails.
 */
function surviveConnectionLoss(pool: pg.Pool): void {
  pool.on('error', ignoreLostConnection);
  pool.on('connect', (client) => {
    client.on('error', ignoreLostConnection);
  });
}

/** The error reaches the client's user (see surviveConnectionLoss); nothing more to do here. */
function ignoreLostConnection(): void {}

const asError = (err: unknown) => (err instanceof Error ? err : new Error('database connection lost'));

/**
 * What Drizzle's handle sends a query to outside a transaction: the query with the scope's settings
 * ahead of it in one pipeline, one implicit transaction and one round trip (scoped-query.ts), so the
 * settings, local to it, never outlive it on a pooled connection.
 */
function scopedQueries(pool: pg.Pool) {
  return {
    async query(config: pg.QueryConfig, values?: unknown[]) {
      const settings = scopeSettingsSql(currentScope());
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        return await queryWithSettings(client, settings, config, values);
      } catch (err) {
        if (isConnectionLost(err)) lost = asError(err);
        throw err;
      } finally {
        client.release(lost);
      }
    },
  };
}

/**
 * `db.transaction` on a client of its own, given back to the pool however the transaction ends.
 * Drizzle's own version, handed the pool, keeps the client forever when BEGIN fails (as it does on
 * a connection that has just died), and a few of those leave the pool with nothing to hand out.
 * A client whose connection was lost goes back with the error, so the pool closes it instead of
 * handing it out again. Nothing is retried: the server rolled back whatever the transaction had
 * done when the connection went, and the request answers with the error. `settings`, when given,
 * makes the statement each transaction starts with (the scope's role and company).
 */
function transactionReleasingItsClient(pool: pg.Pool, settings?: () => string): PostgresDb['transaction'] {
  // One Drizzle handle per client, kept as long as the client lives (the pool reuses clients), and
  // what the client's next BEGIN is to carry: the transaction's settings ride on it, in one round trip.
  const handles = new WeakMap<pg.PoolClient, { db: PostgresDb; slot: BeginSlot }>();
  const handleOf = (client: pg.PoolClient) => {
    const known = handles.get(client);
    if (known) return known;
    const slot: BeginSlot = { settings: undefined };
    const made = { db: drizzle({ client: settingsOnBegin(client, slot), schema }), slot };
    handles.set(client, made);
    return made;
  };
  return async (work, config) => {
    const start = settings?.();
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      const { db, slot } = handleOf(client);
      slot.settings = start;
      return await db.transaction((tx) => {
        // Never a transaction without its settings (it would work as the login, past the wall).
        if (slot.settings) throw new Error('the transaction did not start with its settings');
        return work(tx);
      }, config);
    } catch (err) {
      if (isConnectionLost(err)) lost = asError(err);
      throw err;
    } finally {
      client.release(lost);
    }
  };
}

interface BeginSlot {
  /** The statement the client's next BEGIN carries (then cleared). */
  settings: string | undefined;
}

/**
 * The client as Drizzle's transaction sees it: its BEGIN (Drizzle's first statement of every
 * transaction, with the isolation level when asked) goes with the slot's settings as one message.
 */
function settingsOnBegin(client: pg.PoolClient, slot: BeginSlot): pg.PoolClient {
  const query = (config: string | pg.QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    const settings = slot.settings;
    if (settings && /^begin\b/i.test(text) && !values?.length) {
      slot.settings = undefined;
      return client.query(`${text}; ${settings}`);
    }
    return client.query(config, values);
  };
  return { query } as unknown as pg.PoolClient;
}
