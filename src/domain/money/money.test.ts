import { describe, expect, it } from 'vitest';
import {
  currencySign,
  formatAmounts,
  formatMoney,
  formatMoneyExact,
  sharedCurrency,
  sumByCurrency,
} from './money.js';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money in its currency', () => {
  it.each([
    ['USD', 1250000, '$1,250,000'],
    ['EUR', -2500.49, '-€2,500'],
    ['INR', 1250000, '₹12,50,000'],
    ['CAD', 980, 'CA$980'],
    ['JPY', 1500000, '¥1,500,000'],
    ['OMR', 172530.5, 'OMR 172,531'],
  ] as const)('%s %d → %s', (currency, value, shown) => {
    expect(plain(formatMoney(value, currency))).toBe(shown);
  });

  it.each([
    ['USD', 16174.2, '$16,174.20'],
    ['JPY', 1500000, '¥1,500,000'],
    ['INR', 1250000.5, '₹12,50,000.50'],
  ] as const)('%s %d to its minor unit → %s', (currency, value, shown) => {
    expect(plain(formatMoneyExact(value, currency))).toBe(shown);
  });

  it('writes text that is no currency code after the figure', () => {
    expect(formatMoney(1234.6, 'dollars')).toBe('1,235 dollars');
  });

  it('names the sign of a currency, or its code when it has none', () => {
    expect(currencySign('USD')).toBe('$');
    expect(currencySign('INR')).toBe('₹');
    expect(currencySign('OMR')).toBe('OMR');
  });
});

describe('sums per currency', () => {
  it('never adds amounts of different currencies, and lists the largest sum first', () => {
    const sums = sumByCurrency([
      { currency: 'USD', amount: 1000 },
      { currency: 'INR', amount: 120000 },
      { currency: 'USD', amount: 4000.005 },
      { currency: 'EUR', amount: 0 },
      { currency: 'EUR', amount: Number.NaN },
    ]);
    expect(sums).toEqual([
      { currency: 'INR', amount: 120000 },
      { currency: 'USD', amount: 5000.01 },
    ]);
  });

  it('writes one, two and three currencies as a list, and the fallback for none', () => {
    expect(formatAmounts([{ currency: 'USD', amount: 5000 }], 'nothing')).toBe('$5,000');
    expect(
      formatAmounts(
        [
          { currency: 'USD', amount: 5000 },
          { currency: 'INR', amount: 120000 },
        ],
        'nothing',
      ),
    ).toBe('$5,000 and ₹1,20,000');
    expect(
      formatAmounts(
        [
          { currency: 'USD', amount: 5000 },
          { currency: 'EUR', amount: 800 },
          { currency: 'INR', amount: 120000 },
        ],
        'nothing',
      ),
    ).toBe('$5,000, €800 and ₹1,20,000');
    expect(formatAmounts([], 'nothing')).toBe('nothing');
  });

  it('finds the currency shared by all, and none when they differ', () => {
    expect(sharedCurrency([{ currency: 'CAD' }, { currency: 'CAD' }])).toBe('CAD');
    expect(sharedCurrency([{ currency: 'CAD' }, { currency: 'USD' }])).toBeNull();
    expect(sharedCurrency([])).toBeNull();
  });
});
