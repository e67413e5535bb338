import type { Db } from './client.js';

/**
 * A query built once per database handle, for the reads that nearly every request makes: building
 * a query's SQL costs more than running a small one, and a prepared statement lets PostgreSQL parse
 * and plan it once per connection. `build` must end in `.prepare(name)` with a name of its own.
 * A transaction is a handle of its own, so a query run in one is built for it. Outside a transaction
 * the app's handle sends the tenant settings ahead of it in the same pipeline (scoped-query.ts): the
 * statement stays prepared. On PGlite every statement is prepared by its text (pglite-statements.ts).
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
