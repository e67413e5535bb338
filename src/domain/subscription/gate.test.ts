import { describe, expect, it } from 'vitest';
import { accessFor, trialEnd, trialSetUp } from './gate.js';

const now = new Date('2026-03-10T12:00:00Z');
const later = new Date('2026-03-11T12:00:00Z');
const earlier = new Date('2026-03-09T12:00:00Z');

describe('accessFor', () => {
  it.each([
    ['no company', null, 'no_company'],
    ['active', { subscriptionStatus: 'active', trialEndsAt: earlier }, 'allowed'],
    ['trial running', { subscriptionStatus: 'trial', trialEndsAt: later }, 'allowed'],
    ['trial without end date', { subscriptionStatus: 'trial', trialEndsAt: null }, 'allowed'],
    ['trial ended', { subscriptionStatus: 'trial', trialEndsAt: earlier }, 'payment_required'],
    ['trial ending this instant', { subscriptionStatus: 'trial', trialEndsAt: now }, 'payment_required'],
    ['cancelled', { subscriptionStatus: 'cancelled', trialEndsAt: later }, 'payment_required'],
    ['past due', { subscriptionStatus: 'past_due', trialEndsAt: null }, 'payment_required'],
  ] as const)('%s', (_label, company, expected) => {
    expect(accessFor(company, now)).toBe(expected);
  });
});

describe('trialEnd', () => {
  it('adds whole days', () => {
    expect(trialEnd(now, 14).toISOString()).toBe('2026-03-24T12:00:00.000Z');
  });
  it('with zero days ends at once', () => {
    expect(accessFor({ subscriptionStatus: 'trial', trialEndsAt: trialEnd(now, 0) }, now)).toBe(
      'payment_required',
    );
  });
});

describe('trialSetUp', () => {
  it.each([
    [
      'a new company (plan starter, no customer)',
      { subscriptionPlan: 'starter', stripeCustomerId: null },
      false,
    ],
    ['a plan chosen on the trial page', { subscriptionPlan: 'yearly', stripeCustomerId: null }, true],
    ['the monthly plan chosen', { subscriptionPlan: 'monthly', stripeCustomerId: null }, true],
    ['a card provider customer', { subscriptionPlan: 'starter', stripeCustomerId: 'cus_1' }, true],
  ])('%s → %s', (_label, company, expected) => {
    expect(trialSetUp(company)).toBe(expected);
  });
});
