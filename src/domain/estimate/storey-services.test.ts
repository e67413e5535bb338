import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { bare, linkOf, offsets, precedes } from './plan-test-support.js';
import { sequenceByStorey } from './storey-sequence.js';

/** One floor of a framed office building: structure, services roughed in and trimmed, ceilings, finishes. */
const floor = (name: string, note: string[] = []) => [
  name,
  'Wood framing walls and floor  6,000  SF  8.00  48,000.00',
  'Plumbing rough-in  1  LS  12,000.00  12,000.00',
  'HVAC ductwork rough-in  1  LS  18,000.00  18,000.00',
  'Electrical rough-in  1  LS  15,000.00  15,000.00',
  'Batt insulation  6,000  SF  1.20  7,200.00',
  'Gypsum board partitions  8,000  SF  3.00  24,000.00',
  'Painting walls  16,000  SF  1.00  16,000.00',
  'Suspended ceiling grid  5,000  SF  2.00  10,000.00',
  'Light fixtures  60  EA  250.00  15,000.00',
  ...note,
  'Acoustical ceiling tile  5,000  SF  1.50  7,500.00',
  'Plumbing fixtures  1  LS  9,000.00  9,000.00',
  'Carpet tile  500  SY  40.00  20,000.00',
];
const OFFICE = [
  'Description  Qty  Unit  Unit Cost  Amount',
  'SUBSTRUCTURE',
  'Concrete footings  80  CY  300.00  24,000.00',
  ...floor('GROUND FLOOR', ['Lead time 10-12 weeks']),
  ...floor('FIRST FLOOR'),
  ...floor('SECOND FLOOR'),
  'ROOF',
  'Asphalt shingle roofing  70  SQ  450.00  31,500.00',
].join('\n');

describe('a framed building estimated floor by floor: services and ceilings follow each floor', () => {
  const plan = estimateToPlan(OFFICE);
  const keys = plan.packages.map((p) => p.key);
  const floors = [0, 1, 2];

  it('plans rough-in, trim and ceilings a package per floor, costs unchanged', () => {
    for (const trade of [
      'plumbing',
      'hvac',
      'electrical',
      'electrical-trim',
      'ceiling-grid',
      'ceiling-tile',
      'fixtures',
    ])
      expect(
        keys.filter((k) => k.startsWith(`${trade}@`)),
        trade,
      ).toEqual(floors.map((f) => `${trade}@${f}`));
    expect(plan.packages.find((p) => p.key === 'hvac@1')?.name).toMatch(/ — First floor$/);
    expect(plan.packages.reduce((s, p) => s + p.estimatedCost, 0)).toBeCloseTo(plan.document.itemsTotal, 2);
  });

  it("roughs in each floor once that floor's framing is up, and says so", () => {
    for (const f of floors)
      for (const trade of ['plumbing', 'hvac', 'electrical']) {
        const link = linkOf(plan, `framing@${f}`, `${trade}@${f}`);
        expect(link, `framing@${f} → ${trade}@${f}`).toMatchObject({ type: 'FS' });
        expect(link?.reason).toMatch(/rough-in on the .*floor starts once the .*floor's framing is up/);
      }
  });

  it('trims each floor out after that floor is painted, with the floor in the reason', () => {
    for (const f of floors) {
      const link = linkOf(plan, `painting@${f}`, `electrical-trim@${f}`);
      expect(link?.reason, `painting@${f} → electrical-trim@${f}`).toMatch(/painted walls, on the .*floor$/);
      expect(precedes(plan, `painting@${f}`, `fixtures@${f}`)).toBe(true);
    }
  });

  it('runs the ceiling chain on each floor: above-ceiling inspection → grid → light fixtures → tile', () => {
    for (const f of floors) {
      expect(keys).toContain(`inspection-above-ceiling@${f}`);
      expect(linkOf(plan, `inspection-above-ceiling@${f}`, `ceiling-grid@${f}`)).toBeDefined();
      expect(linkOf(plan, `ceiling-grid@${f}`, `electrical-trim@${f}`)).toBeDefined();
      expect(linkOf(plan, `electrical-trim@${f}`, `ceiling-tile@${f}`)).toBeDefined();
      expect(precedes(plan, `hvac@${f}`, `inspection-above-ceiling@${f}`)).toBe(true);
    }
    expect(keys).not.toContain('inspection-above-ceiling');
    // The lowest floor's ceiling is closed while the top floor's grid is still going up.
    const s = offsets(plan.packages, plan.links);
    expect(s.at('ceiling-tile@0').earlyStart).toBeLessThan(s.at('ceiling-grid@2').earlyFinish);
    expect(s.at('drywall@0').earlyStart).toBeLessThan(s.at('electrical@2').earlyFinish);
  });

  it('orders the goods once for the building, before the lowest floor needs them', () => {
    const procure = plan.packages.filter((p) => p.isProcurement).map((p) => p.key);
    expect(procure).toContain('procure-electrical-trim');
    expect(procure.every((k) => !k.includes('@'))).toBe(true);
    expect(linkOf(plan, 'procure-electrical-trim', 'electrical-trim@0')).toMatchObject({ type: 'FS' });
  });
});

describe('a services section priced once after the floors', () => {
  it('stays one package for the building', () => {
    const plan = estimateToPlan(
      [
        'GROUND FLOOR',
        'Concrete block walls  3,000  SF  14.00  42,000.00',
        'Painting walls  8,000  SF  1.20  9,600.00',
        'FIRST FLOOR',
        'Concrete block walls  3,000  SF  14.00  42,000.00',
        'Painting walls  8,000  SF  1.20  9,600.00',
        'MEP',
        'Plumbing rough-in  1  LS  40,000.00  40,000.00',
        'Electrical rough-in  1  LS  50,000.00  50,000.00',
      ].join('\n'),
    );
    const keys = plan.packages.map((p) => p.key);
    expect(keys).toContain('plumbing');
    expect(keys).toContain('electrical');
    expect(keys.filter((k) => k.startsWith('masonry@'))).toEqual(['masonry@0', 'masonry@1']);
  });
});

describe('services and ceilings on floors in any plan', () => {
  const FLOORED = [
    'framing',
    'concrete',
    'plumbing',
    'hvac',
    'electrical',
    'insulation',
    'inspection-rough',
    'drywall',
    'painting',
    'inspection-above-ceiling',
    'ceiling-grid',
    'electrical-trim',
    'hvac-trim',
    'ceiling-tile',
    'fixtures',
    'flooring',
  ];
  it('never loop and explain every link', () => {
    fc.assert(
      fc.property(
        fc.subarray(FLOORED, { minLength: 2 }),
        fc.subarray([-1, 0, 1, 2, 3], { minLength: 1 }),
        fc.subarray(['roofing', 'low-voltage', 'fire-protection', 'test-balance']),
        fc.integer({ min: 0, max: 30 }),
        (floored, storeys, whole, days) => {
          const packages = [
            ...new Set(['permits', ...whole, 'inspection-final', 'closeout']),
            ...floored.flatMap((t) => storeys.map((s) => `${t}@${s}`)),
          ].map((k, i) => bare(k, k.startsWith('inspection') ? 0 : (days + i) % 17));
          const links = sequenceByStorey(packages);
          const present = new Set(packages.map((p) => p.key));
          for (const l of links) {
            expect(present.has(l.from) && present.has(l.to)).toBe(true);
            expect(l.reason.length).toBeGreaterThan(10);
            expect(l.reason.length).toBeLessThanOrEqual(300);
          }
          offsets(packages, links);
        },
      ),
      { numRuns: 60 },
    );
  });
});
