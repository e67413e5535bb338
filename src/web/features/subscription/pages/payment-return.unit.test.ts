import { describe, expect, it } from 'vitest';
import { isPaymentReturn } from './payment-required-page';

describe('isPaymentReturn', () => {
  it('is the payment=success parameter, or the marker left once it is cleared', () => {
    expect(isPaymentReturn('?payment=success', null)).toBe(true);
    expect(isPaymentReturn('', { paymentReturn: true })).toBe(true);
  });

  it('is nothing else', () => {
    expect(isPaymentReturn('', null)).toBe(false);
    expect(isPaymentReturn('?payment=cancelled', null)).toBe(false);
    expect(isPaymentReturn('', { paymentReturn: 'yes' })).toBe(false);
    expect(isPaymentReturn('', 'paymentReturn')).toBe(false);
  });
});
