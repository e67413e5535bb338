/**
 * Which company the database work under way is for, carried through async calls: the settings every
 * transaction of the app's handle starts with (see scoped-handle.ts, and docs/security.md). A request
 * enters its tenant's scope once the tenant is known; work outside requests enters one explicitly.
 * Outside any scope the app's handle still works as the restricted role, with no company: the tables
 * of companies' rows then show nothing and accept nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';

/** A transaction under way (any Drizzle handle: the client module imports this one, not the reverse). */
interface Tx {
  execute(query: SQL): PromiseLike<unknown>;
}

/** The role the app works as: owns nothing, bypasses nothing, sees one company's rows at a time. */
export const APP_ROLE = 'babe_app';
/** The role of the audited platform path: reads every company's rows, writes none of them. */
export const PLATFORM_ROLE = 'babe_platform';

export type TenantScope =
  /** One company's rows. */
  | { kind: 'tenant'; companyId: number }
  /** The one row whose token hash is known (a calendar feed, an invitation), before its company is. */
  | { kind: 'token'; tokenHash: string }
  /** Every company's rows, read-only (see withPlatformAccess). */
  | { kind: 'platform' };

const storage = new AsyncLocalStorage<TenantScope>();

export function currentScope(): TenantScope | undefined {
  return storage.getStore();
}

function checkCompanyId(companyId: number): number {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`not a company id: ${companyId}`);
  return companyId;
}

function checkTokenHash(tokenHash: string): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(tokenHash)) throw new Error('not a token hash');
  return tokenHash;
}

/**
 * Runs `work` (and everything it starts) for this company. What `work` returns is awaited inside the
 * scope: a Drizzle query is a lazy thenable that runs only when awaited, so returning one unawaited
 * from a scope must still run it there.
 */
export async function withTenant<T>(companyId: number, work: () => T | PromiseLike<T>): Promise<T> {
  const scope: TenantScope = { kind: 'tenant', companyId: checkCompanyId(companyId) };
  return storage.run(scope, async () => await work());
}

/** Calls `callback` (synchronously) in this company's scope: for a hook that continues a request. */
export function runInTenantScope(companyId: number, callback: () => void): void {
  storage.run({ kind: 'tenant', companyId: checkCompanyId(companyId) }, callback);
}

/** Runs `work` able to read the one row (calendar feed, invitation) whose token hashes to this. */
export async function withTokenLookup<T>(tokenHash: string, work: () => T | PromiseLike<T>): Promise<T> {
  const scope: TenantScope = { kind: 'token', tokenHash: checkTokenHash(tokenHash) };
  return storage.run(scope, async () => await work());
}

/**
 * Runs `work` across every company, read-only. Entered by withPlatformAccess (platform-access.ts),
 * after writing its audit record, and by background jobs that only list which companies have work
 * due (then do each company's work in that company's scope).
 */
export async function withPlatformScope<T>(work: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ kind: 'platform' }, async () => await work());
}

/**
 * The statement that starts each transaction of the app's handle: the role, and the company (or
 * token) of the scope, all local to the transaction (they end with it, so a pooled connection, or
 * PgBouncer's in transaction mode, never carries them to the next one). Values are checked above
 * (an integer, a hash's characters), so they are written into the text: it then runs in one round
 * trip, with BEGIN, over the simple protocol.
 */
export function scopeSettingsSql(scope: TenantScope | undefined): string {
  if (scope?.kind === 'platform') return `select set_config('role', '${PLATFORM_ROLE}', true)`;
  const role = `set_config('role', '${APP_ROLE}', true)`;
  if (scope?.kind === 'tenant') {
    return `select ${role}, set_config('app.company_id', '${checkCompanyId(scope.companyId)}', true)`;
  }
  if (scope?.kind === 'token') {
    return `select ${role}, set_config('app.token_hash', '${checkTokenHash(scope.tokenHash)}', true)`;
  }
  return `select ${role}`;
}

/**
 * Switches a transaction already under way to this company's rows: for work that learns its company
 * inside the transaction (creating a company, accepting an invitation, a billing event naming its
 * customer). Runs as the transaction's role; the rows read before stay read.
 */
export async function enterTenant(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.company_id', ${String(checkCompanyId(companyId))}, true)`);
}

/**
 * Lets a transaction under way read the one row (invitation, calendar feed) whose token hashes to
 * `tokenHash`, before its company is known: for work that starts from a token inside a transaction.
 */
export async function enterTokenLookup(tx: Tx, tokenHash: string): Promise<void> {
  await tx.execute(sql`select set_config('app.token_hash', ${checkTokenHash(tokenHash)}, true)`);
}
