import { describe, expect, it } from 'vitest';
import { estimateToPlan } from '../plan.js';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';

const BUDGET = [
  'Garage addition',
  'Description  Qty  Unit  Unit Cost  Amount',
  'Footings  20  CY  450.00  9,000.00',
  'Framing  600  SF  15.00  9,000.00',
  'Roofing  6  SQ  500.00  3,000.00',
  'Electrical allowance  1  LS  2,000.00  2,000.00',
  'Overhead and profit 10%  2,300.00',
  'TOTAL  25,300.00',
  'Optional epoxy floor  600  SF  5.00  3,000.00',
].join('\n');
const lineOf = (doc: EstimateDocument, text: RegExp) => doc.lines?.find((l) => text.test(l.text))?.line ?? 0;

describe("the user's corrections to a reading", () => {
  const read = readEstimate(BUDGET);

  it('start from the reading: work, an allowance, a charge, the total', () => {
    expect(read.itemsTotal).toBe(21_000);
    expect(read.reconciliation?.matches).toBe(true);
  });

  it('move a line from work to option, and the reconciliation follows', () => {
    const roofing = lineOf(read, /^Roofing/);
    const doc = readEstimate(BUDGET, { corrections: { lines: { [roofing]: { role: 'option' } } } });
    expect(doc.itemsTotal).toBe(18_000);
    expect(doc.lines?.find((l) => l.line === roofing)?.disposition).toBe('option');
    expect(doc.reconciliation?.difference).toBe(3_000);
    expect(doc.reconciliation?.matches).toBe(false);
  });

  it('make a charge or an allowance work, and a line set aside work again', () => {
    const fee = lineOf(read, /Overhead/);
    const allowance = lineOf(read, /allowance/);
    const doc = readEstimate(BUDGET, {
      corrections: { lines: { [fee]: { role: 'work' }, [allowance]: { role: 'work' } } },
    });
    expect(doc.itemsTotal).toBe(25_300);
    expect(doc.charges ?? []).toEqual([]);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it("take the user's total, and everything after a line as options", () => {
    const framing = lineOf(read, /^Framing/);
    const doc = readEstimate(BUDGET, { corrections: { optionsAfter: framing, statedTotal: 18_000 } });
    expect(doc.itemsTotal).toBe(18_000);
    expect(doc.grandTotal).toBe(18_000);
    expect(doc.reconciliation?.against?.value).toBe(18_000);
  });

  it('set a trade the words did not give, and the plan puts the line in that trade', () => {
    const footings = lineOf(read, /^Footings/);
    const plan = estimateToPlan(BUDGET, { corrections: { lines: { [footings]: { trade: 'masonry' } } } });
    const masonry = plan.packages.find((p) => p.trade === 'masonry');
    expect(masonry?.estimatedCost).toBe(9_000);
    expect(plan.packages.some((p) => p.trade === 'foundation')).toBe(false);
  });

  it('ignore a whole sheet of a workbook', () => {
    const workbook = [
      '## Sheet: House',
      'Description\tAmount',
      'Foundation\t$40,000.00',
      'Framing\t$60,000.00',
      '## Sheet: Old revision',
      'Description\tAmount',
      'Foundation\t$38,000.00',
      'Framing\t$55,000.00',
    ].join('\n');
    expect(readEstimate(workbook).itemsTotal).toBe(193_000);
    const doc = readEstimate(workbook, { corrections: { sheets: { 'Old revision': 'ignore' } } });
    expect(doc.itemsTotal).toBe(100_000);
    expect(doc.lines?.filter((l) => l.sheet === 'Old revision').map((l) => l.disposition)).toEqual([
      'exclusion',
      'exclusion',
    ]);
  });

  it("plan a line read as one of the document's totals: it is work, and no longer a total", () => {
    const text = [
      'KITCHEN REFRESH - PRICE',
      'Total for cabinets and counters\t18500',
      'Grand Total\t18500',
    ].join('\n');
    const asRead = readEstimate(text);
    expect(asRead.items).toHaveLength(0);
    const doc = readEstimate(text, { corrections: { lines: { '2': { role: 'work' } } } });
    expect(doc.itemsTotal).toBe(18_500);
    expect(doc.lines?.find((l) => l.line === 2)?.disposition).toBe('work');
    expect(doc.reconciliation?.documentTotals.map((t) => t.line)).toEqual([3]);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});
