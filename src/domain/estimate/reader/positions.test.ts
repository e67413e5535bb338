import { describe, expect, it } from 'vitest';
import { estimateToPlan } from '../plan.js';
import { readEstimate } from '../read-estimate.js';

/** A tender (Leistungsverzeichnis) as a bidder receives it: contents, positions, no prices. */
const page = (n: number, body: string[]) => [
  'Muster Architekten GmbH',
  'Hauptstraße 5     50667 Köln     Tel: 0221/123456-0',
  'LEISTUNGSVERZEICHNIS',
  'OZ / Pos.-Nr.            Menge  Einheit    Einheitspreis    Gesamtbetrag',
  ...body,
  `Stand: 01.02.2025            ${n} von 4`,
];
const TENDER = [
  [
    'Muster Architekten GmbH',
    'INHALTSVERZEICHNIS',
    'OZ            Ebene            Seite',
    '1            Rohbau            2',
    '1.1            Erdarbeiten            2',
    '1.2            Beton- und Stahlbetonarbeiten            3',
    '1.3            Mauerarbeiten            4',
    'Stand: 01.02.2025            1 von 4',
  ],
  page(2, [
    '1.1        Erdarbeiten',
    '1.1.1      Baugrube ausheben',
    'Boden der Klasse 3-5 lösen, laden und abfahren, Tiefe bis 3,50 m,',
    'Böschung 60°, nach DIN 18300.',
    '420,000  m³',
    '1.1.2      Arbeitsraum verfüllen',
    'Mit Kies 0/32 lagenweise verdichten, Dpr 98 %.',
    '120   m³',
    'Eventualpos. ohne GP',
  ]),
  page(3, [
    '1.2        Beton- und Stahlbetonarbeiten',
    '1.2.1      Stb-Bodenplatte C30/37, 30 cm',
    'Betongüte C30/37, Expositionsklasse XC4, Dicke 30 cm.',
    '185   m²',
    '1.2.2      Betonstahl BSt 500 S',
    'liefern, schneiden, biegen und verlegen.',
    '14,5   t',
    '1.2.3      Stundenlohnarbeiten Helfer',
    '1,000  Std.            NEP',
  ]),
  page(4, [
    '1.3        Mauerarbeiten',
    '1.3.1      Kalksandstein-Mauerwerk 17,5 cm',
    'KS 20-1,8, Mörtelgruppe III, Wandhöhe bis 2,75 m.',
    '96   m²',
    'Grundposition',
    '1.3.2      Porenbeton-Mauerwerk 17,5 cm',
    'Fabrikat/Typ: Muster/ Nr. 4050.1',
    '96   m²',
    'Alternativposition',
    '1.3        Mauerarbeiten            Summe:',
  ]),
]
  .map((lines) => lines.join('\n'))
  .join('\f');

describe('a tender without prices (Leistungsverzeichnis)', () => {
  const doc = readEstimate(TENDER);

  it('reads each position from its number to its quantity line, long text and all', () => {
    expect(doc.items.map((i) => [i.code, i.description, i.quantity, i.unit])).toEqual([
      ['1.1.1', 'Baugrube ausheben', 420, 'm³'],
      ['1.2.1', 'Stb-Bodenplatte C30/37, 30 cm', 185, 'm²'],
      ['1.2.2', 'Betonstahl BSt 500 S', 14.5, 't'],
      ['1.3.1', 'Kalksandstein-Mauerwerk 17,5 cm', 96, 'm²'],
    ]);
    expect(doc.items.every((i) => i.amount === null)).toBe(true);
    expect(doc.itemsTotal).toBe(0);
  });

  it('takes the title a position extends as its section, and the trades from the German words', () => {
    expect(doc.items.map((i) => [i.section, i.trade])).toEqual([
      ['Erdarbeiten', 'excavation'],
      ['Beton- und Stahlbetonarbeiten', 'concrete'],
      ['Beton- und Stahlbetonarbeiten', 'concrete'],
      ['Mauerarbeiten', 'masonry'],
    ]);
  });

  it('reads no page of the contents, and no figure of the long texts, as an amount', () => {
    expect(doc.lines ?? []).toEqual([]);
    expect(doc.notes.join(' ')).toMatch(/quantities without prices/);
  });

  it('plans the measured trades at no cost', () => {
    const plan = estimateToPlan(TENDER);
    const trades = new Set(plan.packages.map((p) => p.trade));
    for (const trade of ['excavation', 'concrete', 'masonry'] as const) expect(trades).toContain(trade);
    expect(plan.packages.reduce((sum, p) => sum + p.estimatedCost, 0)).toBe(0);
  });
});

describe('the same tender priced by a bidder', () => {
  const priced = TENDER.replace('420,000  m³', '420,000  m³   18,50   7.770,00')
    .replace('185   m²', '185   m²   95,00   17.575,00')
    .replace('14,5   t', '14,5   t   1.450,00   21.025,00')
    .replace('96   m²\nGrundposition', '96   m²   62,00   5.952,00\nGrundposition')
    .replace('96   m²\nAlternativposition', '96   m²   58,00   5.568,00\nAlternativposition');

  it('reads the unit price and total on the quantity line; contingent and alternative positions stay out', () => {
    const doc = readEstimate(priced);
    expect(doc.items.map((i) => [i.code, i.unitCost, i.amount])).toEqual([
      ['1.1.1', 18.5, 7770],
      ['1.2.1', 95, 17575],
      ['1.2.2', 1450, 21025],
      ['1.3.1', 62, 5952],
    ]);
    expect(doc.itemsTotal).toBe(52322);
    const alternative = (doc.lines ?? []).find((l) => l.amount === 5568);
    expect(alternative?.disposition).toBe('alternate');
  });
});
