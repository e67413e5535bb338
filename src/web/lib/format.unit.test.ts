import { describe, expect, it } from 'vitest';
import { currencySign, formatMoney } from './format';

describe('money in its currency', () => {
  it.each([
    ['USD', 1_250_000, '$1,250,000'],
    ['EUR', 1_250_000, '€1,250,000'],
    ['GBP', 980.4, '£980'],
    ['CAD', 1_250_000, 'CA$1,250,000'],
    ['MXN', 75_000, 'MX$75,000'],
    ['AUD', 75_000, 'A$75,000'],
    // Rupees group in lakhs and crores, as the estimates write them.
    ['INR', 12_500_000, '₹1,25,00,000'],
    // Whole units also for currencies with three decimals or none.
    ['OMR', 172_530.5, 'OMR 172,531'],
    ['JPY', 1_500_000, '¥1,500,000'],
  ] as const)('%s %d → %s', (currency, value, shown) => {
    expect(formatMoney(value, currency).replace(/\u00a0/g, ' ')).toBe(shown);
  });

  it('reads the decimal text the API sends', () => {
    expect(formatMoney('1250000.00', 'USD')).toBe('$1,250,000');
    expect(formatMoney('-2500.49', 'EUR')).toBe('-€2,500');
  });

  it('answers an empty string for no amount, and never fails on a strange code', () => {
    expect(formatMoney(null, 'USD')).toBe('');
    expect(formatMoney(undefined, 'USD')).toBe('');
    expect(formatMoney('not a number', 'USD')).toBe('');
    expect(formatMoney(1234.6, 'ZZZ').replace(/\u00a0/g, ' ')).toBe('ZZZ 1,235');
    expect(formatMoney(1234.6, 'dollars')).toBe('1,235 dollars');
  });

  it('gives the sign the budget field is labelled with', () => {
    expect(currencySign('USD')).toBe('$');
    expect(currencySign('INR')).toBe('₹');
    expect(currencySign('CAD')).toBe('CA$');
    expect(currencySign('OMR')).toBe('OMR');
  });
});
