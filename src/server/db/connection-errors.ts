/**
 * Telling a lost database connection apart from a failed query. A connection is lost when the
 * server goes away or ends the session (a failover, a restart, a pooler's idle timeout, an
 * administrator terminating backends) or when no connection can be had at all. The request that
 * met it may well succeed if it is sent again; nothing is wrong with the request itself.
 */

/**
 * SQLSTATEs that end or refuse the session rather than reject a statement: every connection
 * exception (class 08), the server shutting down or starting up, a session ended for being idle,
 * and a server refusing a connection because it already has too many.
 */
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout: the server closes the session too
  '53300', // too_many_connections
]);

/** Socket failures that mean the server is gone or cannot be reached. */
const LOST_SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and its pool say these in words only: the socket closed under a client, a client
 * that already failed being used again, the pool closed, or no connection within the pool's wait.
 */
const LOST_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
];

/** How deep to follow causes: wrappers nest a few levels, never more than this in practice. */
const MAX_DEPTH = 8;

/**
 * Whether `error`, or any error it wraps (Drizzle's DrizzleQueryError keeps the driver's error
 * as its `cause`; a failed connection attempt may hold several in an AggregateError), says the
 * database connection was lost or could not be had.
 */
export function isConnectionLost(error: unknown): boolean {
  return wrappedErrors(error).some(saysConnectionLost);
}

function saysConnectionLost(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (code.startsWith('08') || LOST_SQLSTATES.has(code) || LOST_SOCKET_CODES.has(code))) {
    return true;
  }
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return LOST_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error and everything it wraps, through `cause` and AggregateError's `errors`, once each. */
function wrappedErrors(error: unknown): object[] {
  const found: object[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || found.includes(value) || depth > MAX_DEPTH) return;
    found.push(value);
    if ('cause' in value) visit(value.cause, depth + 1);
    if (value instanceof AggregateError) for (const inner of value.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return found;
}
