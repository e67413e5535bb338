import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { readEstimate } from './read-estimate.js';

const lines = (...rows: string[]) => rows.join('\n');
const keysOf = (text: string) => estimateToPlan(text).packages.map((p) => p.key);
const HEAD = 'Description            Qty   Unit        Unit Cost            Amount';

describe('permits and typical lead times only when the estimate or the job calls for them', () => {
  it('a repaint (no work a permit covers) gets no permit task', () => {
    const keys = keysOf(
      lines(
        HEAD,
        'Hang, tape and finish drywall            640  SF            2.85            1,824.00',
        'Interior painting            1  LS          3,000.00            3,000.00',
      ),
    );
    expect(keys).not.toContain('permits');
    expect(keys).toContain('punch-list');
  });

  it('a new home gets its permit review and the furnace ordered ahead', () => {
    const keys = keysOf(
      lines(
        'Project: New home, 2,400 sf',
        HEAD,
        'Wall and roof framing            2400  SF            9.25            22,200.00',
        'Gas furnace and condenser            1  LS          9,000.00            9,000.00',
      ),
    );
    expect(keys).toContain('permits');
    expect(keys).toContain('procure-hvac');
  });

  it('a furnace repair gets neither a permit task nor a 30-day order', () => {
    const keys = keysOf(
      lines(
        'Project: Furnace repair',
        HEAD,
        'Repair gas furnace, replace igniter            1  LS          900.00            900.00',
      ),
    );
    expect(keys).not.toContain('permits');
    expect(keys.some((k) => k.startsWith('procure-'))).toBe(false);
  });

  it('a repair whose estimate prices the permit fee gets the permit review', () => {
    const keys = keysOf(
      lines(
        'Project: Sewer lateral repair',
        HEAD,
        'Repair sewer lateral            40  LF          120.00            4,800.00',
        'Building permit fee            1  LS          350.00            350.00',
      ),
    );
    expect(keys).toContain('permits');
  });

  it('a maintenance contract ends with its term: no final inspection, punch list or closeout', () => {
    const plan = estimateToPlan(
      lines(
        'Project: HVAC preventive maintenance agreement, 12 months',
        HEAD,
        'Quarterly filter change and coil cleaning            4  EA          450.00            1,800.00',
        'Annual boiler service            1  LS          1,200.00            1,200.00',
      ),
    );
    const keys = plan.packages.map((p) => p.key);
    for (const key of ['inspection-final', 'punch-list', 'closeout']) expect(keys).not.toContain(key);
    expect(plan.notes.join(' ')).toMatch(/without .*punch list.*: the job is a service/);
  });
});

const MASONRY_SUB = lines(
  'BID SUMMARY        Bid Date: 3.2.26',
  'Ridgeline Masonry LLC            Company: Northgate General Contractors',
  'SCOPE            DESCRIPTION            AMOUNT',
  'CMU    8" CMU walls, grout and reinforcing at the warehouse, labor and equipment      $84,500.00',
  'BRICK    Modular face brick veneer, ties, weeps and mortar net      $41,200.00',
  'GRAND TOTAL:  $125,700.00',
  'GC is to provide all necessary utilities, dumpster and a clear site.',
  'Exclusions: permits, flashing, sealants, site work, general conditions.',
);

const LUMBER_QUOTE = lines(
  'CASCADE LUMBER SUPPLY - QUOTATION',
  'Sold to: Harbor Homes            Ship to: 14 Elm St',
  'SKU      Description      Qty   Unit   Price   Ext. Price',
  '204008    2x4x8 SPF stud    600   EA    4.25    2,550.00',
  '212160    2x12x16 DF joist    40   EA    38.00    1,520.00',
  '470034    3/4 T&G OSB subfloor    90   EA    32.00    2,880.00',
  '   Lead time: 3 weeks',
  'Total    6,950.00',
);

describe("a subcontractor's scope or a supplier's quote plans only its own scope", () => {
  it("reads a masonry sub's bid summary as a subcontractor's scope and plans its masonry only", () => {
    expect(readEstimate(MASONRY_SUB).kind).toBe('subcontractor-scope');
    const plan = estimateToPlan(MASONRY_SUB);
    expect(new Set(plan.packages.map((p) => p.trade))).toEqual(new Set(['masonry']));
    expect(plan.notes.join(' ')).toMatch(/subcontractor's scope/);
  });

  it("reads a lumber supplier's quote with SKUs as a supplier's quote: its materials and their stated delivery", () => {
    expect(readEstimate(LUMBER_QUOTE).kind).toBe('supplier-quote');
    const plan = estimateToPlan(LUMBER_QUOTE);
    const keys = plan.packages.map((p) => p.key);
    for (const gc of [
      'permits',
      'site-work',
      'general-conditions',
      'inspection-final',
      'punch-list',
      'closeout',
    ])
      expect(keys, gc).not.toContain(gc);
    expect(plan.packages.filter((p) => !p.isProcurement).map((p) => p.trade)).toEqual(['framing']);
    const order = plan.packages.find((p) => p.isProcurement);
    expect(order?.durationDays).toBe(15);
  });

  it('still reads an estimate of the whole job as an estimate', () => {
    const text = lines(
      HEAD,
      'Concrete footings            20  CY          450.00            9,000.00',
      'Wall framing            2400  SF            9.25            22,200.00',
      'Roofing shingles            24  SQ          400.00            9,600.00',
      'Drywall            6000  SF            2.50            15,000.00',
    );
    expect(readEstimate(text).kind).toBe('estimate');
    expect(keysOf(text)).toEqual(expect.arrayContaining(['permits', 'punch-list', 'closeout']));
  });
});
