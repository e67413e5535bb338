import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';

const TAB_HEADER = 'Description\tQty\tUnit\tUnit Cost\tAmount';
const HEADER = 'Description  Qty  Unit  Unit Cost  Amount';
const currencyOf = (...lines: string[]) => readEstimate(lines.join('\n')).currency;

describe('currency from the marks on the amounts in a spreadsheet’s cells', () => {
  it.each([
    ['$2.50', '$2,500.00', 'USD'],
    ['2,50 €', '2.500,00 €', 'EUR'],
    ['£2.50', '£2,500.00', 'GBP'],
    ['₹2.50', '₹2,500.00', 'INR'],
    ['Rs. 2.50', 'Rs. 2,500.00', 'INR'],
    ['MX$2.50', 'MX$2,500.00', 'MXN'],
  ])('%s / %s → %s', (rate, amount, code) => {
    expect(
      currencyOf(TAB_HEADER, `Hang drywall\t1000\tSF\t${rate}\t${amount}`, 'Paint walls\t10\tSF\t5\t50'),
    ).toBe(code);
  });

  it('reads the amounts, not the words: the figures are the same with or without their marks', () => {
    const marked = readEstimate([TAB_HEADER, 'Hang drywall\t1000\tSF\t$2.50\t$2,500.00'].join('\n'));
    const bare = readEstimate([TAB_HEADER, 'Hang drywall\t1000\tSF\t2.50\t2,500.00'].join('\n'));
    expect(marked.items.map((i) => i.amount)).toEqual(bare.items.map((i) => i.amount));
    expect(bare.currency).toBeNull();
  });
});

describe('a bare $ never overrides a dollar currency the document states', () => {
  it.each([
    ['a code on the amounts', [HEADER, 'Hang drywall  1000  SF  MXN $2.50  MXN $2,500.00'], 'MXN'],
    [
      'a money column titled with its code',
      [
        'Description  Qty  Unit  Rate  Amount (CAD)',
        'Hang drywall  1000  SF  $2.50  $2,500.00',
        'Paint  10  SF  $5.00  $50.00',
      ],
      'CAD',
    ],
    [
      'a currency note',
      [
        'All prices in AUD, GST excluded',
        HEADER,
        'Hang drywall  1000  SF  $2.50  $2,500.00',
        'Paint  10  SF  $5.00  $50.00',
      ],
      'AUD',
    ],
    [
      'a dollar sign that says whose',
      [HEADER, 'Hang drywall  1000  SF  C$2.50  C$2,500.00', 'Paint  10  SF  $5.00  $50.00'],
      'CAD',
    ],
  ] as const)('%s', (_name, lines, code) => {
    expect(currencyOf(...lines)).toBe(code);
  });

  it('a code that is not a currency there (a cost code, a drafting service) states nothing', () => {
    expect(
      currencyOf(
        HEADER,
        'Drafting (CAD)  40  HR  $95.00  $3,800.00',
        'Hang drywall  1000  SF  $2.50  $2,500.00',
        'Cost codes\tCAD\t142200',
      ),
    ).toBe('USD');
  });
});

describe('a document whose amounts disagree', () => {
  it('is not decided by the marks when none dominates', () => {
    expect(
      currencyOf(HEADER, 'Hang drywall  1000  SF  $2.50  $2,500.00', 'Paint walls  100  SF  €1.00  €100.00'),
    ).toBeNull();
  });

  it('follows the one that dominates', () => {
    expect(
      currencyOf(
        HEADER,
        'Hang drywall  1000  SF  $2.50  $2,500.00',
        'Paint walls  100  SF  $1.00  $100.00',
        'Imported tile  100  SF  €1.00  100.00',
      ),
    ).toBe('USD');
  });

  it('falls back to the place it names', () => {
    expect(
      currencyOf(
        'Fit-out, Muscat, Oman',
        HEADER,
        'Hang drywall  1000  SF  $2.50  $2,500.00',
        'Paint walls  100  SF  €1.00  €100.00',
      ),
    ).toBe('OMR');
  });
});
