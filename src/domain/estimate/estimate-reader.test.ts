import { describe, expect, it } from 'vitest';
import { estimateReader, readEstimate } from './read-estimate.js';
import type { EstimateCorrections, EstimateToPlanOptions } from './types.js';

/** Two house models on their own sheets, each with its total, and a porch upgrade in the second. */
const TEXT = [
  '## Sheet: Summary',
  'Model\tPrice',
  'Aspen 1800\t104000',
  'Birch 2400\t160160',
  '',
  '## Sheet: Aspen 1800',
  'Description\tQty\tUnit\tRate\tAmount',
  'Concrete footings and slab\t1\tLS\t24000\t24000',
  'Wood framing\t1\tLS\t52000\t52000',
  'Roofing\t1\tLS\t28000\t28000',
  'Grand Total\t\t\t\t104000',
  '',
  '## Sheet: Birch 2400',
  'Description\tQty\tUnit\tRate\tAmount',
  'Concrete footings and slab\t1\tLS\t31000\t31000',
  'Wood framing\t1\tLS\t68000\t68000',
  'Roofing\t1\tLS\t35400\t35400',
  'Covered porch upgrade\t1\tLS\t11200\t11200',
  'Subtotal\t\t\t\t145600',
  'Overhead and profit 10%\t\t\t\t14560',
  'Grand Total\t\t\t\t160160',
].join('\n');

const lineOf = (text: string, sheet: string) => {
  const lines = TEXT.split('\n');
  const from = lines.indexOf(`## Sheet: ${sheet}`);
  return lines.findIndex((l, i) => i > from && l.includes(text)) + 1;
};

describe('estimateReader', () => {
  it('reads what readEstimate reads, for each set of corrections in turn, none leaking into the next', () => {
    const read = estimateReader(TEXT);
    const choices = { model: 'birch-2400' };
    const porch: EstimateCorrections = { lines: { [lineOf('porch', 'Birch 2400')]: { role: 'option' } } };
    const sheet: EstimateCorrections = { sheets: { 'Aspen 1800': 'ignore' }, statedTotal: 134_400 };
    const fee: EstimateCorrections = { lines: { [lineOf('Overhead', 'Birch 2400')]: { role: 'option' } } };
    const sequence: EstimateToPlanOptions[] = [
      { choices },
      { choices, corrections: porch },
      { choices, corrections: { ...porch, ...sheet } },
      { choices },
      { choices, corrections: fee },
      { choices, corrections: { lines: { [lineOf('porch', 'Birch 2400')]: { role: 'charge' } } } },
      { choices, corrections: { sheets: { 'Birch 2400': 'duplicate' } } },
      { choices },
      { choices: { model: 'aspen-1800' } },
      { choices, corrections: porch },
    ];
    for (const options of sequence) {
      const kept = read(options);
      expect(kept).toEqual(readEstimate(TEXT, options));
    }
    const planned = (options: EstimateToPlanOptions) =>
      read(options).items.reduce((sum, item) => sum + (item.amount ?? 0), 0);
    // The fee is a charge: read beside the work, never planned as work.
    expect(read({ choices }).charges?.length ?? 0).toBeGreaterThan(0);
    expect(planned({ choices })).toBe(145_600);
    expect(planned({ choices, corrections: porch })).toBe(134_400);
    expect(planned({ choices })).toBe(145_600);
  });
});
