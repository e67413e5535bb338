/**
 * The app's handle on the embedded database: like PostgreSQL's (postgres-pool.ts), every query
 * outside a transaction, and every transaction, starts with the scope's role and company, so
 * row-level security holds there too. A query outside a transaction goes with the settings as one
 * simple-protocol call (one implicit transaction, the values written as literals).
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inlineParams } from './inline-params.js';
import * as schema from './schema/index.js';
import { currentScope, scopeSettingsSql } from './tenant-scope.js';

type QueryOptions = Parameters<PGlite['query']>[2];

export function scopedPglite(client: PGlite) {
  const scoped = {
    async query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
      const settings = scopeSettingsSql(currentScope());
      const results = await client.exec(`${settings}; ${inlineParams(text, params ?? [])}`, options);
      // One result per statement: the settings', then the query's.
      const last = results.at(-1);
      if (!last) throw new Error('the embedded database answered no result');
      return last;
    },
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const settings = scopeSettingsSql(currentScope());
      return client.transaction(async (tx) => {
        await tx.exec(settings);
        return work(tx);
      });
    },
  };
  return drizzle({ client: scoped as unknown as PGlite, schema });
}
