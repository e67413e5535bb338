import type { RequestSession } from '../../plugins/sessions.js';
import { twoFactorPolicy } from './two-factor-policy.js';

declare module '../../plugins/sessions.js' {
  interface SessionData {
    /**
     * The first factor passed (password or Google) and the second is awaited. Holds no `userId`, so
     * the session signs nobody in: it only lets the second step name whose code it checks.
     */
    twoFactorPending?: { userId: string; expiresAt: number; inviteToken?: string };
  }
}

/** After the first factor: a new session that waits for the second one, for a few minutes. */
export async function awaitSecondStep(
  session: RequestSession,
  userId: string,
  now: Date,
  /** An invitation to accept once the second step passes. */
  inviteToken?: string,
): Promise<void> {
  await session.regenerate();
  session.set('twoFactorPending', {
    userId,
    expiresAt: now.getTime() + twoFactorPolicy.pendingMs,
    ...(inviteToken ? { inviteToken } : {}),
  });
}

/** The user whose second step this session awaits (and their invitation), unless it has lapsed. */
export function pendingSecondStep(
  session: RequestSession,
  now: Date,
): { userId: string; inviteToken: string | undefined } | null {
  const pending = session.get('twoFactorPending');
  return pending && pending.expiresAt > now.getTime()
    ? { userId: pending.userId, inviteToken: pending.inviteToken }
    : null;
}

/** The second factor passed: a new session, signed in. */
export async function completeSignIn(session: RequestSession, userId: string): Promise<void> {
  await session.regenerate();
  session.set('userId', userId);
}
