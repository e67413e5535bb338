import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';

const row = (...cells: (string | number)[]) => cells.join('\t');
const disposition = (doc: EstimateDocument, line: number) =>
  doc.lines?.find((l) => l.line === line)?.disposition ?? null;

/** A public-works workbook: a summary sheet listing each part's total, then the parts' own sheets. */
function workbook(summaryName: string, summaryTitle: string | null, partOneItems: string[]): string {
  return [
    `## Sheet: ${summaryName}`,
    ...(summaryTitle ? [summaryTitle] : []),
    row('S. No.', 'Particulars', 'Amount'),
    row(1, 'Part - I Culvert works', 33_000),
    row(2, 'Part - II Approach road', 20_000),
    row('', 'Total', 53_000),
    row('', 'Add : 1% for Quality Control', 530),
    row('', 'Add : 3% for Contingency Charges', 1_590),
    row('', 'Grand Total', 55_120),
    '## Sheet: Part I',
    row('S. No.', 'Particulars', 'Qty.', 'Rate', 'Amount'),
    ...partOneItems,
    row('Total of Part - I', '', '', '', 33_000),
    '## Sheet: Part II',
    row('S. No.', 'Particulars', 'Qty.', 'Rate', 'Amount'),
    row(1, 'Earthwork in excavation for the road bed', 400, 25, 10_000),
    row(2, 'Granular sub-base laid and compacted', 100, 100, 10_000),
    row('Total of Part - II', '', '', '', 20_000),
  ].join('\n');
}

const PART_ONE = [
  row(1, 'Reinforced cement concrete M-25 in culvert walls', 2, 9_000, 18_000),
  row(2, 'Stone masonry in cement mortar 1:4', 30, 500, 15_000),
];

describe('a summary sheet restating the totals of the part sheets', () => {
  it("reads the parts' items once: the summary's part lines are recaps", () => {
    const doc = readEstimate(workbook('Gen-Abst', 'General Abstract', PART_ONE));
    expect(doc.itemsTotal).toBe(53_000);
    // Lines 4 and 5: the summary's Part I and Part II lines.
    expect(disposition(doc, 4)).toBe('recap');
    expect(disposition(doc, 5)).toBe('recap');
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('knows the summary sheet by what it holds, under any name and without a title', () => {
    const doc = readEstimate(workbook('Sheet1', null, PART_ONE));
    expect(doc.itemsTotal).toBe(53_000);
    expect(disposition(doc, 3)).toBe('recap');
    expect(disposition(doc, 4)).toBe('recap');
  });

  it("matches a part's own stated total when the sheet also carries a line that is not work", () => {
    // Part I states 33,000 = 30,000 of work + a 3,000 allowance within the part.
    const items = [
      row(1, 'Reinforced cement concrete M-25 in culvert walls', 2, 9_000, 18_000),
      row(2, 'Stone masonry in cement mortar 1:4', 24, 500, 12_000),
      row(3, 'Provisional sum for utility shifting', '', '', 3_000),
    ];
    const doc = readEstimate(workbook('Sheet1', null, items));
    expect(doc.itemsTotal).toBe(50_000);
    // The part's provisional sum and the summary's 3% contingency.
    expect(doc.allowanceTotal).toBe(3_000 + 1_590);
    expect(disposition(doc, 3)).toBe('recap');
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('reads an item whose description cell is broken (#REF!) by its figures, so its part adds up', () => {
    const items = [
      row(1, 'Reinforced cement concrete M-25 in culvert walls', 2, 9_000, 18_000),
      row(2, '#REF!', 30, 500, 15_000),
    ];
    const doc = readEstimate(workbook('Gen-Abst', 'General Abstract', items));
    const broken = doc.items.find((i) => i.amount === 15_000);
    expect(broken).toMatchObject({ kind: 'work', quantity: 30, unitCost: 500, sheet: 'Part I' });
    expect(broken?.description).toMatch(/^Item 2\b.*#REF!/);
    expect(doc.itemsTotal).toBe(53_000);
    expect(disposition(doc, 4)).toBe('recap');
    expect(doc.notes.join(' ')).toMatch(/Item 2's description reads #REF!/);
  });

  it('reads a lone lump sum on a summary sheet as work when it restates no other sheet', () => {
    const doc = readEstimate(
      [
        '## Sheet: Gen-Abst',
        row('S. No.', 'Particulars', 'Amount'),
        row(1, 'Part - I Culvert works', 33_000),
        row(2, 'Shifting of electric poles (lump sum)', 4_000),
        '## Sheet: Part I',
        row('S. No.', 'Particulars', 'Qty.', 'Rate', 'Amount'),
        ...PART_ONE,
        row('Total of Part - I', '', '', '', 33_000),
      ].join('\n'),
    );
    expect(disposition(doc, 3)).toBe('recap');
    expect(disposition(doc, 4)).toBe('work');
    expect(doc.itemsTotal).toBe(37_000);
  });
});

describe('percentage add-on lines', () => {
  const text = (line: string) =>
    [
      row('Description', 'Qty', 'Rate', 'Amount'),
      row('Brick masonry in cement mortar', 100, 100, 10_000),
      row('Plaster 12 mm to walls', 100, 100, 10_000),
      row('Total', '', '', 20_000),
      line,
    ].join('\n');

  it.each([
    ['Add : 1% for Quality Control', 200, 1],
    ['Add: 10% overhead', 2_000, 10],
    ['Add 5% profit', 1_000, 5],
    ['Add @ 2% for insurance', 400, 2],
    ['Add - 18% GST', 3_600, 18],
  ])('"%s" is a charge, not work', (label, amount, percent) => {
    const doc = readEstimate(text(row(label, '', '', amount)));
    expect(doc.itemsTotal).toBe(20_000);
    expect(doc.charges).toEqual([expect.objectContaining({ amount, percent })]);
    expect(disposition(doc, 5)).toBe('charge');
  });

  it.each([
    ['Add : 3% for Contingency Charges', 600],
    ['Add: 5% provisional sum', 1_000],
  ])('"%s" is an allowance', (label, amount) => {
    const doc = readEstimate(text(row(label, '', '', amount)));
    expect(doc.itemsTotal).toBe(20_000);
    expect(doc.allowanceTotal).toBe(amount);
  });

  it('"Add : 1% for Quality Control" with its amount on the next line is a charge of that amount', () => {
    const doc = readEstimate(text('Add : 1% for Quality Control\ni.e. on Rs. 20000\t200'));
    expect(doc.charges).toEqual([expect.objectContaining({ amount: 200, percent: 1 })]);
    expect(doc.itemsTotal).toBe(20_000);
  });

  it('work priced as a share stays work: "Add : 7% for Electrification"', () => {
    const doc = readEstimate(text(row('Add : 7% for Electrification', '', '', 1_400)));
    expect(doc.charges ?? []).toEqual([]);
    expect(doc.items.find((i) => i.amount === 1_400)).toMatchObject({ kind: 'work', percent: 7 });
  });
});
