import ipaddr from 'ipaddr.js';

/**
 * The numbers of sign-in throttling. Two limits apply to every attempt, whether or not the email
 * belongs to an account:
 * - per email and client: a few failures are free, then each further failure doubles the wait before
 *   the next try, up to a longest wait; a correct password from that client clears its count;
 * - per email: past a ceiling of failures from all clients within a window, only known clients (that
 *   have signed in to this account before) may still try until the window ends.
 */
export const signInPolicy = {
  freeFailures: 5,
  firstWaitMs: 1000,
  longestWaitMs: 15 * 60_000,
  /** A client's streak of failures is forgotten after this long without a new one. */
  streakForgottenAfterMs: 24 * 60 * 60_000,
  accountCeiling: 20,
  accountWindowMs: 60 * 60_000,
  /** How long a client stays known after it last signed in (its address, or its device cookie). */
  knownForMs: 90 * 24 * 60 * 60_000,
} as const;

/** The key the throttle counts a client address under: an IPv6 address by its /64 network. */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!ipaddr.isValid(address)) return address;
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 client.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}

/** Whole seconds until `until` (at least one), for a Retry-After header. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** The message of a refused sign-in, telling when the next try is allowed. */
export function retryMessage(seconds: number): string {
  const wait =
    seconds < 60
      ? plural(seconds, 'second')
      : seconds < 3600
        ? plural(Math.ceil(seconds / 60), 'minute')
        : plural(Math.ceil(seconds / 3600), 'hour');
  return `Too many sign-in attempts. Try again in ${wait}.`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
