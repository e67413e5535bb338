import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';

const HEADER = 'Description  Qty  Unit  Unit Cost  Amount';
const FRAMING = 'Wood framing  100  LF  10.00  1,000.00';

function read(...lines: string[]) {
  return readEstimate(['Scanned bid — ACME Builders', HEADER, ...lines, FRAMING].join('\n'));
}

describe('letters a scan read for digits inside a figure', () => {
  it.each([
    ['an O in the amount', 'Hang and finish drywall  1,000  SF  1.20  1,2O0.00', 'amount', 1200],
    ['an l in the quantity', 'Door hardware sets  l5  EA  85.00  1,275.00', 'quantity', 15],
    ['an S in the quantity', 'Interior paint walls  S,000  SF  1.20  6,000.00', 'quantity', 5000],
    ['an O in the unit price', 'Carpet tile  40  SY  7.5O  300.00', 'unitCost', 7.5],
    ['a B in the amount', 'Vinyl base  100  LF  8.00  B00.00', 'amount', 800],
  ] as const)(
    '%s is read, confirmed by quantity × price = amount, and noted',
    (_name, line, field, value) => {
      const doc = read(line);
      const item = doc.items[0];
      expect(item?.[field]).toBe(value);
      expect(doc.items).toHaveLength(2);
      expect(doc.lines?.[0]?.reason).toMatch(/read as|repaired/);
      expect(doc.problems.map((p) => p.code)).not.toContain('unclear-lines');
    },
  );

  it('repairs a look-alike that stood for another digit from the other two figures', () => {
    // `S` usually stands for 5, but 120 × 15.00 = 1,800 says it was an 8.
    const doc = read('Ceramic wall tile  120  SF  15.00  1,S00.00');
    expect(doc.items[0]?.amount).toBe(1800);
    expect(doc.notes.join(' ')).toMatch(/"1,S00.00" repaired to 1800/);
  });

  it('repairs the misread figure when the letters hide a digit that is not their look-alike', () => {
    const doc = read('Acoustical ceiling tile  200  SF  3.25  6B0.00');
    expect(doc.items[0]?.amount).toBe(650);
    expect(doc.lines?.[0]?.reason).toMatch(/repaired to 650/);
  });

  it('flags a lump sum it cannot check instead of dropping or trusting it', () => {
    const doc = read('General conditions  S,000.00');
    const item = doc.items.find((i) => /general conditions/i.test(i.description));
    expect(item?.amount).toBe(5000);
    expect(doc.problems.find((p) => p.code === 'unclear-lines')?.message).toMatch(/General conditions/);
    expect(doc.reconciliation?.mismatches.map((l) => l.text)).toEqual(['General conditions']);
  });

  it('flags a line whose figures still disagree whatever the letter stood for', () => {
    const doc = read('Roof shingles  30  SQ  410.00  9,9O0.00');
    expect(doc.items[0]?.amount).toBe(9900);
    expect(doc.problems.map((p) => p.code)).toContain('unclear-lines');
  });

  it('leaves a grade or a code among the words alone when the figures agree', () => {
    const doc = readEstimate([HEADER, 'Ready-mix concrete  B30  12  CY  150.00  1,800.00'].join('\n'));
    expect(doc.items[0]?.amount).toBe(1800);
    expect(doc.items[0]?.description).toMatch(/B30/);
    expect(doc.problems).toEqual([]);
  });

  it('reads a decimal-comma scan the same way', () => {
    const doc = readEstimate(
      [
        'Excavación  1.500  m3  12,50  18.75O,00',
        'Relleno  300,5  m3  8,00  2.404,00',
        'Total  21.154,00',
      ].join('\n'),
    );
    expect(doc.items.map((i) => i.amount)).toEqual([18750, 2404]);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});
