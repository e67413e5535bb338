import type { ProviderStatus } from './reconcile.js';

/** A subscription as the payment provider reports it, reduced to what decides the company's status. */
export interface ProviderSubscriptionState {
  /** The provider's status word (Stripe: trialing, active, past_due, unpaid, canceled, incomplete, …). */
  status: string;
  /** The subscription ends when its paid period does (it was cancelled while paid). */
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
}

/**
 * The status the app keeps for a provider status: a trial is a trial, paying is active, an unpaid
 * or not yet paid subscription is past due, an ended one is cancelled. A paid subscription set to
 * end with its period already reads as cancelled, so that a later re-read does not undo the
 * cancellation. Null for a status the app does not know (it then keeps what it had).
 */
export function providerStatusOf(state: Pick<ProviderSubscriptionState, 'status' | 'cancelAtPeriodEnd'>) {
  const status: ProviderStatus | null = STATUS_WORDS[state.status] ?? null;
  if ((status === 'trialing' || status === 'active') && state.cancelAtPeriodEnd) return 'cancelled';
  return status;
}

const STATUS_WORDS: Record<string, ProviderStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  // The first payment has not gone through, or the trial ended without a card: payment is needed.
  incomplete: 'past_due',
  paused: 'past_due',
  canceled: 'cancelled',
  incomplete_expired: 'cancelled',
};

/** Lower is more current: running, then waiting for payment, then ending, then ended. */
function rank(state: ProviderSubscriptionState): number {
  const status = providerStatusOf(state);
  if (status === null) return 4;
  if (status === 'trialing' || status === 'active') return 0;
  if (status === 'past_due') return 1;
  // Cancelled: still running until its period ends, or ended.
  return state.status === 'trialing' || state.status === 'active' ? 2 : 3;
}

/**
 * Which of a customer's subscriptions speaks for the company: the running one, else one waiting for
 * payment, else the newest ended one. Events can arrive in any order and a customer may hold an old
 * cancelled trial beside a newer paid subscription, so the company's status is always taken from
 * this choice over all of them, never from the subscription one event happened to mention.
 */
export function currentSubscription<T extends ProviderSubscriptionState>(
  subscriptions: readonly T[],
): T | null {
  let best: T | null = null;
  for (const candidate of subscriptions) {
    if (
      !best ||
      rank(candidate) < rank(best) ||
      (rank(candidate) === rank(best) && candidate.createdAt.getTime() > best.createdAt.getTime())
    ) {
      best = candidate;
    }
  }
  return best;
}
