import { describe, expect, it } from 'vitest';
import {
  type CompanySubscription,
  type ProviderState,
  reconcileSubscription,
  trialActiveMessage,
  trialDaysLeft,
} from './reconcile.js';

const now = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const inDays = (d: number) => new Date(now.getTime() + d * DAY);

describe('trialDaysLeft and trialActiveMessage', () => {
  it.each([
    [14, 14],
    [0.2, 1],
    [1, 1],
    [0, 0],
    [-3, 0],
  ])('%d days ahead → %d left', (ahead, left) => {
    expect(trialDaysLeft(inDays(ahead), now)).toBe(left);
  });

  it('words singular and plural', () => {
    expect(trialActiveMessage(inDays(14), now)).toBe('Trial active: 14 days left');
    expect(trialActiveMessage(inDays(0.5), now)).toBe('Trial active: 1 day left');
    expect(trialActiveMessage(null, now)).toBe('Trial active');
  });
});

describe('reconcileSubscription', () => {
  const trialRunning: CompanySubscription = { subscriptionStatus: 'trial', trialEndsAt: inDays(5) };
  const trialEnded: CompanySubscription = { subscriptionStatus: 'trial', trialEndsAt: inDays(-1) };
  const provider = (status: ProviderState['status'], trialEndsAt: Date | null = null): ProviderState => ({
    status,
    trialEndsAt,
  });

  it.each([
    // label, stored, provider, status, success, changed, error
    ['paid after an ended trial', trialEnded, provider('active'), 'active', true, true, undefined],
    [
      'active and in step',
      { ...trialEnded, subscriptionStatus: 'active' },
      provider('active'),
      'active',
      true,
      false,
      undefined,
    ],
    ['missed cancellation', trialRunning, provider('cancelled'), 'cancelled', false, true, 'cancelled'],
    [
      'missed failed payment',
      { subscriptionStatus: 'active', trialEndsAt: null },
      provider('past_due'),
      'past_due',
      false,
      true,
      'past_due',
    ],
    ['trialing, trial ended', trialEnded, provider('trialing'), 'trial', false, false, 'trial_ended'],
    ['no record, trial running', trialRunning, null, 'trial', true, false, undefined],
    ['no record, trial ended', trialEnded, null, 'trial', false, false, 'no_subscription'],
    [
      'no record, stored active stays active',
      { subscriptionStatus: 'active', trialEndsAt: null },
      null,
      'active',
      true,
      false,
      undefined,
    ],
    [
      'no record, stored cancelled stays',
      { subscriptionStatus: 'cancelled', trialEndsAt: null },
      null,
      'cancelled',
      false,
      false,
      'no_subscription',
    ],
  ] as const)('%s', (_label, stored, record, status, success, changed, error) => {
    const result = reconcileSubscription(stored, record, now);
    expect(result.subscriptionStatus).toBe(status);
    expect(result.success).toBe(success);
    expect(result.changed).toBe(changed);
    expect(result.error).toBe(error);
    expect(result.message.length).toBeGreaterThan(0);
  });

  it('takes the provider’s trial end while trialing', () => {
    const result = reconcileSubscription(trialEnded, provider('trialing', inDays(3)), now);
    expect(result).toMatchObject({ subscriptionStatus: 'trial', success: true, changed: true });
    expect(result.trialEndsAt?.toISOString()).toBe(inDays(3).toISOString());
    expect(result.message).toBe('Trial active: 3 days left of your free trial');
  });

  it('says when it fixed an active subscription', () => {
    expect(reconcileSubscription(trialEnded, provider('active'), now).message).toBe(
      'Subscription status fixed: your subscription is active',
    );
    expect(
      reconcileSubscription({ subscriptionStatus: 'active', trialEndsAt: null }, provider('active'), now)
        .message,
    ).toBe('Your subscription is active');
  });
});
