import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * A browser that has signed in to an account keeps a cookie saying so: the time it stops counting and
 * a MAC of that time with the account's email, under the server's secret. It names no account, cannot
 * be made for another email, and only lets its holder past the per-account ceiling (never past a
 * client's own wait, and never without the password).
 */
export const KNOWN_DEVICE_COOKIE = 'known_device';

function mac(secret: string, email: string, expiresMs: number): string {
  return createHmac('sha256', secret).update(`known-device\n${email}\n${expiresMs}`).digest('base64url');
}

/** The cookie value for a browser that just signed in to `email`. */
export function knownDeviceToken(secret: string, email: string, expiresAt: Date): string {
  const expiresMs = expiresAt.getTime();
  return `${expiresMs.toString(36)}.${mac(secret, email, expiresMs)}`;
}

/** Whether the cookie value was made for `email` by this server and has not expired. */
export function isKnownDevice(secret: string, email: string, token: string | undefined, now: Date): boolean {
  const [expires, given] = token?.split('.') ?? [];
  if (!expires || !given) return false;
  const expiresMs = Number.parseInt(expires, 36);
  if (!Number.isSafeInteger(expiresMs) || expiresMs <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, email, expiresMs));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Who is trying a password: the address, and the known-device cookie the browser sent, if any. */
export interface SignInClient {
  ip: string;
  deviceToken: string | undefined;
}

/** Who is trying a password, as the sign-in limits count it: the address and this browser's cookie. */
export function signInClientOf(request: FastifyRequest): SignInClient {
  return { ip: request.ip, deviceToken: request.cookies[KNOWN_DEVICE_COOKIE] };
}
