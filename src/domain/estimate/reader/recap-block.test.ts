import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';

const disposition = (doc: EstimateDocument, text: RegExp) =>
  (doc.lines ?? []).filter((l) => text.test(l.text)).map((l) => l.disposition);

const DETAIL = [
  'CONCRETE',
  'Footings  20  CY  450.00  9,000.00',
  'Slab on grade  1,500  SF  6.00  9,000.00',
  'DRYWALL',
  'Hang and finish drywall  4,000  SF  2.50  10,000.00',
  'Corner bead and patching  1  LS  1,200.00  1,200.00',
  'PAINTING',
  'Interior walls two coats  6,000  SF  0.75  4,500.00',
];

describe('a summary table with no title, before its detail', () => {
  it('is set aside as a recap: the detail is counted once and reconciles', () => {
    const doc = readEstimate(
      [
        'Smith residence — bid',
        'Concrete  18,000.00',
        'Drywall and ceilings  11,200.00',
        'Painting  4,500.00',
        'Description  Qty  Unit  Unit Cost  Amount',
        ...DETAIL,
        'GRAND TOTAL  33,700.00',
      ].join('\n'),
    );
    expect(doc.itemsTotal).toBe(33700);
    expect(disposition(doc, /^(?:Concrete|Drywall and ceilings|Painting)$/)).toEqual([
      'recap',
      'recap',
      'recap',
    ]);
    expect(doc.reconciliation).toMatchObject({ matches: true, excludedTotal: 33700 });
    expect(doc.items.map((i) => i.description)).not.toContain('Concrete');
  });

  it('is recognised by its sum when its names are not the detail headings (scopes, not trades)', () => {
    const doc = readEstimate(
      [
        'Structure  18,000.00',
        'Interior finishes  15,700.00',
        'Description  Qty  Unit  Unit Cost  Amount',
        ...DETAIL,
        'Total  33,700.00',
      ].join('\n'),
    );
    expect(doc.itemsTotal).toBe(33700);
    expect(disposition(doc, /^(?:Structure|Interior finishes)$/)).toEqual(['recap', 'recap']);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('keeps lump sums that do not add up to the detail as work', () => {
    const doc = readEstimate(
      [
        'Mobilization  2,500.00',
        'Dumpsters and cleanup  1,800.00',
        'Description  Qty  Unit  Unit Cost  Amount',
        ...DETAIL,
        'Total  38,000.00',
      ].join('\n'),
    );
    expect(doc.itemsTotal).toBe(38000);
    expect(disposition(doc, /^(?:Mobilization|Dumpsters and cleanup)$/)).toEqual(['work', 'work']);
  });

  it('keeps a budget of lump sums only (nothing itemised) as the work', () => {
    const doc = readEstimate(
      ['Foundations  14,500', 'Framing and sheathing  22,750', 'Roofing  8,300', 'Total  45,550'].join('\n'),
    );
    expect(doc.itemsTotal).toBe(45550);
  });
});
