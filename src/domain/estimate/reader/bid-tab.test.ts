import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';

const bidColumn = (doc: EstimateDocument) => doc.choices?.find((c) => c.kind === 'bid-column');
const codes = (doc: EstimateDocument) => doc.problems.map((p) => p.code);

/** Rows of a tab: item, description, quantity, unit, then a unit price and amount per column. */
const ROWS = [
  ['1', 'Mobilization', 1, 'LS', [50000, 42000, 61000]],
  ['2', 'Asphalt paving', 1000, 'TON', [100, 95, 118]],
  ['3', 'Curb and gutter', 400, 'LF', [32.5, 30, 36]],
  ['4', 'Pavement striping', 2000, 'LF', [1.5, 2, 1.75]],
] as const;

function row(sep: string, [item, desc, qty, unit, prices]: (typeof ROWS)[number]): string {
  const pairs = prices.flatMap((p) => [p.toFixed(2), (p * qty).toFixed(2)]);
  return [item, desc, String(qty), unit, ...pairs].join(sep);
}
const COLUMN_TOTALS = [0, 1, 2].map((c) => ROWS.reduce((s, r) => s + (r[4][c] ?? 0) * r[2], 0));

describe('a bid tabulation known by its shape: no row names the bidders', () => {
  it('without a header or a total row: asks which column, reads the low bid, never sums the columns', () => {
    const doc = readEstimate(
      ['Bid opening — Elm Street resurfacing', ...ROWS.map((r) => row('    ', r))].join('\n'),
    );
    const choice = bidColumn(doc);
    expect(choice?.options.map((o) => o.total)).toEqual(COLUMN_TOTALS);
    const low = Math.min(...COLUMN_TOTALS);
    expect(doc.itemsTotal).toBe(low);
    expect(doc.items.map((i) => i.unitCost)).toEqual([42000, 95, 30, 2]);
    expect(codes(doc)).toContain('choice-required');
    expect(doc.problems.find((p) => p.code === 'choice-required')?.message).toMatch(/never added together/);
    expect(doc.lines?.filter((l) => l.disposition === 'other-bidder')).toHaveLength(ROWS.length * 2);
  });

  it('with a total row but no bidder names: the total row closes it and reconciles the chosen column', () => {
    const doc = readEstimate(
      [
        'Item\tDescription\tQty\tUnit',
        ...ROWS.map((r) => row('\t', r)),
        ['', 'TOTAL', '', '', '', ...COLUMN_TOTALS.map((t) => t.toFixed(2))].join('\t'),
      ].join('\n'),
    );
    expect(bidColumn(doc)?.options).toHaveLength(3);
    expect(doc.itemsTotal).toBe(Math.min(...COLUMN_TOTALS));
    expect(doc.reconciliation?.matches).toBe(true);
    expect(codes(doc)).toContain('choice-required');
  });

  it('carries the column the user chooses, and then asks no more', () => {
    const doc = readEstimate(ROWS.map((r) => row('    ', r)).join('\n'), {
      choices: { 'bid-column': 'column-3' },
    });
    expect(doc.itemsTotal).toBe(COLUMN_TOTALS[2]);
    expect(codes(doc)).not.toContain('choice-required');
  });

  it('reads labour and material columns as parts of one price, not bidders', () => {
    const doc = readEstimate(
      [
        'Description  Qty  Unit  Labor Unit  Labor Total  Material Unit  Material Total',
        'Hang drywall  1000  SF  0.80  800.00  0.60  600.00',
        'Tape and finish drywall  1000  SF  0.90  900.00  0.20  200.00',
        'Paint walls  2000  SF  0.50  1000.00  0.25  500.00',
      ].join('\n'),
    );
    expect(bidColumn(doc)).toBeUndefined();
    expect(codes(doc)).not.toContain('choice-required');
  });

  it('leaves an ordinary bill alone: one price per row', () => {
    const doc = readEstimate(
      [
        'Description  Qty  Unit  Rate  Amount',
        ...ROWS.map((r) => `${r[1]}  ${r[2]}  ${r[3]}  ${r[4][0]}  ${r[4][0] * r[2]}`),
      ].join('\n'),
    );
    expect(bidColumn(doc)).toBeUndefined();
    expect(doc.itemsTotal).toBe(COLUMN_TOTALS[0]);
  });
});

describe('a bid tabulation in sections (a base bid, then an alternate) naming its bidders once', () => {
  const PAIRS = 'Item  Description  Qty  Unit  Unit Price  Amount  Unit Price  Amount  Unit Price  Amount';
  const priced = (item: number, desc: string, qty: number, unit: string, prices: number[]) =>
    [item, desc, qty, unit, ...prices.flatMap((p) => [p.toFixed(2), (p * qty).toFixed(2)])].join('  ');
  const base = [
    [1, 'Mobilization', 1, 'LS', [50000, 42000, 45000]],
    [2, 'Asphalt paving', 1000, 'TON', [100, 95, 98]],
    [3, 'Curb and gutter', 400, 'LF', [32.5, 30, 31]],
    [4, 'Sidewalk', 800, 'SF', [9, 8.5, 8]],
    [5, 'Storm drain pipe', 300, 'LF', [120, 110, 125]],
    [6, 'Catch basins', 6, 'EA', [3500, 3900, 3700]],
    [7, 'Pavement striping', 2000, 'LF', [1.5, 2, 1.75]],
  ] as const;
  const alternate = [
    [8, 'Decorative light poles', 10, 'EA', [4200, 3900, 4000]],
    [9, 'Street trees', 20, 'EA', [650, 700, 600]],
  ] as const;
  const total = (rows: typeof base | typeof alternate, c: number) =>
    rows.reduce((sum, [, , qty, , prices]) => sum + qty * (prices[c] ?? 0), 0);
  const text = [
    'Oak Avenue improvements — bid tabulation',
    "                              Acme Paving  Best Roads  Engineer's Estimate",
    PAIRS,
    ...base.map(([i, d, q, u, p]) => priced(i, d, q, u, [...p])),
    `Total Base Bid  ${[0, 1, 2].map((c) => total(base, c).toFixed(2)).join('  ')}`,
    'ALTERNATE 1 — STREETSCAPE',
    PAIRS,
    ...alternate.map(([i, d, q, u, p]) => priced(i, d, q, u, [...p])),
    `Total Alternate 1  ${[0, 1, 2].map((c) => total(alternate, c).toFixed(2)).join('  ')}`,
  ].join('\n');

  it('asks one question per section, each under its own key, each with the bidders named at the top', () => {
    const questions = readEstimate(text).choices?.filter((c) => c.kind === 'bid-column') ?? [];
    expect(questions.map((q) => q.key)).toEqual(['bid-column', 'bid-column:2']);
    for (const q of questions) {
      expect(q.options.map((o) => o.label)).toEqual(['Acme Paving', 'Best Roads', "Engineer's Estimate"]);
      expect(q.defaultOption).toBe('engineer-s-estimate');
    }
    expect(questions[1]?.options.map((o) => o.total)).toEqual([0, 1, 2].map((c) => total(alternate, c)));
  });

  it('answers each section by its own key', () => {
    const doc = readEstimate(text, {
      choices: { 'bid-column': 'acme-paving', 'bid-column:2': 'best-roads' },
    });
    const questions = doc.choices?.filter((c) => c.kind === 'bid-column') ?? [];
    expect(questions.map((q) => q.chosen)).toEqual(['acme-paving', 'best-roads']);
    const base4 = doc.items.find((i) => i.description === 'Mobilization');
    // The alternate after the base bid's total is read (its own choice decides whether it is planned).
    const poles = doc.lines?.find((l) => l.text.startsWith('Decorative light poles'));
    expect(base4?.amount).toBe(50000);
    expect(poles?.amount).toBe(39000);
  });
});
