/**
 * The PostgreSQL connection pool and the Drizzle handle on it, made to outlive lost connections.
 * A connection can die at any moment: a failover, a restart, a pooler's idle timeout, an
 * administrator terminating backends. The request using it then fails (the errors plugin answers
 * 503), and nothing else may suffer: not the process, and not the pool's other requests.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isConnectionLost } from './connection-errors.js';
import * as schema from './schema/index.js';

type PostgresDb = NodePgDatabase<typeof schema>;

export function openPostgresPool(url: string): { pool: pg.Pool; db: PostgresDb } {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  surviveConnectionLoss(pool);
  const db = drizzle(pool, { schema });
  db.transaction = transactionReleasingItsClient(pool);
  return { pool, db };
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

/**
 * `db.transaction` on a client of its own, given back to the pool however the transaction ends.
 * Drizzle's own version, handed the pool, keeps the client forever when BEGIN fails (as it does on
 * a connection that has just died), and a few of those leave the pool with nothing to hand out.
 * A client whose connection was lost goes back with the error, so the pool closes it instead of
 * handing it out again. Nothing is retried: the server rolled back whatever the transaction had
 * done when the connection went, and the request answers with the error.
 */
function transactionReleasingItsClient(pool: pg.Pool): PostgresDb['transaction'] {
  // One Drizzle handle per client, kept as long as the client lives (the pool reuses clients).
  const handles = new WeakMap<pg.PoolClient, PostgresDb>();
  const handleOf = (client: pg.PoolClient) => {
    const known = handles.get(client);
    if (known) return known;
    const made = drizzle(client, { schema });
    handles.set(client, made);
    return made;
  };
  return async (work, config) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await handleOf(client).transaction(work, config);
    } catch (err) {
      if (isConnectionLost(err)) lost = err instanceof Error ? err : new Error('database connection lost');
      throw err;
    } finally {
      client.release(lost);
    }
  };
}
