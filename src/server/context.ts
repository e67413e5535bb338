import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './providers/mail/mailer.js';

/** What services need from the outside world; built once in buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The clock; tests may replace it. */
  now: () => Date;
}
