import { describe, expect, it } from 'vitest';
import { estimateTotal } from '../estimate/insights.js';
import { readEstimate } from '../estimate/read-estimate.js';
import { TRADES } from '../estimate/types.js';
import { type CompanyCostCode, costCodeFor, STANDARD_COST_CODES, standardSetFor } from './cost-codes.js';
import { costTypeOf } from './cost-type.js';
import { estimateBudget, toCents } from './estimate-budget.js';

const companyCodes = (set: keyof typeof STANDARD_COST_CODES): CompanyCostCode[] =>
  STANDARD_COST_CODES[set].map((c, i) => ({
    id: i + 1,
    code: c.code,
    trades: c.trades,
    takes: c.takes ?? null,
  }));

describe('the standard cost codes', () => {
  it.each(['residential', 'masterformat'] as const)('%s: every trade has exactly one code', (set) => {
    const codes = STANDARD_COST_CODES[set];
    for (const trade of TRADES)
      expect(
        codes.filter((c) => c.trades.includes(trade)),
        trade,
      ).toHaveLength(1);
    expect(codes.filter((c) => c.takes === 'charges')).toHaveLength(1);
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
  });

  it.each([
    ['residential', 'residential'],
    ['commercial', 'masterformat'],
    ['general', 'masterformat'],
    ['specialty', 'masterformat'],
  ] as const)('a %s company starts from the %s set', (type, set) => {
    expect(standardSetFor(type)).toBe(set);
  });

  it.each([
    ['residential', { kind: 'work', trade: 'framing' }, '3000'],
    ['residential', { kind: 'allowance', trade: 'fixtures' }, '5000'],
    ['residential', { kind: 'charge', trade: null }, '9000'],
    ['masterformat', { kind: 'work', trade: 'hvac' }, '23'],
    ['masterformat', { kind: 'work', trade: null }, '01'],
    ['masterformat', { kind: 'charge', trade: null }, '00'],
  ] as const)('%s: %o goes to %s', (set, line, code) => {
    expect(costCodeFor(companyCodes(set), line)?.code).toBe(code);
  });

  it("puts lines on a company's own codes that take no trade on the first code, and nothing on no codes", () => {
    const own: CompanyCostCode[] = [
      { id: 7, code: 'A', trades: [], takes: null },
      { id: 8, code: 'B', trades: [], takes: null },
    ];
    expect(costCodeFor(own, { kind: 'work', trade: 'roofing' })?.id).toBe(7);
    expect(costCodeFor([], { kind: 'charge', trade: null })).toBeNull();
  });
});

describe('the cost type of a line', () => {
  it.each([
    ['Framing labor only', 'framing', 'labor'],
    ['Lumber package delivered', 'framing', 'material'],
    ['Scaffolding rental, 6 weeks', 'general-conditions', 'equipment'],
    ['Roofing, labor and materials', 'roofing', 'subcontract'],
    ['Site supervision', 'general-conditions', 'other'],
    ['Electrical rough and trim', 'electrical', 'subcontract'],
  ] as const)('%s → %s', (description, trade, type) => {
    expect(costTypeOf({ kind: 'work', trade, description })).toBe(type);
  });

  it.each([
    ['Plumbing fixture allowance', 'material'],
    ['Contingency (3%)', 'other'],
    ["Owner's reserve", 'other'],
  ] as const)('the allowance %s → %s', (description, type) => {
    expect(costTypeOf({ kind: 'allowance', trade: 'other', description })).toBe(type);
  });

  it('makes charges "other" and a supplier\'s lines material', () => {
    expect(costTypeOf({ kind: 'charge', trade: null, description: 'Overhead 10%' })).toBe('other');
    expect(costTypeOf({ kind: 'work', trade: 'framing', description: '2x4 stud', supplierQuote: true })).toBe(
      'material',
    );
  });
});

describe("an estimate's budget", () => {
  const doc = readEstimate(
    [
      'Description  Qty  Unit  Unit Cost  Amount',
      'Footings and foundation walls  42  CY  385.10  16,174.20',
      'Wall and roof framing  2400  SF  9.25  22,200.00',
      'Asphalt shingle roofing  28  SQ  412.35  11,545.80',
      'Plumbing fixture allowance  1  LS  4,500.00  4,500.00',
      'Subtotal  54,420.00',
      'Overhead and profit 10%  5,442.00',
      'Total  59,862.00',
    ].join('\n'),
  );
  const lines = estimateBudget(
    doc,
    new Map([
      [2, 101],
      [3, 102],
    ]),
    companyCodes('residential'),
  );

  it('keeps every priced line, the charge as a line of its own, adding up to the estimate to the cent', () => {
    expect(lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['work', 1_617_420],
      ['work', 2_220_000],
      ['work', 1_154_580],
      ['allowance', 450_000],
      ['charge', 544_200],
    ]);
    expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(toCents(estimateTotal(doc)));
    expect(lines.every((l) => Number.isInteger(l.amountCents))).toBe(true);
  });

  it('carries each line of work to its task and code, and the charge to no task', () => {
    expect(lines.map((l) => l.taskId)).toEqual([101, 102, null, null, null]);
    expect(lines.map((l) => l.costCodeId)).toEqual([2, 3, 4, 5, 8]);
  });
});

describe('the shapes the API shares', () => {
  it('lists the same cost types and line kinds as the contracts', async () => {
    const contracts = await import('../../contracts/budget.js');
    const { BUDGET_LINE_KINDS, COST_TYPES } = await import('./cost-codes.js');
    expect([...contracts.COST_TYPE_VALUES]).toEqual([...COST_TYPES]);
    expect([...contracts.BUDGET_LINE_KIND_VALUES]).toEqual([...BUDGET_LINE_KINDS]);
  });
});
