import { describe, expect, it } from 'vitest';
import { detectDecimalComma, parseNumber } from '../numbers.js';
import { readEstimate } from '../read-estimate.js';

const HEADER = 'Description  Qty  Unit  Unit Cost  Amount';

describe('quantity × unit price = amount on every line that gives all three', () => {
  it.each([
    ['a dropped digit in the amount', 'Hang and finish drywall  1,240  SF  2.35  294.00', 'amount', 2914],
    ['an extra digit in the amount', 'Interior paint  820  SF  1.75  14,365.00', 'amount', 1435],
    ['a lost decimal point in the unit price', 'Carpet tile  152  SY  3275  4,978.00', 'unitCost', 32.75],
    ['a changed digit in the quantity', 'Base cabinets  28  LF  250.00  4,500.00', 'quantity', 18],
  ] as const)('%s is repaired and noted', (_name, line, field, repaired) => {
    const doc = readEstimate([HEADER, line, 'Framing  100  LF  10.00  1,000.00'].join('\n'));
    const item = doc.items[0];
    expect(item?.[field]).toBe(repaired);
    expect(doc.notes.join(' ')).toMatch(/repaired/);
    expect(doc.lines?.[0]?.reason).toMatch(/repaired/);
    if (item?.quantity != null && item.unitCost != null && item.amount != null)
      expect(Math.abs(item.quantity * item.unitCost - item.amount)).toBeLessThan(0.02);
  });

  it('flags a line no single misread explains', () => {
    const doc = readEstimate([HEADER, 'Roof shingles  30  SQ  410.00  9,990.00'].join('\n'));
    expect(doc.items[0]?.amount).toBe(9990);
    expect(doc.problems.map((p) => p.code)).toContain('unclear-lines');
    expect(doc.reconciliation?.mismatches.map((l) => l.text)).toEqual(['Roof shingles']);
  });

  it('accepts amounts rounded to the whole unit', () => {
    const doc = readEstimate([HEADER, 'Excavation  25.55964  cum  44.50  1,138'].join('\n'));
    expect(doc.items[0]?.amount).toBe(1138);
    expect(doc.problems).toEqual([]);
  });
});

describe('numbers: decided per document', () => {
  it('reads a decimal-comma document: 1.500 is fifteen hundred, 12,5 is twelve and a half', () => {
    const text = [
      'Excavación  1.500  m3  12,50  18.750,00',
      'Relleno  300,5  m3  8,00  2.404,00',
      'Total  21.154,00',
    ].join('\n');
    expect(detectDecimalComma(text)).toBe(true);
    const doc = readEstimate(text);
    expect(doc.items.map((i) => [i.quantity, i.unitCost, i.amount])).toEqual([
      [1500, 12.5, 18750],
      [300.5, 8, 2404],
    ]);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('reads space-grouped thousands in a decimal-comma document', () => {
    const doc = readEstimate(
      [
        'Maçonnerie  120,00  m2  45,50  5 460,00',
        'Enduit  200,00  m2  12,25  2 450,00',
        'Total  7 910,00',
      ].join('\n'),
    );
    expect(doc.items.map((i) => i.amount)).toEqual([5460, 2450]);
    expect(doc.itemsTotal).toBe(7910);
  });

  it('keeps 1.500 as one and a half in a decimal-point document', () => {
    const text = ['Anchor bolts  1.500  ton  2,400.00  3,600.00', 'Grout  12.25  cf  18.00  220.50'].join(
      '\n',
    );
    expect(detectDecimalComma(text)).toBe(false);
    expect(readEstimate(text).items[0]?.quantity).toBe(1.5);
  });

  it.each([
    ['1.234,56', true, 1234.56],
    ['1.500', true, 1500],
    ['1.500', false, 1.5],
    ['12,5', true, 12.5],
    ['€ 1.234,56', true, 1234.56],
  ] as const)('parseNumber(%s, decimal comma %s) = %s', (raw, comma, value) => {
    expect(parseNumber(raw.replace('€ ', '€'), comma)?.value).toBe(value);
  });

  it('reads `;`-separated rows pasted as text', () => {
    const doc = readEstimate(
      [
        'Código;Descripción;Cantidad;Unidad;Precio;Importe',
        '01;Demolición de tabiques;40;m2;9,50;380,00',
        '02;Pintura plástica;120;m2;4,25;510,00',
        '03;Fontanería baño;1;ud;1.250,00;1.250,00',
      ].join('\n'),
    );
    expect(doc.items.map((i) => [i.trade, i.amount])).toEqual([
      ['demolition', 380],
      ['painting', 510],
      ['plumbing', 1250],
    ]);
  });
});

describe('currencies', () => {
  it.each([
    ['Tiling  10  m2  €45.00  €450.00', 'EUR'],
    ['Tiling  10  m2  £45.00  £450.00', 'GBP'],
    ['Tiling  10  m2  45.000  450.000 OMR', 'OMR'],
    ['Tiling  10  m2  AED 45.00  AED 450.00', 'AED'],
    ['Tiling  10  m2  SAR 45.00  SAR 450.00', 'SAR'],
    ['Tiling  10  m2  MXN 45.00  MXN 450.00', 'MXN'],
  ])('%s → %s', (line, code) => {
    expect(readEstimate([HEADER, line].join('\n')).currency).toBe(code);
  });

  it('reads a column titled with its currency', () => {
    const doc = readEstimate(
      ['Description  Qty  Unit  Rate  Amount (OMR)', 'Tiling  10  m2  45.000  450.000'].join('\n'),
    );
    expect(doc.currency).toBe('OMR');
  });

  it('follows the place the document names when no amount carries a mark', () => {
    expect(
      readEstimate(['Dubai, United Arab Emirates', HEADER, 'Tiling  10  m2  45  450'].join('\n')).currency,
    ).toBe('AED');
  });
});
