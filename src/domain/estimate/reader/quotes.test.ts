import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';

const QUOTE = [
  'INSPECTION SERVICES QUOTE',
  'Description  Qty  Unit  Rate  Amount',
  'Special inspections - concrete  24  Month  1,500.00  36,000.00',
  'Soils testing  0  EA  250.00  0.00',
  'Additional site visits (not included in this total)  1  EA  350.00',
  'Rock excavation if required  1  LS  2,000.00  2,000.00',
  'Testing allowance  1  LS  5,000.00  5,000.00',
  'TOTAL  41,000.00',
].join('\n');

describe('a quote with lines priced outside its total', () => {
  const doc = readEstimate(QUOTE);
  const disposition = (text: RegExp) => doc.lines?.find((l) => text.test(l.text))?.disposition;

  it('plans the work only: rates quoted outside the total, optional items and zero-quantity lines stay out', () => {
    expect(doc.itemsTotal).toBe(36_000);
    expect(disposition(/site visits/)).toBe('exclusion');
    expect(disposition(/Rock excavation/)).toBe('option');
    expect(disposition(/Soils testing/)).toBe('exclusion');
    expect(doc.allowanceTotal).toBe(5_000);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('asks whether to include them, and plans them when the user says so', () => {
    const key = doc.choices?.find((c) => /Rock excavation/.test(c.question))?.key ?? '';
    expect(key).toMatch(/^alternate:/);
    expect(readEstimate(QUOTE, { choices: { [key]: 'include' } }).itemsTotal).toBe(38_000);
  });

  it('reads a specification that says "(if required)" in its prose as work', () => {
    const spec = readEstimate(
      [
        'S.No.  Particulars  Quantity  Unit  Rate  Amount',
        '1  Providing and laying cement concrete for RCC structural elements including curing and cost of plasticisers (if required) excluding the cost of centering and shuttering  10  Cum  5600  56000',
        'Total  56000',
      ].join('\n'),
    );
    expect(spec.itemsTotal).toBe(56_000);
  });
});

describe("a supplier's quote laid out with spaces, its quantity first and an item number beside it", () => {
  it('reads each row by the header: the item number is no quantity, the pack size no amount', () => {
    const doc = readEstimate(
      [
        'MATERIALS QUOTE',
        'Qty    Item #    Description    Price    Ext. Price',
        '5    448812    NITRILE GLOVES LARGE POWDER FREE    89.00    445.00',
        '1000/BX',
        '10    220158    DRYWALL SCREW 1-5/8 COARSE    42.50    425.00',
        '5000/BX',
        'Total    870.00',
      ].join('\n'),
    );
    expect(doc.items.map((i) => [i.quantity, i.unitCost, i.amount])).toEqual([
      [5, 89, 445],
      [10, 42.5, 425],
    ]);
    expect(doc.problems.map((p) => p.code)).not.toContain('unclear-lines');
    expect(doc.reconciliation?.matches).toBe(true);
  });
});
