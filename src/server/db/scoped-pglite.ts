/**
 * The app's handle on the embedded database: like PostgreSQL's (postgres-pool.ts), every query
 * outside a transaction, and every transaction, starts with the scope's role and company, so
 * row-level security holds there too. A query outside a transaction goes with the settings as one
 * simple-protocol call (one implicit transaction, the values written as literals). Statements are
 * prepared once and then executed by name (pglite-statements.ts), in and out of transactions.
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { PreparedStatements } from './pglite-statements.js';
import * as schema from './schema/index.js';
import { currentScope, scopeSettingsSql } from './tenant-scope.js';

type QueryOptions = Parameters<PGlite['query']>[2];

/** A transaction under way whose statements run as prepared ones (what Drizzle calls on it: `query`). */
function preparedTransaction(tx: Transaction, statements: PreparedStatements): Transaction {
  const query = (text: string, params?: unknown[], options?: QueryOptions): Promise<Results> =>
    statements.runInTransaction((statement) => tx.exec(statement, options), text, params ?? []);
  return new Proxy(tx, {
    get: (target, property, receiver) =>
      property === 'query' ? query : Reflect.get(target, property, receiver),
  });
}

/**
 * The app's handle. `rls: false` (a benchmark and debugging switch) skips the role and the company
 * settings but keeps the prepared statements, so that the two differ by row-level security alone.
 */
export function scopedPglite(client: PGlite, options: { rls?: boolean } = {}) {
  const statements = new PreparedStatements();
  const settingsNow = () => (options.rls === false ? '' : scopeSettingsSql(currentScope()));
  const scoped = {
    query(text: string, params?: unknown[], queryOptions?: QueryOptions): Promise<Results> {
      const exec = (statement: string) => client.exec(statement, queryOptions);
      return statements.run(exec, settingsNow(), text, params ?? []);
    },
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const settings = settingsNow();
      return client.transaction(async (tx) => {
        if (settings) await tx.exec(settings);
        return work(preparedTransaction(tx, statements));
      });
    },
  };
  return drizzle({ client: scoped as unknown as PGlite, schema });
}
