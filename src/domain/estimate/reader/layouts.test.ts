import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument, LineDisposition } from '../types.js';

const HEADER_LINE = 'Description  Qty  Unit  Unit Cost  Amount';
const work = (doc: EstimateDocument) => doc.items.filter((i) => i.kind === 'work');
const disposition = (doc: EstimateDocument, text: RegExp): LineDisposition[] =>
  (doc.lines ?? []).filter((l) => text.test(l.text)).map((l) => l.disposition);

describe('a two-column budget with bare numbers (no currency, no header)', () => {
  const doc = readEstimate(
    [
      'Garage addition budget',
      'Foundations            14500',
      'Framing and sheathing            22750',
      'Roofing            8300',
      'Electrical rough and trim            6100',
      'Total            51650',
    ].join('\n'),
  );

  it('reads every line as work and reconciles with the stated total', () => {
    expect(work(doc).map((i) => i.amount)).toEqual([14500, 22750, 8300, 6100]);
    expect(doc.itemsTotal).toBe(51650);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.problems.map((p) => p.code)).not.toContain('no-items');
  });
});

describe('a recap by trade after the line items', () => {
  const doc = readEstimate(
    [
      'Description  Qty  Unit  Unit Cost  Amount',
      'CONCRETE',
      'Footings  20  CY  450.00  9,000.00',
      'Slab on grade  1,500  SF  6.00  9,000.00',
      'DRYWALL',
      'Hang and finish drywall  4,000  SF  2.50  10,000.00',
      'Corner bead and patching  1  LS  1,200.00  1,200.00',
      'SUMMARY BY TRADE',
      'Concrete  18,000.00',
      'Drywall  11,200.00',
      'Subcontractor markups 10%  2,920.00',
      'GRAND TOTAL  32,120.00',
    ].join('\n'),
  );

  it('counts the items once; the recap lines are set aside and the markup is a charge', () => {
    expect(doc.itemsTotal).toBe(29200);
    expect(disposition(doc, /^(?:Concrete|Drywall)$/)).toEqual(['recap', 'recap']);
    expect(doc.items.some((i) => /markup/i.test(i.description))).toBe(false);
    expect(doc.charges?.map((c) => c.amount)).toEqual([2920]);
    expect(doc.reconciliation).toMatchObject({ matches: true, chargesTotal: 2920 });
    expect(doc.reconciliation?.against?.value).toBe(32120);
  });
});

describe('a recap by trade without a title or sections', () => {
  it('is not counted on top of the items', () => {
    const doc = readEstimate(
      [
        HEADER_LINE,
        'Footings  20  CY  450.00  9,000.00',
        'Slab on grade  1,500  SF  6.00  9,000.00',
        'Hang and finish drywall  4,000  SF  2.50  10,000.00',
        'Corner bead and patching drywall  1  LS  1,200.00  1,200.00',
        'Concrete  18,000.00',
        'Drywall  11,200.00',
        'GRAND TOTAL  29,200.00',
      ].join('\n'),
    );
    expect(doc.itemsTotal).toBe(29200);
    expect(disposition(doc, /^(?:Concrete|Drywall)$/)).toEqual(['recap', 'recap']);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('a lump sum equal to other lines of its section by chance', () => {
  const doc = readEstimate(
    [
      'Description  Amount',
      'SITE WORK',
      'Silt fence  1,500.00',
      'Construction entrance  2,500.00',
      'Tree protection  4,000.00',
      'Total  8,000.00',
    ].join('\n'),
  );

  it('stays an item (it names nothing it could roll up)', () => {
    expect(work(doc).map((i) => i.amount)).toEqual([1500, 2500, 4000]);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('a bid tabulation: bidders side by side', () => {
  const text = [
    "ROAD REHAB\t\t\t\tAcme Paving\t\tBeta Builders\t\tEngineer's Estimate",
    'Item\tDescription\tQuantity\tUnits\tUnit Price\tTotal Price\tUnit Price\tTotal Price\tUnit Price\tTotal Price',
    '1\tMobilization\t1\tLS\t50000\t50000\t42000\t42000\t60000\t60000',
    '2\tAsphalt paving\t1000\tTon\t100\t100000\t95\t95000\t120\t120000',
    '\tTotal Amount Bid\t\t\t\t150000\t\t137000\t\t180000',
  ].join('\n');

  it("carries the engineer's estimate by default and lists every column with its total", () => {
    const doc = readEstimate(text);
    expect(doc.itemsTotal).toBe(180000);
    const choice = doc.choices?.find((c) => c.kind === 'bid-column');
    expect(choice?.options.map((o) => [o.label, o.total])).toEqual([
      ['Acme Paving', 150000],
      ['Beta Builders', 137000],
      ["Engineer's Estimate", 180000],
    ]);
    expect(choice?.chosen).toBe(choice?.defaultOption);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.reconciliation?.excludedTotal).toBe(150000 + 137000 + 150000 + 137000);
  });

  it('carries the column the user chooses, never a sum of bidders', () => {
    const doc = readEstimate(text, { choices: { 'bid-column': 'beta-builders' } });
    expect(doc.itemsTotal).toBe(137000);
    expect(work(doc).map((i) => i.unitCost)).toEqual([42000, 95]);
  });

  it('without an engineer column, defaults to the low bid', () => {
    const doc = readEstimate(text.replace("Engineer's Estimate", 'Gamma Corp'));
    expect(doc.itemsTotal).toBe(137000);
  });
});

describe('a bid tabulation printed with its column titles over two lines', () => {
  const doc = readEstimate(
    [
      'Item   Description            Acme Paving            Beta Builders            Engineer Estimate',
      '                          Unit      Total      Unit      Total      Unit      Total',
      '                  Qty     Price     Price      Price     Price      Price     Price',
      '1   Mobilization   1   LS   $50,000.00   $50,000.00   $42,000.00   $42,000.00   $60,000.00   $60,000.00',
      '2   Asphalt paving   1,000   TON   $100.00   $100,000.00   $95.00   $95,000.00   $120.00   $120,000.00',
      '3   Striping   2,000   LF   $1.50   $3,000.00   $2.00   $4,000.00   $1.75   $3,500.00',
      'Total Bid   $153,000.00   $141,000.00   $183,500.00',
    ].join('\n'),
  );

  it('is read as one column, never the bidders summed', () => {
    expect(doc.itemsTotal).toBe(183500);
    expect(doc.choices?.find((c) => c.kind === 'bid-column')?.options.map((o) => o.total)).toEqual([
      153000, 141000, 183500,
    ]);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('a bill of quantities with a second sheet repeating every line', () => {
  const sheet = (name: string) =>
    [
      `## Sheet: ${name}`,
      'Item\tDescription\tQty\tUnit\tRate\tAmount',
      '1\tExcavation\t100\tcum\t12.5\t1250',
      '2\tConcrete footings\t20\tcum\t180\t3600',
      '3\tBrick masonry\t50\tcum\t95\t4750',
    ].join('\n');

  it('counts the lines once', () => {
    const doc = readEstimate(`${sheet('BOQ')}\n${sheet('BOQ (2)')}`);
    expect(doc.itemsTotal).toBe(9600);
    expect(disposition(doc, /Excavation/)).toEqual(['work', 'duplicate']);
  });
});

describe('a workbook of separate estimates (house models)', () => {
  const model = (name: string, scale: number) =>
    [
      `## Sheet: ${name}`,
      'Description\tQty\tUnit\tRate\tAmount',
      `Foundations\t1\tLS\t${20000 * scale}\t${20000 * scale}`,
      `Framing\t1\tLS\t${40000 * scale}\t${40000 * scale}`,
      `Roofing\t1\tLS\t${10000 * scale}\t${10000 * scale}`,
      `Grand Total\t\t\t\t${70000 * scale}`,
    ].join('\n');
  const text = [model('Plan A', 1), model('Plan B', 2), model('Plan C', 3)].join('\n');

  it('never sums the models: without an answer it plans nothing and asks which', () => {
    const doc = readEstimate(text);
    expect(doc.itemsTotal).toBe(0);
    const choice = doc.choices?.find((c) => c.kind === 'model');
    expect(choice?.options.map((o) => [o.label, o.total])).toEqual([
      ['Plan A', 70000],
      ['Plan B', 140000],
      ['Plan C', 210000],
    ]);
    expect(choice?.defaultOption).toBeNull();
    expect(doc.problems.find((p) => p.code === 'choice-required')?.message).toMatch(/Plan A; Plan B; Plan C/);
    expect(new Set(disposition(doc, /Framing/))).toEqual(new Set(['other-model']));
  });

  it('knows models by their sheet names when the sheets state no totals', () => {
    const untotalled = text.replace(/^Grand Total.*$/gm, '');
    const doc = readEstimate(untotalled);
    expect(doc.itemsTotal).toBe(0);
    expect(doc.choices?.find((c) => c.kind === 'model')?.options.map((o) => o.total)).toEqual([
      70000, 140000, 210000,
    ]);
  });

  it('never takes the floors of one building for models', () => {
    const floors = text
      .replace(/Plan A/g, 'Ground Floor')
      .replace(/Plan B/g, 'First Floor')
      .replace(/Plan C/g, 'Second Floor');
    for (const variant of [floors, floors.replace(/^Grand Total.*$/gm, '')]) {
      const doc = readEstimate(variant);
      expect(doc.itemsTotal).toBe(70000 + 140000 + 210000);
      expect(doc.choices?.some((c) => c.kind === 'model')).toBe(false);
    }
  });

  it('plans the chosen model', () => {
    const doc = readEstimate(text, { choices: { model: 'Plan B' } });
    expect(doc.itemsTotal).toBe(140000);
    expect(doc.reconciliation).toMatchObject({ matches: true });
  });
});

describe('alternates after the total', () => {
  const text = [
    'Description  Qty  Unit  Unit Cost  Amount',
    'Kitchen cabinets  24  LF  400.00  9,600.00',
    'Quartz countertops  50  SF  80.00  4,000.00',
    'TOTAL BASE BID  13,600.00',
    'ALTERNATES',
    'Heated floor in kitchen  120  SF  15.00  1,800.00',
  ].join('\n');

  it('are not work unless chosen, and each is a choice', () => {
    const doc = readEstimate(text);
    expect(doc.itemsTotal).toBe(13600);
    expect(disposition(doc, /Heated floor/)).toEqual(['alternate']);
    const choice = doc.choices?.find((c) => c.kind === 'alternate');
    expect(choice).toMatchObject({ defaultOption: 'exclude', chosen: 'exclude' });
    expect(doc.reconciliation).toMatchObject({ matches: true, excludedTotal: 1800 });
    const included = readEstimate(text, { choices: { [choice?.key ?? '']: 'include' } });
    expect(included.itemsTotal).toBe(15400);
  });
});

describe('a Spanish budget: decimal comma, chapters, GG/BI/IVA', () => {
  const doc = readEstimate(
    [
      'CÓDIGO      RESUMEN            CANTIDAD     PRECIO       IMPORTE',
      'CAPÍTULO 01 DEMOLICIONES',
      '01.01       m2  DEMOLICIÓN DE ACERA',
      'Demolición de acera de baldosa hidráulica, con carga y transporte a vertedero.',
      '1.250,50           7,85           9.816,43',
      'TOTAL CAPÍTULO 01 DEMOLICIONES.........................      9.816,43',
      'CAPÍTULO 02 PAVIMENTOS',
      '02.01       m2  PAVIMENTO DE AGLOMERADO ASFÁLTICO',
      'Capa de rodadura de mezcla bituminosa en caliente, extendida y compactada.',
      '2.000,00           12,50           25.000,00',
      '02.02       m   BORDILLO DE HORMIGÓN',
      'Bordillo prefabricado de hormigón, colocado sobre solera.',
      '300,00           18,00            5.400,00',
      'TOTAL CAPÍTULO 02 PAVIMENTOS.........................      30.400,00',
      'TOTAL..........................      40.216,43',
      'RESUMEN DE PRESUPUESTO',
      '01            DEMOLICIONES..........            9.816,43   24,41',
      '02            PAVIMENTOS............           30.400,00   75,59',
      'PRESUPUESTO DE EJECUCIÓN MATERIAL            40.216,43',
      '13,00% Gastos generales..........................          5.228,14',
      '6,00% Beneficio industrial........................          2.412,99',
      'SUMA            47.857,56',
      '21,00% I.V.A.......................................................            10.050,09',
      'PRESUPUESTO DE EJECUCIÓN POR CONTRATA            57.907,65',
    ].join('\n'),
  );

  it('reads the numbers the document way and the items into their trades', () => {
    expect(work(doc).map((i) => [i.quantity, i.unitCost, i.amount, i.trade])).toEqual([
      [1250.5, 7.85, 9816.43, 'demolition'],
      [2000, 12.5, 25000, 'paving'],
      [300, 18, 5400, 'paving'],
    ]);
    expect(doc.currency).toBe('EUR');
  });

  it('takes PEM as the work, GG/BI/IVA as charges, the summary as a recap, PEC as the grand total', () => {
    expect(doc.itemsTotal).toBe(40216.43);
    expect(doc.charges?.map((c) => [c.percent, c.amount])).toEqual([
      [13, 5228.14],
      [6, 2412.99],
      [21, 10050.09],
    ]);
    expect(disposition(doc, /^(?:DEMOLICIONES|PAVIMENTOS)$/)).toEqual(['recap', 'recap']);
    expect(doc.grandTotal).toBe(57907.65);
    expect(doc.statedTotal).toBe(40216.43);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('an item head without figures followed by priced lines', () => {
  it('never swallows the priced lines as its description', () => {
    const doc = readEstimate(
      [
        HEADER_LINE,
        'A1   EA   Door hardware',
        'Door closer  4  EA  150.00  600.00',
        'Lever sets  6  EA  85.00  510.00',
        'Total  1,110.00',
      ].join('\n'),
    );
    expect(doc.itemsTotal).toBe(1110);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('a bill with quantity and rate on different text lines (3 decimals, no currency)', () => {
  const doc = readEstimate(
    [
      'Muscat, Sultanate of Oman',
      'Item Code     Item Name            Item Details            UOM   Quantity       Rate           Amount',
      'Bill No. 1.1   GROUND FLOOR, LOBBY   Porcelain floor tiles 600x600   m2      40',
      '12            480.000',
      'FLOOR FINISHES',
      'Bill No. 1.2   GROUND FLOOR, LOBBY   Gypsum board ceiling painted    m2     30     9',
      'CEILING',
      '270.000',
      'Total          750.000',
      'VAT         37.500',
      'G.Total          787.500',
    ].join('\n'),
  );

  it('joins each item with its rate and amount, and reads VAT as a charge', () => {
    expect(work(doc).map((i) => [i.quantity, i.unitCost, i.amount])).toEqual([
      [40, 12, 480],
      [30, 9, 270],
    ]);
    expect(doc.itemsTotal).toBe(750);
    expect(doc.chargesTotal).toBe(37.5);
    expect(doc.grandTotal).toBe(787.5);
    expect(doc.currency).toBe('OMR');
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('a summary-only bid under a summary title', () => {
  it('prices its scopes when nothing else is itemised', () => {
    const doc = readEstimate(
      ['BID SUMMARY', 'Masonry walls  $60,397.00', 'Stucco  $35,055.00', 'GRAND TOTAL  $95,452.00'].join(
        '\n',
      ),
    );
    expect(work(doc).map((i) => i.amount)).toEqual([60397, 35055]);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('every line with an amount is accounted for', () => {
  const doc = readEstimate(
    [
      'Description  Qty  Unit  Unit Cost  Amount',
      'DEMOLITION',
      'Remove kitchen cabinets  1  LS  1,850.00  1,850.00',
      'Remove flooring  220  SF  2.25  495.00',
      'Subtotal Demolition  2,345.00',
      'CONSTRUCTION SUBTOTAL  2,345.00',
      'Appliance allowance  1  AL  6,500.00  6,500.00',
      'Contingency (5%)  117.25',
      'Sales tax on materials  150.00',
      'GRAND TOTAL  $9,112.25',
    ].join('\n'),
  );

  it('gives each its disposition and reason', () => {
    expect(doc.lines?.map((l) => [l.line, l.disposition])).toEqual([
      [3, 'work'],
      [4, 'work'],
      [5, 'subtotal'],
      [6, 'total'],
      [7, 'allowance'],
      [8, 'allowance'],
      [9, 'charge'],
      [10, 'total'],
    ]);
    expect(doc.lines?.every((l) => l.reason.length > 5)).toBe(true);
    expect(doc.reconciliation?.documentTotals.map((t) => t.kind)).toEqual(['subtotal', 'work', 'grand']);
    expect(doc.reconciliation).toMatchObject({
      plannedTotal: 2345,
      allowanceTotal: 6617.25,
      chargesTotal: 150,
      matches: true,
    });
  });
});

describe('a proposal whose scopes are priced paragraphs, each wrapped over several lines', () => {
  // The scope's name sits on the amount row; its paragraph starts above it and wraps in lower case.
  const doc = readEstimate(
    [
      'SCOPE          DESCRIPTION          AMOUNT',
      'Price includes labor, equipment, copper supply lines, fixtures by owner, testing of every line,',
      'temporary caps, and cleanup of the work area at the end of every day, with trash hauled away',
      'PLUMBING      daily by our crew. Excludes: permits and fees.      $18,400.00',
      'Price includes labor, equipment, 200 A panel, branch circuits, devices and trims, and',
      'cleanup and debris removal each day from every room the crew has worked in, disposal included,',
      'ELECTRICAL      ready for the final walk-through. Excludes: fixtures.      $22,150.00',
      'TOTAL:  $40,550.00',
    ].join('\n'),
  );

  it('reads each scope by its own words, not by the clean-up its paragraph mentions on a later line', () => {
    expect(work(doc).map((i) => [i.trade, i.amount])).toEqual([
      ['plumbing', 18400],
      ['electrical', 22150],
    ]);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('keeps a paragraph whole when a long line of it goes on in lower case', () => {
    expect(work(doc)[0]?.description).toMatch(/^Price includes labor, equipment, copper .* temporary caps/);
  });
});

describe('a project title with figures in it', () => {
  const doc = readEstimate(
    [
      'Project: 12-unit townhomes, phase 2, 18 months',
      HEADER_LINE,
      'Wall framing  9600  SF  9.25  88,800.00',
      'Total  88,800.00',
    ].join('\n'),
  );

  it('names the project and is not priced as an item', () => {
    expect(doc.facts.projectName).toBe('12-unit townhomes, phase 2, 18 months');
    expect(work(doc).map((i) => i.amount)).toEqual([88800]);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});
