import { describe, expect, it } from 'vitest';
import { portfolioMoney, savingsByCurrency } from './savings-by-currency';

const insight = (projectId: number | null, potentialSavings: string | null, isActive = true) => ({
  type: 'opportunity' as const,
  isActive,
  projectId,
  potentialSavings,
});

describe('potential savings per currency', () => {
  const currencies = new Map([
    [1, 'USD'],
    [2, 'INR'],
    [3, 'USD'],
  ]);

  it('sums each currency on its own, largest first, never converting', () => {
    const sums = savingsByCurrency(
      [insight(1, '1250.50'), insight(2, '120000'), insight(3, '749.50'), insight(2, '30000')],
      currencies,
      'USD',
    );
    expect(sums).toEqual([
      { currency: 'INR', amount: 150_000 },
      { currency: 'USD', amount: 2_000 },
    ]);
  });

  it('leaves out dismissed insights and those without savings', () => {
    expect(
      savingsByCurrency([insight(1, '900', false), insight(2, null), insight(2, '0')], currencies, 'USD'),
    ).toEqual([]);
  });

  it('counts an insight without a known project in the fallback currency', () => {
    expect(savingsByCurrency([insight(null, '10'), insight(99, '5')], currencies, 'EUR')).toEqual([
      { currency: 'EUR', amount: 15 },
    ]);
  });

  it("takes the currency of the project in view, and each insight its project's", () => {
    const projects = [
      { id: 1, currency: 'USD' },
      { id: 2, currency: 'INR' },
    ];
    const all = portfolioMoney(projects, null);
    expect(all.shared).toBeNull();
    expect(all.currencyOf({ projectId: 2 })).toBe('INR');
    expect(all.currencyOf({ projectId: null })).toBe('USD');
    const one = portfolioMoney(projects, 2);
    expect(one.shared).toBe('INR');
    expect(one.currencyOf({ projectId: null })).toBe('INR');
  });
});
