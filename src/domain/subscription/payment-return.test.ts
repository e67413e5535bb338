import { describe, expect, it } from 'vitest';
import { PAYMENT_RETURN, paymentPollStep } from './payment-return.js';

describe('paymentPollStep', () => {
  it('stops as soon as the subscription is active, even on the last attempt', () => {
    expect(paymentPollStep('active', 1)).toBe('active');
    expect(paymentPollStep('active', PAYMENT_RETURN.maxAttempts)).toBe('active');
  });

  it('retries until the 30th miss, then gives up', () => {
    expect(paymentPollStep('trial', 1)).toBe('retry');
    expect(paymentPollStep(null, 29)).toBe('retry');
    expect(paymentPollStep('trial', 30)).toBe('give_up');
    expect(paymentPollStep('past_due', 31)).toBe('give_up');
  });
});
