import { describe, expect, it } from 'vitest';
import { currentSubscription, providerStatusOf } from './provider-status.js';

describe('providerStatusOf', () => {
  it.each([
    ['trialing', false, 'trialing'],
    ['active', false, 'active'],
    ['past_due', false, 'past_due'],
    ['unpaid', false, 'past_due'],
    ['incomplete', false, 'past_due'],
    ['paused', false, 'past_due'],
    ['canceled', false, 'cancelled'],
    ['incomplete_expired', false, 'cancelled'],
    ['active', true, 'cancelled'],
    ['trialing', true, 'cancelled'],
    ['past_due', true, 'past_due'],
    ['something_new', false, null],
  ] as const)('%s (cancel at period end: %s) → %s', (status, cancelAtPeriodEnd, expected) => {
    expect(providerStatusOf({ status, cancelAtPeriodEnd })).toBe(expected);
  });
});

describe('currentSubscription', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  const sub = (id: string, status: string, day: number, cancelAtPeriodEnd = false) => ({
    id,
    status,
    cancelAtPeriodEnd,
    createdAt: at(day),
  });

  it.each([
    ['none', [], null],
    ['the only one', [sub('a', 'canceled', 1)], 'a'],
    ['a running one over a newer ended one', [sub('a', 'active', 1), sub('b', 'canceled', 5)], 'a'],
    ['a trial over an older unpaid one', [sub('a', 'past_due', 1), sub('b', 'trialing', 2)], 'b'],
    ['one waiting for payment over an ended one', [sub('a', 'canceled', 9), sub('b', 'unpaid', 1)], 'b'],
    ['the newest of two ended ones', [sub('a', 'canceled', 1), sub('b', 'incomplete_expired', 3)], 'b'],
    [
      'one ending with its period over an ended one',
      [sub('a', 'canceled', 9), sub('b', 'active', 1, true)],
      'b',
    ],
    [
      'a running one over one ending with its period',
      [sub('a', 'active', 9, true), sub('b', 'active', 1)],
      'b',
    ],
  ] as const)('picks %s', (_label, subscriptions, expected) => {
    expect(currentSubscription(subscriptions)?.id ?? null).toBe(expected);
  });
});
