/**
 * The return from checkout with `payment=success`: the user record is re-read every
 * second, at most 30 times, until the subscription is active; then a welcome notice and home after
 * 1 s. After 30 misses a notice shows for 10 s and the page reloads after 5 s.
 */
export const PAYMENT_RETURN = {
  pollIntervalMs: 1000,
  maxAttempts: 30,
  redirectAfterMs: 1000,
  failureNoticeMs: 10_000,
  reloadAfterMs: 5000,
} as const;

export type PaymentPollStep = 'active' | 'retry' | 'give_up';

/** What to do after the `attempt`-th re-read (1-based) found `status`. */
export function paymentPollStep(status: string | null | undefined, attempt: number): PaymentPollStep {
  if (status === 'active') return 'active';
  return attempt >= PAYMENT_RETURN.maxAttempts ? 'give_up' : 'retry';
}

/** After an account is deleted the app goes to / after 2 s; trial setup moves on after 1 s or, on error, after 2 s. */
export const REDIRECT_DELAYS = {
  afterAccountDeletedMs: 2000,
  trialReadyMs: 1000,
  trialErrorMs: 2000,
} as const;
