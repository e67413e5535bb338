/**
 * Statements the embedded database parses and plans once: the app's handle on PGlite sends every
 * statement as text (scoped-pglite.ts), which PGlite would otherwise parse, analyse and plan on every
 * call. The first time a statement's text is seen it is given a name and PREPAREd; from then on it
 * runs as `EXECUTE name(values…)`, each value written as the literal its parameter would have carried.
 *
 * Row-level security: a statement is always prepared under the role and settings it runs with (the
 * scope's settings go first in the same implicit transaction, or the transaction is already under
 * them). PostgreSQL then re-applies the policies whenever a later EXECUTE runs as another role, and the
 * policies read the company setting at each execution, so a prepared statement serves every scope.
 *
 * A statement PostgreSQL cannot prepare on its own (a parameter whose type only its value tells) and
 * text holding several statements keep going as text with their values inlined. The cache is bounded:
 * the statement used least recently is deallocated, never while a call is using it.
 */
import type { Results } from '@electric-sql/pglite';
import { inlineParams, isOneStatement, sqlLiteral } from './inline-params.js';

/** A way to send simple-protocol text: PGlite itself, or a transaction under way on it. */
type Exec = (text: string) => Promise<Results[]>;

/** How many prepared statements one database keeps. */
export const MAX_PREPARED = 256;
/** A statement with more values than this is a bulk write whose text differs with its row count. */
const MAX_PREPARED_PARAMS = 64;
/** The statements worth preparing: queries and row writes (not DDL, not session commands). */
const PREPARABLE = /^\s*\(?\s*(?:select|insert|update|delete|with)\b/i;
/** A savepoint around PREPARE in a transaction, so that a statement that cannot be prepared leaves it usable. */
const PREPARE_SAVEPOINT = 'babe_prepare';
/** SQLSTATE of "cached plan must not change result type": the tables changed under a prepared statement. */
const PLAN_CHANGED_RESULT = '0A000';
/** SQLSTATE of a statement sent in a transaction that an earlier failure aborted. */
const IN_FAILED_TRANSACTION = '25P02';

interface Entry {
  /** The statement's name, or null when it cannot be prepared (then it is sent as text). */
  name: string | null;
  /** Settled once the PREPARE has been answered (and `name` is final). */
  ready: Promise<void>;
  /** Whether the PREPARE is still to be answered. */
  pending: boolean;
  /** Calls that hold the name: the statement is not deallocated while any does. */
  users: number;
}

function lastResult(results: Results[]): Results {
  const last = results.at(-1);
  if (!last) throw new Error('the embedded database answered no result');
  return last;
}

function executeText(name: string, values: readonly unknown[]): string {
  return values.length === 0 ? `execute ${name}` : `execute ${name}(${values.map(sqlLiteral).join(', ')})`;
}

function sqlState(err: unknown): unknown {
  return (err as { code?: unknown } | null)?.code;
}

function isPlanChange(err: unknown): boolean {
  return sqlState(err) === PLAN_CHANGED_RESULT && /cached plan/i.test(String(err));
}

/** Names are unique in the process, so that two caches on one database never take the same one. */
let statementCounter = 0;

export class PreparedStatements {
  /** By statement text, least recently used first; an entry is here from the moment it is prepared. */
  private readonly entries = new Map<string, Entry>();
  /** Statements evicted while in use: deallocated with the next PREPARE once nobody holds them. */
  private retired: Entry[] = [];

  /**
   * Runs one statement outside a transaction. `prefix` is the scope's settings, sent ahead of the
   * statement (and ahead of its PREPARE) in the same call; empty, nothing goes ahead of it.
   */
  async run(exec: Exec, prefix: string, text: string, values: readonly unknown[]): Promise<Results> {
    const afterPrefix = (statement: string) => (prefix ? `${prefix}; ${statement}` : statement);
    const inline = async () => lastResult(await exec(afterPrefix(inlineParams(text, values))));
    const entry = this.hold(text, values, async (prepare) => {
      await exec(afterPrefix(prepare));
    });
    if (!entry) return inline();
    try {
      await entry.ready;
      if (!entry.name) return await inline();
      return lastResult(await exec(afterPrefix(executeText(entry.name, values))));
    } catch (err) {
      // The settings and the EXECUTE were one implicit transaction: nothing ran, so it can go again.
      if (!isPlanChange(err)) throw err;
      this.forget(text, entry);
      return await inline();
    } finally {
      entry.users -= 1;
    }
  }

  /** Runs one statement in a transaction under way (already under its scope's settings). */
  async runInTransaction(exec: Exec, text: string, values: readonly unknown[]): Promise<Results> {
    let preparesHere = false;
    const entry = this.hold(text, values, async (prepare) => {
      preparesHere = true;
      try {
        // On a line of its own: a statement may end in a line comment.
        await exec(`savepoint ${PREPARE_SAVEPOINT}; ${prepare}\n; release savepoint ${PREPARE_SAVEPOINT}`);
      } catch (err) {
        // In a transaction that had failed before, there is no savepoint to return to: the statement
        // that follows reports that failure.
        await exec(
          `rollback to savepoint ${PREPARE_SAVEPOINT}; release savepoint ${PREPARE_SAVEPOINT}`,
        ).catch(() => {});
        throw err;
      }
    });
    // A PREPARE another call sent outside this transaction waits for the transaction to end: waiting
    // for it here would wait forever, so the statement goes as text this time.
    const usable = entry && (!entry.pending || preparesHere) ? entry : undefined;
    try {
      await usable?.ready;
      const statement = usable?.name ? executeText(usable.name, values) : inlineParams(text, values);
      return lastResult(await exec(statement));
    } finally {
      if (entry) entry.users -= 1;
    }
  }

  /**
   * The entry to run `text` with, held for the caller (its `users` counted up: the caller counts it
   * down when done), or undefined when the statement is not one to prepare. On first sight the
   * statement is prepared (`sendPrepare`); its entry is ready once that is answered.
   */
  private hold(
    text: string,
    values: readonly unknown[],
    sendPrepare: (statement: string) => Promise<void>,
  ): Entry | undefined {
    if (values.length > MAX_PREPARED_PARAMS) return undefined;
    let entry = this.entries.get(text);
    if (entry) {
      this.entries.delete(text);
      this.entries.set(text, entry);
    } else if (PREPARABLE.test(text) && isOneStatement(text)) {
      entry = this.prepare(text, sendPrepare);
    } else {
      return undefined;
    }
    entry.users += 1;
    return entry;
  }

  private prepare(text: string, sendPrepare: (statement: string) => Promise<void>): Entry {
    const name = `babe_s${++statementCounter}`;
    // Prepared statements belong to the session, outside any transaction: a DEALLOCATE sent ahead of
    // a PREPARE that fails has still happened.
    const freed = this.takeFreed();
    const deallocations = freed.map((retired) => `deallocate ${retired.name}; `).join('');
    const entry: Entry = { name, users: 0, pending: true, ready: Promise.resolve() };
    entry.ready = sendPrepare(`${deallocations}prepare ${name} as ${text}`)
      .catch((err: unknown) => {
        entry.name = null;
        if (sqlState(err) !== IN_FAILED_TRANSACTION) return;
        // Sent into a transaction that had already failed: none of it ran. The statement is prepared
        // the next time it comes, the freed ones are deallocated with a later PREPARE.
        this.retired.push(...freed);
        if (this.entries.get(text) === entry) this.entries.delete(text);
      })
      .finally(() => {
        entry.pending = false;
      });
    this.entries.set(text, entry);
    this.evictBeyondLimit();
    return entry;
  }

  /** The retired statements nobody holds any more, taken off the list to be deallocated. */
  private takeFreed(): Entry[] {
    const free = this.retired.filter((entry) => entry.users === 0);
    this.retired = this.retired.filter((entry) => entry.users > 0);
    // A PREPARE that failed after its statement was retired left nothing to deallocate.
    return free.filter((entry) => entry.name);
  }

  private evictBeyondLimit(): void {
    for (const [text, entry] of this.entries) {
      if (this.entries.size <= MAX_PREPARED) break;
      this.entries.delete(text);
      this.retire(entry);
    }
  }

  /** Stops using a prepared statement whose tables changed. */
  private forget(text: string, entry: Entry): void {
    if (this.entries.get(text) === entry) this.entries.delete(text);
    this.retire(entry);
  }

  private retire(entry: Entry): void {
    if (entry.name) this.retired.push(entry);
  }
}
