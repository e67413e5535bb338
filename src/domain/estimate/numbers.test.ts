import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDate, formatMoney, parseNumber, parseUnit } from './numbers.js';

describe('parseNumber', () => {
  it.each([
    ['1234.56', 1234.56, null],
    ['$1,234.56', 1234.56, 'USD'],
    ['$ 12,400', 12400, 'USD'],
    ['1.234,56', 1234.56, null],
    ['12.345.678,9', 12345678.9, null],
    ['12,5', 12.5, null],
    ['Rs 12,34,567.00', 1234567, 'INR'],
    ['Rs.1,25,000', 125000, 'INR'],
    ['₹500', 500, 'INR'],
    ['(1,200.00)', -1200, null],
    ['-45', -45, null],
    ['$-45.10', -45.1, 'USD'],
    ['0.40', 0.4, null],
    ['1,000,000', 1000000, null],
    ['5000/-', 5000, null],
  ] as const)('%s → %d', (raw, value, currency) => {
    const n = parseNumber(raw);
    expect(n?.value).toBeCloseTo(value, 6);
    expect(n?.currency).toBe(currency);
    expect(n?.percent).toBe(false);
  });

  it('reads percentages as such', () => {
    expect(parseNumber('7%')).toEqual({ value: 7, currency: null, percent: true });
    expect(parseNumber('13 %')).toEqual({ value: 13, currency: null, percent: true });
  });

  it.each(['#REF!', 'abc', '1,2345', '12-11-25', '', '1.2.3', 'Rs.', '$'])('%s is not a number', (raw) => {
    expect(parseNumber(raw)).toBeNull();
  });

  it('reads back any amount written US style, Indian style or European style', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const value = whole + cents / 100;
          const fraction = String(cents).padStart(2, '0');
          const us = `$${whole.toLocaleString('en-US')}.${fraction}`;
          const indian = `Rs ${whole.toLocaleString('en-IN')}.${fraction}`;
          const euro = `${whole.toLocaleString('de-DE')},${fraction}`;
          expect(parseNumber(us)?.value).toBeCloseTo(value, 2);
          expect(parseNumber(indian)?.value).toBeCloseTo(value, 2);
          expect(parseNumber(euro)?.value).toBeCloseTo(value, 2);
        },
      ),
    );
  });
});

describe('parseUnit', () => {
  it.each([
    ['SF', 'sf', 'area', 1],
    ['sq ft', 'sf', 'area', 1],
    ['SY', 'sy', 'area', 9],
    ['Sqm', 'sqm', 'area', 10.7639],
    ['SQ', 'sq', 'area', 100],
    ['CY', 'cy', 'volume', 1],
    ['Cum.', 'cum', 'volume', 1.30795],
    ['LF', 'lf', 'length', 1],
    ['RM', 'm', 'length', 3.28084],
    ['Rmt', 'm', 'length', 3.28084],
    ['EA', 'ea', 'count', 1],
    ['Nos.', 'ea', 'count', 1],
    ['Each', 'ea', 'count', 1],
    ['Kg', 'kg', 'mass', 1],
    ['MT', 't', 'mass', 1000],
    ['US SHORT TON', 'ton', 'mass', 907.185],
    ['LS', 'ls', 'lump', 1],
    ['AL', 'ls', 'lump', 1],
    ['WK', 'wk', 'time', 5],
    ['P Cum', 'cum', 'volume', 1.30795],
  ] as const)('%s → %s', (raw, unit, family, toBase) => {
    const u = parseUnit(raw);
    expect(u?.unit).toBe(unit);
    expect(u?.family).toBe(family);
    expect(u?.toBase).toBeCloseTo(toBase, 5);
  });

  it.each(['mm', 'thick', 'Rs.', 'Particulars', ''])('%s is not a quantity unit', (raw) => {
    expect(parseUnit(raw)).toBeNull();
  });
});

describe('findDate', () => {
  it.each([
    ['Date: 2025-03-14', true, '2025-03-14'],
    ['March 14, 2025', true, '2025-03-14'],
    ['14 March 2025', false, '2025-03-14'],
    ['14-Mar-2025', true, '2025-03-14'],
    ['03/14/2025', true, '2025-03-14'],
    ['14/03/2025', false, '2025-03-14'],
    ['14/03/2025', true, '2025-03-14'],
    ['14.03.2025', true, '2025-03-14'],
    ['02/30/2025', true, null],
    ['no date here', true, null],
  ] as const)('%s → %s', (text, monthFirst, iso) => {
    expect(findDate(text, monthFirst)).toBe(iso);
  });
});

describe('formatMoney', () => {
  it.each([
    [1234567, 'INR', '₹12,34,567'],
    [1505345, 'INR', '₹15,05,345'],
    [999, 'INR', '₹999'],
    [59106.33, 'USD', '$59,106'],
    [-9106, 'USD', '-$9,106'],
    [172530.5, 'OMR', 'OMR\u00a0172,531'],
    [12400, null, '12,400'],
    [-12400.6, null, '-12,401'],
  ] as const)('%d %s → %s', (v, c, text) => {
    expect(formatMoney(v, c)).toBe(text);
  });
});
