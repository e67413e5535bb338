import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';

const row = (...cells: (string | number)[]) => cells.join('\t');

const HEADER = row(
  'Item No',
  'Description',
  'Quantity',
  'Unit',
  'Unit Price',
  'Bidder Name',
  'Contract',
  'Job Size',
  'Rank',
  'Extension',
  'Federal ID',
);

/** A county's bid export: one row per bidder and item, the letting's columns repeated on each. */
function longTab(bidders: [name: string, rank: number, prices: number[]][]): string {
  const items: [string, string, number, string][] = [
    ['201-001', 'CLEARING AND GRUBBING', 1, 'LS'],
    ['203-010', 'EXCAVATION, COMMON', 500, 'CY'],
    ['304-100', 'HMA PATCHING, TYPE B', 200, 'TON'],
  ];
  const rows = bidders.flatMap(([name, rank, prices]) =>
    items.map(([code, description, qty, unit], i) => {
      const price = prices[i] ?? 0;
      return row(code, description, qty, unit, price, name, 'C-1234', 90_000, rank, qty * price, 4_400_123);
    }),
  );
  return ['## Sheet: Bids', HEADER, ...rows].join('\n');
}

const TWO = longTab([
  ['RIVER ROAD PAVING, INC.', 2, [12_000, 30, 200]], // 12,000 + 15,000 + 40,000 = 67,000
  ['ACME CONSTRUCTION CO.', 1, [9_000, 25, 190]], // 9,000 + 12,500 + 38,000 = 59,500
]);

describe('a bid tabulation with one row per bidder and item', () => {
  it("plans the low bid whole, each amount from the Extension column (never the row's last number)", () => {
    const doc = readEstimate(TWO);
    expect(doc.itemsTotal).toBe(59_500);
    expect(doc.items.map((i) => i.amount)).toEqual([9_000, 12_500, 38_000]);
    expect(doc.items[1]).toMatchObject({ quantity: 500, unitCost: 25, unit: 'CY' });
    const choice = doc.choices?.find((c) => c.key === 'bid-column');
    expect(choice).toMatchObject({ kind: 'bid-column', defaultOption: 'acme-construction-co' });
    // Listed by their rank, with their totals.
    expect(choice?.options.map((o) => [o.label, o.total])).toEqual([
      ['ACME CONSTRUCTION CO.', 59_500],
      ['RIVER ROAD PAVING, INC.', 67_000],
    ]);
    const others = (doc.lines ?? []).filter((l) => l.disposition === 'other-bidder');
    expect(others.map((l) => l.amount)).toEqual([12_000, 15_000, 40_000]);
  });

  it("plans the bidder the answer names, by the option's id or its label", () => {
    const byId = readEstimate(TWO, { choices: { 'bid-column': 'river-road-paving-inc' } });
    expect(byId.itemsTotal).toBe(67_000);
    expect(byId.choices?.[0]?.chosen).toBe('river-road-paving-inc');
    const byLabel = readEstimate(TWO, { choices: { 'bid-column': 'River Road Paving, Inc.' } });
    expect(byLabel.itemsTotal).toBe(67_000);
  });

  it("defaults to the engineer's estimate when the export lists it as a bidder", () => {
    const doc = readEstimate(
      longTab([
        ['ACME CONSTRUCTION CO.', 1, [9_000, 25, 190]],
        ["ENGINEER'S ESTIMATE", 0, [10_000, 28, 210]], // 10,000 + 14,000 + 42,000
      ]),
    );
    expect(doc.itemsTotal).toBe(66_000);
    expect(doc.choices?.[0]?.defaultOption).toBe('engineer-s-estimate');
  });

  it("reads one bidder's export by its Extension column, with no question", () => {
    const doc = readEstimate(longTab([['ACME CONSTRUCTION CO.', 1, [9_000, 25, 190]]]));
    expect(doc.itemsTotal).toBe(59_500);
    expect(doc.choices ?? []).toEqual([]);
  });

  it('reads the layout from a PDF too (columns as runs of spaces)', () => {
    const spaced = (...cells: (string | number)[]) => cells.join('   ');
    const text = [
      spaced('Item', 'Description', 'Qty', 'Unit', 'Unit Price', 'Contractor', 'Amount', 'Letting'),
      spaced('101', 'MOBILIZATION', 1, 'LS', '5,000.00', 'NORTH BUILDERS LLC', '5,000.00', 2_024_001),
      spaced('102', 'TOPSOIL', 100, 'CY', '40.00', 'NORTH BUILDERS LLC', '4,000.00', 2_024_001),
      spaced('101', 'MOBILIZATION', 1, 'LS', '7,000.00', 'SOUTH SITE WORKS', '7,000.00', 2_024_001),
      spaced('102', 'TOPSOIL', 100, 'CY', '35.00', 'SOUTH SITE WORKS', '3,500.00', 2_024_001),
    ].join('\n');
    const doc = readEstimate(text);
    expect(doc.itemsTotal).toBe(9_000);
    expect(doc.choices?.[0]?.options.map((o) => o.total)).toEqual([9_000, 10_500]);
  });

  it('numbers its question after the side-by-side tabs of the same document', () => {
    const wide = [
      '## Sheet: Tab',
      row('', '', '', '', 'Lane Paving Co.', '', 'Ridge Concrete LLC', ''),
      row(
        'Item',
        'Description',
        'Quantity',
        'Unit',
        'Unit Price',
        'Total Price',
        'Unit Price',
        'Total Price',
      ),
      row(1, 'Mobilization', 1, 'LS', 20_000, 20_000, 25_000, 25_000),
      row(2, 'Sidewalk removal', 1200, 'SY', 12, 14_400, 10, 12_000),
      row('', 'Total Amount Bid', '', '', '', 34_400, '', 37_000),
    ].join('\n');
    const doc = readEstimate(`${wide}\n${TWO}`);
    expect(doc.choices?.map((c) => c.key)).toEqual(['bid-column', 'bid-column:2']);
  });
});
