import { describe, expect, it } from 'vitest';
import { changeOrderTotals, nextChangeOrderNumber } from './index.js';

describe('changeOrderTotals', () => {
  it.each([
    { lines: [], bp: 1000, subtotal: 0, markup: 0, total: 0 },
    { lines: [100_000, 25_050], bp: 1000, subtotal: 125_050, markup: 12_505, total: 137_555 },
    { lines: [333], bp: 1500, subtotal: 333, markup: 50, total: 383 },
    { lines: [-333], bp: 1500, subtotal: -333, markup: -50, total: -383 },
    { lines: [5], bp: 1000, subtotal: 5, markup: 1, total: 6 },
    { lines: [10_000, -4_000], bp: 0, subtotal: 6_000, markup: 0, total: 6_000 },
    { lines: [99_999_999], bp: 10_000, subtotal: 99_999_999, markup: 99_999_999, total: 199_999_998 },
  ])('$lines at $bp bp', ({ lines, bp, subtotal, markup, total }) => {
    const t = changeOrderTotals(
      lines.map((amountCents) => ({ amountCents })),
      bp,
    );
    expect(t).toEqual({ subtotalCents: subtotal, markupCents: markup, totalCents: total });
    expect(Number.isInteger(t.totalCents)).toBe(true);
  });
});

describe('nextChangeOrderNumber', () => {
  it.each([
    { taken: [], next: 'CO-001' },
    { taken: ['CO-001', 'CO-002'], next: 'CO-003' },
    { taken: ['CO-009', 'CO-002'], next: 'CO-010' },
    { taken: ['CO-999'], next: 'CO-1000' },
    { taken: ['X-5', 'CO-00A'], next: 'CO-001' },
  ])('$taken → $next', ({ taken, next }) => {
    expect(nextChangeOrderNumber(taken)).toBe(next);
  });
});
