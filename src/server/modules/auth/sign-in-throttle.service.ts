import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
/** Who is signing in, as the throttle sees them. */
import type { SignInClient } from './known-device.js';
import { isKnownDevice, knownDeviceToken } from './known-device.js';
import { signInAttemptsRepo as repo } from './sign-in-attempts.repo.js';
import { clientKey, secondsUntil, signInPolicy } from './sign-in-policy.js';

export type { SignInClient };

/** A counted attempt, to settle once the password is checked. */
export interface Admitted {
  admitted: true;
  email: string;
  client: string;
  windowStart: Date;
}
export interface Refused {
  admitted: false;
  retryAfterSeconds: number;
}

const PURGE_EVERY_MS = 60 * 60_000;

/** The sign-in limits of sign-in-policy.ts, kept in the database so every server shares them. */
export function signInThrottle(ctx: AppContext) {
  const { db } = ctx;
  const normalize = (email: string) => email.trim().toLowerCase();

  /** Known: it signed in to this email before, from this address or with this browser's cookie. */
  async function isKnown(email: string, client: string, deviceToken: string | undefined, now: Date) {
    if (isKnownDevice(ctx.config.sessionSecret, email, deviceToken, now)) return true;
    const signedInAt = await repo.signedInAt(db, email, client);
    return signedInAt !== null && now.getTime() - signedInAt.getTime() < signInPolicy.knownForMs;
  }

  const purge = () => repo.purge(db, ctx.now());

  return {
    /**
     * Counts the attempt before the password is checked, or refuses it: while this client waits after
     * its last failure, or when the email's ceiling is reached and the client is not a known one.
     */
    async admit(rawEmail: string, who: SignInClient): Promise<Admitted | Refused> {
      const now = ctx.now();
      const email = normalize(rawEmail);
      const client = clientKey(who.ip);
      const known = await isKnown(email, client, who.deviceToken, now);
      const windowStart = await repo.countForEmail(db, email, now, known);
      if (!windowStart) return refusedUntil(await repo.ceilingLiftsAt(db, email), now);
      if (!(await repo.countForClient(db, email, client, now))) {
        await repo.uncountForEmail(db, email, windowStart);
        return refusedUntil(await repo.clientBlockedUntil(db, email, client), now);
      }
      return { admitted: true, email, client, windowStart };
    },

    /** The password was right: the attempt was no failure, and the client's count starts over. */
    async succeeded(attempt: Admitted): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.signedIn(tx, attempt.email, attempt.client, ctx.now());
        await repo.uncountForEmail(tx, attempt.email, attempt.windowStart);
      });
    },

    /** Marks the client known to an account that signed in some other way (its creation). */
    async signedInWithoutAttempt(rawEmail: string, ip: string): Promise<void> {
      await repo.signedIn(db, normalize(rawEmail), clientKey(ip), ctx.now());
    },

    /** The known-device cookie for a browser that just signed in to `rawEmail`. */
    deviceCookie(rawEmail: string): { value: string; expires: Date } {
      const expires = new Date(ctx.now().getTime() + signInPolicy.knownForMs);
      return { value: knownDeviceToken(ctx.config.sessionSecret, normalize(rawEmail), expires), expires };
    },

    /** Deletes the rows that no longer limit anyone nor mark a known client; answers how many. */
    purge,

    /** Purges every hour (each server does; deleting the same rows twice is harmless). Answers the stop. */
    purgeHourly(log: Pick<FastifyBaseLogger, 'warn'>): () => void {
      const timer = setInterval(() => {
        purge().catch((err: unknown) => log.warn({ err }, 'could not purge old sign-in attempts'));
      }, PURGE_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

function refusedUntil(until: Date | undefined, now: Date): Refused {
  // The limit may have lifted between the refusal and this read; the client then tries again at once.
  return { admitted: false, retryAfterSeconds: until ? secondsUntil(until, now) : 1 };
}
