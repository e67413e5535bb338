import { describe, expect, it } from 'vitest';
import { readEstimate } from './read-estimate.js';

const work = (doc: ReturnType<typeof readEstimate>) => doc.items.filter((i) => i.kind === 'work');

/** A contractor's PDF: columns as runs of spaces, sections, subtotals, allowances, markups. */
const REMODEL_PDF = [
  'Summit Ridge Builders, LLC            ESTIMATE',
  '4120 Industrial Pkwy, Suite B, Columbus, OH 43228            Estimate #: 2025-0412',
  '(614) 555-0142            Date: March 14, 2025',
  'Prepared for:            Project:',
  'Daniel & Priya Whitaker            Kitchen and Hall Bath Remodel',
  '2218 Larchmont Ave, Upper Arlington, OH 43221',
  'Description            Qty   Unit        Unit Cost            Amount',
  'GENERAL CONDITIONS & PERMITS',
  'Building permit and plan review            1  LS          1,250.00            1,250.00',
  'Dumpster rental, 20 yd (2 pulls)            2  EA          525.00            1,050.00',
  'Subtotal General Conditions & Permits            2,300.00',
  'DEMOLITION',
  'Remove kitchen cabinets, counters and appliances            1  LS          1,850.00            1,850.00',
  'Remove kitchen flooring            220  SF            2.25            495.00',
  'Subtotal Demolition            2,345.00',
  'PLUMBING',
  'Rough-in plumbing, kitchen sink and dishwasher            1  LS          2,400.00            2,400.00',
  'Subtotal Plumbing            2,400.00',
  'INSULATION & DRYWALL',
  'Hang, tape and finish drywall            640  SF            2.85            1,824.00',
  'Subtotal Insulation & Drywall            1,824.00',
  'Page 1 of 2\fSummit Ridge Builders, LLC - Estimate 2025-0412 (continued)',
  'Description            Qty   Unit        Unit Cost            Amount',
  'CABINETS & COUNTERTOPS',
  'Semi-custom kitchen cabinets, installed            24  LF           385.00            9,240.00',
  'Quartz countertops, fabricated and installed            58  SF            78.00            4,524.00',
  'Subtotal Cabinets & Countertops            13,764.00',
  'CONSTRUCTION SUBTOTAL            22,633.00',
  'ALLOWANCES',
  'Appliance allowance (owner selection)            1  AL          6,500.00            6,500.00',
  'Total Allowances            6,500.00',
  'Contingency (5%)            1,131.65',
  'Sales tax on materials (7.5% of $10,000.00)            750.00',
  'GRAND TOTAL            $31,014.65',
  'Page 2 of 2',
].join('\n');

describe('readEstimate: a contractor PDF (space-separated columns)', () => {
  const doc = readEstimate(REMODEL_PDF);

  it('reads every work line with quantity, unit, unit cost and amount', () => {
    expect(work(doc).map((i) => [i.description, i.quantity, i.unit, i.unitCost, i.amount])).toEqual([
      ['Building permit and plan review', 1, 'LS', 1250, 1250],
      ['Dumpster rental, 20 yd (2 pulls)', 2, 'EA', 525, 1050],
      ['Remove kitchen cabinets, counters and appliances', 1, 'LS', 1850, 1850],
      ['Remove kitchen flooring', 220, 'SF', 2.25, 495],
      ['Rough-in plumbing, kitchen sink and dishwasher', 1, 'LS', 2400, 2400],
      ['Hang, tape and finish drywall', 640, 'SF', 2.85, 1824],
      ['Semi-custom kitchen cabinets, installed', 24, 'LF', 385, 9240],
      ['Quartz countertops, fabricated and installed', 58, 'SF', 78, 4524],
    ]);
    expect(doc.itemsTotal).toBe(22633);
  });

  it('maps lines to trades, the section heading guiding the words', () => {
    expect(work(doc).map((i) => i.trade)).toEqual([
      'permits',
      'general-conditions',
      'demolition',
      'demolition',
      'plumbing',
      'drywall',
      'cabinets-millwork',
      'countertops',
    ]);
    expect(work(doc)[6]?.section).toBe('CABINETS & COUNTERTOPS');
  });

  it('keeps allowances and contingency as budget, tax as a charge, and reads the totals', () => {
    expect(doc.items.filter((i) => i.kind === 'allowance').map((i) => [i.description, i.amount])).toEqual([
      ['Appliance allowance (owner selection)', 6500],
      ['Contingency (5%)', 1131.65],
    ]);
    expect(doc.charges?.map((c) => [c.description, c.amount])).toEqual([
      ['Sales tax on materials (7.5% of $10,000.00)', 750],
    ]);
    expect(doc.grandTotal).toBe(31014.65);
    expect(doc.statedTotal).toBe(22633);
    expect(doc.currency).toBe('USD');
    expect(doc.problems).toEqual([]);
  });

  it('reads the labelled facts, a label row taking its values from the next row', () => {
    expect(doc.facts).toEqual({
      projectName: 'Kitchen and Hall Bath Remodel',
      client: 'Daniel & Priya Whitaker',
      address: '2218 Larchmont Ave, Upper Arlington, OH 43221',
      dates: ['2025-03-14'],
    });
  });
});

describe('readEstimate: spreadsheets and csv (tab-separated rows)', () => {
  it('reads CSI divisions, cost codes and subtotals from a workbook', () => {
    const text = [
      '## Sheet: Estimate',
      'Project:\tOffice Tenant Improvement, Suite 300',
      'Client:\tBrightline Analytics, Inc.',
      'Date:\t2025-06-02',
      'Cost Code\tDescription\tQty\tUnit\tUnit Cost\tTotal',
      'DIVISION 03 - CONCRETE',
      '03 01 30\tFloor patching and leveling\t1\tLS\t6400\t6400',
      '\tSubtotal Division 03\t\t\t\t6400',
      'DIVISION 08 - OPENINGS',
      '08 11 13\tHollow metal frames, wood doors, hardware\t34\tEA\t1650\t56100',
      '\tSubtotal Division 08\t\t\t\t56100',
      'DIVISION 09 - FINISHES',
      '09 22 16\tMetal stud partitions, drywall, taped and finished\t8600\tSF\t9.50\t81700',
      '09 68 13\tCarpet tile\t1050\tSY\t42.00\t44100',
      '09 91 23\tInterior painting, walls and doors\t21000\tSF\t1.10\t23100',
      '\tSubtotal Division 09\t\t\t\t148900',
      '\tConstruction Subtotal\t\t\t\t211400',
      '\tContractor fee (4.5%)\t\t\t\t9513',
      '\tGrand Total\t\t\t\t220913',
    ].join('\n');
    const doc = readEstimate(text);
    expect(work(doc).map((i) => [i.code, i.trade, i.amount])).toEqual([
      ['03 01 30', 'concrete', 6400],
      ['08 11 13', 'windows-doors', 56100],
      ['09 22 16', 'drywall', 81700],
      ['09 68 13', 'flooring', 44100],
      ['09 91 23', 'painting', 23100],
    ]);
    expect(work(doc)[3]).toMatchObject({
      quantity: 1050,
      unit: 'SY',
      unitCost: 42,
      section: 'DIVISION 09 - FINISHES',
    });
    expect(doc.itemsTotal).toBe(211400);
    expect(doc.statedTotal).toBe(211400);
    expect(doc.grandTotal).toBe(220913);
    expect(doc.chargesTotal).toBe(9513);
    expect(doc.facts.projectName).toBe('Office Tenant Improvement, Suite 300');
    expect(doc.facts.dates).toEqual(['2025-06-02']);
  });

  it('reads a csv whose header names a division column, and prices quantity × unit price when there is no amount', () => {
    const text = [
      '## Sheet: bid',
      'bid_item\tdescription\tunit\tcontract_qty\tunit_price',
      'R-1\tTRAFFIC CONTROL FOR ROADWAY WORK\tLS\t1\t138000',
      'R-3\tFULL DEPTH PLANING PER 2-INCH DEPTH OF CUT\tSF\t228179\t0.40',
      'R-4\tHOT MIX ASPHALT (Type A ½-Inch Maximum with Medium Grading)\tTON\t3241\t164',
      'G-1\tALLOWANCE FOR PARTNERING FACILITATION AND RELATED COSTS\tAL\t1\t5000',
      'R-14\tPULL BOX TYPE I (CONTINGENCY BID ITEM)**\tEA\t10\t100',
    ].join('\n');
    const doc = readEstimate(text);
    expect(work(doc).map((i) => [i.code, i.trade, i.quantity, i.unit, i.unitCost, i.amount])).toEqual([
      ['R-1', 'site-work', 1, 'LS', 138000, 138000],
      ['R-3', 'demolition', 228179, 'SF', 0.4, 91271.6],
      ['R-4', 'paving', 3241, 'TON', 164, 531524],
      ['R-14', 'electrical', 10, 'EA', 100, 1000],
    ]);
    expect(doc.items.find((i) => i.code === 'G-1')?.kind).toBe('allowance');
    expect(doc.statedTotal).toBeNull();
    expect(doc.itemsTotal).toBe(761795.6);
  });

  it('reads a division column as the section of each row', () => {
    const text = [
      '## Sheet: ti',
      'Division\tCost Code\tDescription\tQuantity\tUnit\tUnit Cost\tTotal',
      '22 Plumbing\t22 11 16\tDomestic water and waste piping\t1\tLS\t24500.00\t24500.00',
      '22 Plumbing\t22 42 00\tPlumbing fixtures, set and connected\t14\tEA\t1150.00\t16100.00',
      '22 Plumbing\t\tSubtotal Division 22\t\t\t\t40600.00',
      '26 Electrical\t26 05 19\tPower, branch circuits and devices\t12500\tSF\t7.25\t90625.00',
      '26 Electrical\t\tSubtotal Division 26\t\t\t\t90625.00',
      '\t\tConstruction Subtotal\t\t\t\t131225.00',
    ].join('\n');
    const doc = readEstimate(text);
    expect(work(doc).map((i) => [i.section, i.trade])).toEqual([
      ['22 Plumbing', 'plumbing'],
      ['22 Plumbing', 'fixtures'],
      ['26 Electrical', 'electrical'],
    ]);
    expect(doc.itemsTotal).toBe(131225);
    expect(doc.statedTotal).toBe(131225);
  });
});

describe('readEstimate: plain text and number styles', () => {
  it('peels quantities and amounts off single-spaced lines, leaving headings with numbers alone', () => {
    const text = [
      'Phase 2',
      'Framing labor 1,800 sf @ $4.50 $8,100.00',
      'Asphalt shingles 24 SQ $2,880.00',
      'Lot 14',
      'Total $10,980.00',
    ].join('\n');
    const doc = readEstimate(text);
    expect(doc.items.map((i) => [i.description, i.quantity, i.unit, i.unitCost, i.amount, i.trade])).toEqual([
      ['Framing labor', 1800, 'sf', 4.5, 8100, 'framing'],
      ['Asphalt shingles', 24, 'SQ', 120, 2880, 'roofing'],
    ]);
    expect(doc.statedTotal).toBe(10980);
  });

  it.each([
    ['European', 'Fliesenarbeiten  45  m2  1.234,50  55.552,50\nTotal  55.552,50', 55552.5],
    ['Indian', 'Tile work  45  Sqm  Rs 1,234.50  Rs 55,552.50\nTotal  Rs 55,552.50', 55552.5],
    ['Indian lakhs', 'Tile work  Sqm  Rs 12,34,567.00\nTotal  Rs 12,34,567.00', 1234567],
  ] as const)('%s amounts', (_style, text, total) => {
    const doc = readEstimate(text);
    expect(doc.itemsTotal).toBe(total);
  });

  it.each([
    ['Subtotal', 'Subtotal  1,000.00'],
    ['Sub-total', 'Sub-total  1,000.00'],
    ['Overhead', 'Overhead 10%  100.00'],
    ['Profit', 'Profit  100.00'],
    ['OH&P', 'OH&P 15%  150.00'],
    ['Markup', 'Markup  80.00'],
    ['Sales tax', 'Sales tax 8.25%  82.50'],
    ['GST', 'GST @ 18%  180.00'],
    ['Bond', 'Performance bond  25.00'],
    ['Insurance', 'Insurance  40.00'],
    ['Prorata', 'Add Prorata Charges @ 13%  130.00'],
    ['Quality control', 'Add for Quality Control @ 1%  10.00'],
    ['Establishment', 'Add for W.C. Establishment @ 2%  20.00'],
  ] as const)('%s is not work', (_name, line) => {
    const doc = readEstimate(['Tile setting  100  SF  10.00  1,000.00', line].join('\n'));
    expect(work(doc).map((i) => i.description)).toEqual(['Tile setting']);
    expect(doc.itemsTotal).toBe(1000);
  });

  it.each([
    ['Lighting fixture allowance  1  AL  900.00  900.00'],
    ['Allowance: tenant signage at reception  6,000.00'],
    ['Owner contingency 5%  50.00'],
    ['Add for Contingencies @ 3%  30.00'],
    ['Provisional sum for rock excavation  500.00'],
  ] as const)('%s is an allowance', (line) => {
    const doc = readEstimate(['Tile setting  100  SF  10.00  1,000.00', line].join('\n'));
    expect(doc.items.filter((i) => i.kind === 'allowance')).toHaveLength(1);
    expect(doc.itemsTotal).toBe(1000);
  });

  it('states a mismatch when the items do not reach the stated total', () => {
    const doc = readEstimate(
      ['Framing  1  LS  5,000.00  5,000.00', 'Roofing  1  LS  3,000.00  3,000.00', 'Total  9,500.00'].join(
        '\n',
      ),
    );
    expect(doc.problems.map((p) => p.code)).toEqual(['total-mismatch']);
    expect(doc.problems[0]?.message).toContain('8,000');
    expect(
      readEstimate(['Framing  1  LS  5,000.00  5,000.00', 'Total  5,040.00'].join('\n')).problems,
    ).toEqual([]);
  });

  it('says when nothing could be read', () => {
    expect(
      readEstimate('Thank you for your business.\nWe look forward to working with you.').problems.map(
        (p) => p.code,
      ),
    ).toEqual(['no-items']);
  });
});

/** The layout of a Rajasthan PWD estimate workbook (general abstract, abstracts, measurements). */
const PWD = [
  '## Sheet: gen-abstract',
  'NAME OF WORK :- Construction of Staff Quarter at Rajsamand',
  'GENERAL ABSTRACT OF COST',
  "\tPART 'A'  CIVIL WORK GROUND FLOOR\t\t\t\tRs.\t64000",
  "\tPART 'B'  SANITARY & WATER SUPPLY  WORK\t\t\t\tRs.\t3000",
  '\t\t\t\t\tTOTAL Rs.\t67000',
  "\tAdd @ 7 % for Electrification On Civil Work Part 'A'",
  '\t\ti.e. on Rs.\t64000\t\tRs.\t4480',
  '\t\t\t\t\tTOTAL Rs.\t71480',
  '\tAdd for Contingencies  @ 3%\t\t\t\tRs.\t2144',
  '\tAdd Prorata  Charges @ 13%\t\t\t\t\t9292',
  '\t\t\t\tGRAND TOTAL Rs.\t\t82916',
  '\t\t\t\t\tSAY Rs.\t0.83',
  '\t\t\t\t\t\tLacs.',
  '## Sheet: GF1_ABS',
  "PART 'A'  CIVIL WORK GROUND  FLOOR",
  'ABSTRACT OF COST',
  'S.No.\tParticulars.\tQuantity\t\tRate\tUnit\tAmount',
  '1\tEarth work in excavation in foundation trenches or drains including dressing of sides and ramming of bottoms\t100\tCum\t40\tP Cum\t4000',
  '2\tProviding and laying cement concrete 1:4:8 in foundation and plinth\t20\tCum\t1000\tP Cum\t20000',
  '3\tCentering & shuttering with plywood including strutting, propping and removal of form work',
  '\t(A) For foundation in basements, rafts, footings upto plinth level\t50\tSqm\t50\tP Sqm\t2500',
  '\t(B) For suspended floors, roofs, landings and balconies\t150\tSqm\t70\tP Sqm\t10500',
  '4\tR.R. Stone masonry for super structure in cement sand mortar 1:6\t20\tCum\t800\tP Cum\t16000',
  '5\tPlaster on new surface on walls in cement sand mortar 1:6, 20 mm thick\t200\tSqm\t40\tP Sqm\t8000',
  '6\tPolished Blue Kota stone flooring laid over 20 mm thick base\t10\tSqm\t300\tP Sqm\t3000',
  '\t\t\t\tTotal \tRs.\t64000',
  '\tASSISTANT ENGINEER,\t\tEXECUTIVE  ENGINEER,',
  '## Sheet: GF1_MES',
  "PART 'A'  CIVIL WORK GROUND  FLOOR",
  'DETAILS OF MEASUREMENTS',
  'S.N.\tParticulars\tNos.\t\tLength\t\tBreadth\t\tHeight\t\tQty.\tUnits',
  '1\tEarth work in excavation in foundation trenches or drains including dressing of sides and ramming of bottoms',
  '\tFootings\t8\tx\t2.5\tx\t2.5\tx\t2\t=\t100\tCum',
  '\t\t\t\t\tTotal \t\t\t\t100\tCum',
  '## Sheet: sanitary-abs',
  "PART 'B'  SANITARY & WATER SUPPLY  WORK",
  'ABSTRACT OF COST',
  'S.No.\tParticulars.\tQuantity\t\tRate\tUnit\tAmount',
  '1\tP & F Indian Type white glazed vitreous china WC Orissa Pan\t2\tNos.\t890\tEach\t1780',
  '2\tP & F GI Pipes (Internal work) with G.I. fittings',
  'A.\t15 mm Dai nominal bore `B’ Class.\t10\tRM\t72\tP RM\t720',
  'B.\t25 mm Dai nominal bore `B’ Class\t4\tRM\t125\tP RM\t500',
  '\t\t\tTotal \t\tRs.\t3000',
].join('\n');

describe('readEstimate: a public-works estimate (general abstract, abstracts, measurement sheets)', () => {
  const doc = readEstimate(PWD);

  it('reads the abstract items once: part totals of the general abstract and measurements are not counted again', () => {
    expect(work(doc).map((i) => [i.sheet, i.code, i.amount])).toEqual([
      ['gen-abstract', null, 4480],
      ['GF1_ABS', '1', 4000],
      ['GF1_ABS', '2', 20000],
      ['GF1_ABS', '3', 2500],
      ['GF1_ABS', '3', 10500],
      ['GF1_ABS', '4', 16000],
      ['GF1_ABS', '5', 8000],
      ['GF1_ABS', '6', 3000],
      ['sanitary-abs', '1', 1780],
      ['sanitary-abs', 'A', 720],
      ['sanitary-abs', 'B', 500],
    ]);
    expect(doc.notes.some((n) => /measurement-sheet quantities/.test(n))).toBe(true);
    expect(doc.notes.some((n) => /roll up sections/.test(n))).toBe(true);
  });

  it('reads electrification as electrical work priced as a share, prorata as a charge and contingencies as an allowance', () => {
    expect(work(doc)[0]).toMatchObject({ trade: 'electrical', percent: 7, amount: 4480 });
    expect(doc.charges?.map((c) => [c.description, c.amount])).toEqual([['Add Prorata Charges @ 13%', 9292]]);
    expect(doc.items.filter((i) => i.kind === 'allowance').map((i) => i.amount)).toEqual([2144]);
    expect(doc.itemsTotal).toBe(71480);
    expect(doc.statedTotal).toBe(71480);
    expect(doc.grandTotal).toBe(82916);
    expect(doc.currency).toBe('INR');
    expect(doc.problems).toEqual([]);
  });

  it('maps the PWD vocabulary to trades, sub-items taking the words of their item', () => {
    expect(work(doc).map((i) => i.trade)).toEqual([
      'electrical',
      'excavation',
      'foundation',
      'foundation',
      'concrete',
      'masonry',
      'drywall',
      'flooring',
      'fixtures',
      'plumbing',
      'plumbing',
    ]);
    expect(work(doc)[3]?.description).toMatch(/^Centering & shuttering.* — \(A\) For foundation/);
    expect(doc.facts.projectName).toBe('Construction of Staff Quarter at Rajsamand');
  });

  it('turns #REF! totals into problems, still reads the items, and computes a broken percentage from the part it names', () => {
    const broken = PWD.replace('Rs.\t64000', 'Rs.\t#REF!')
      .replace('TOTAL Rs.\t67000', 'TOTAL Rs.\t#REF!')
      .replace('i.e. on Rs.\t64000\t\tRs.\t4480', 'i.e. on Rs.\t#REF!\t\tRs.\t#REF!')
      .replace('TOTAL Rs.\t71480', 'TOTAL Rs.\t#REF!')
      .replace('GRAND TOTAL Rs.\t\t82916', 'GRAND TOTAL Rs.\t\t#REF!')
      .replace('Total \tRs.\t64000', 'Total \tRs.\t#REF!');
    const b = readEstimate(broken);
    expect(b.statedTotal).toBeNull();
    expect(b.problems.every((p) => p.code === 'broken-total')).toBe(true);
    expect(b.problems.map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Sheet "gen-abstract", line 4: "PART 'A' CIVIL WORK GROUND FLOOR" reads #REF!/,
        ),
        expect.stringMatching(/^Sheet "gen-abstract", line 12: "GRAND TOTAL Rs\." reads #REF!/),
        expect.stringMatching(/^Sheet "GF1_ABS", line 27: "Total" reads #REF!/),
      ]),
    );
    expect(work(b).find((i) => i.trade === 'electrical')?.amount).toBe(4480);
    expect(b.itemsTotal).toBe(71480);
  });

  it('reads a measurement-only document as quantities without prices', () => {
    const m = readEstimate(PWD.split('## Sheet: GF1_MES')[1]?.split('## Sheet: sanitary-abs')[0] ?? '');
    expect(m.items.map((i) => [i.code, i.quantity, i.unit, i.amount, i.trade])).toEqual([
      ['1', 100, 'Cum', null, 'excavation'],
    ]);
    expect(m.itemsTotal).toBe(0);
  });
});

describe('readEstimate: sections', () => {
  it.each([
    ['Division 09 - Finishes', 'Interior paint, two coats  2,000  SF  1.50  3,000.00', 'painting'],
    ['09 00 00 FINISHES', 'Carpet and pad  500  SF  5.00  2,500.00', 'flooring'],
    ['DIV. 16 ELECTRICAL', 'Rough-in complete  1  LS  9,000.00  9,000.00', 'electrical'],
    ['Phase 3: Mechanical', 'Rough-in complete  1  LS  9,000.00  9,000.00', 'hvac'],
    ['PLUMBING', 'Rough-in complete  1  LS  9,000.00  9,000.00', 'plumbing'],
    ['Kitchen', 'Misc. labor  1  LS  900.00  900.00', 'other'],
  ] as const)('%s', (heading, line, trade) => {
    const doc = readEstimate([heading, line].join('\n'));
    expect(doc.items[0]?.section).toBe(heading);
    expect(doc.items[0]?.trade).toBe(trade);
  });
});
