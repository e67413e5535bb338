/**
 * One statement outside a transaction, sent with the scope's settings ahead of it in the same
 * extended-protocol pipeline (one Sync): PostgreSQL runs the two in one implicit transaction, so the
 * settings (local to it) bind the statement and end with it, in one round trip. The statement keeps
 * its parameters and, when named, its prepared plan on the connection (src/server/db/prepared.ts).
 *
 * Built on node-postgres' own Query (its `prepare` writes the statement's Parse/Bind/Describe/
 * Execute/Sync); this one writes the settings' Parse/Bind/Execute first and leaves their answer (a
 * row and a command tag, no row description) out of the result.
 */
import pg from 'pg';

/** The parts of node-postgres' connection a query writes to. */
interface PgConnection {
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows: number }): void;
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/** The parts of node-postgres' Query this one builds on (not in its published types). */
interface PgQuery {
  name?: string;
  prepare(connection: PgConnection): void;
  hasBeenParsed(connection: PgConnection): boolean;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleError(error: unknown, connection: PgConnection): void;
}

type Callback = (error: Error | null, result: pg.QueryResult) => void;

const BaseQuery = pg.Query as unknown as new (
  config: pg.QueryConfig & { queryMode: 'extended' },
  values: unknown[] | undefined,
  callback: Callback,
) => PgQuery;

class ScopedQuery extends BaseQuery {
  private settingsAnswered = false;
  /** Whether this pipeline parses the named statement (then the connection knows it once parsed). */
  private parsesNamed = false;
  private readonly statementName: string | undefined;
  /**
   * node-postgres records a named statement as parsed on any ParseComplete of its query: the one
   * answering the settings' Parse must not count, so the name is hidden until they are answered.
   */
  private hidingName = false;

  constructor(
    private readonly settings: string,
    config: pg.QueryConfig,
    values: unknown[] | undefined,
    callback: Callback,
  ) {
    super({ ...config, queryMode: 'extended' }, values, callback);
    const name = this.name;
    this.statementName = name;
    Object.defineProperty(this, 'name', {
      get: () => (this.hidingName ? undefined : name),
      configurable: true,
    });
  }

  override prepare(connection: PgConnection): void {
    this.parsesNamed = Boolean(this.statementName) && !this.hasBeenParsed(connection);
    connection.parse({ text: this.settings, name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
    this.hidingName = true;
  }

  override handleDataRow(message: unknown): void {
    if (this.settingsAnswered) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (!this.settingsAnswered) {
      this.settingsAnswered = true;
      this.hidingName = false;
      return;
    }
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: unknown, connection: PgConnection): void {
    // A named statement sent for parsing that the server never parsed (the pipeline failed first)
    // is parsed again next time rather than taken as known.
    const name = this.statementName;
    if (this.parsesNamed && name && connection.parsedStatements[name] === undefined) {
      delete connection.submittedNamedStatements[name];
    }
    super.handleError(error, connection);
  }
}

/** Runs `config` on `client` after `settings`, both in one implicit transaction and one round trip. */
export function queryWithSettings(
  client: pg.PoolClient,
  settings: string,
  config: pg.QueryConfig,
  values: unknown[] | undefined,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new ScopedQuery(settings, config, values, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    client.query(query as unknown as pg.QueryConfig);
  });
}
