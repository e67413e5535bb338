import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './providers/mail/mailer.js';

/**
 * The background refresh of companies' insights (made in buildApp, stopped when the app closes):
 * requests are coalesced per company and run after the requesting transaction has committed.
 */
export interface InsightsRefresh {
  /**
   * Asks for a refresh of the company's insights that sees what `tx` wrote: it runs in the
   * background once `tx` has ended, never inside it. Returns at once (after one trivial query).
   */
  requestAfterCommit(tx: Db, companyId: number): Promise<void>;
  /** Asks for a refresh of the company's insights, with nothing to wait for. */
  request(companyId: number): void;
  /** Resolves when no refresh is waiting or running (tests wait for it). */
  idle(): Promise<void>;
  /** Drops the waiting refreshes and awaits the running one; later requests are ignored. */
  stop(): Promise<void>;
}

/** What services need from the outside world; built once in buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The clock; tests may replace it. */
  now: () => Date;
  insightsRefresh: InsightsRefresh;
}
