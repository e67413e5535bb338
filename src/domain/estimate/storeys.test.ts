import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { bare, linkOf, offsets, precedes, workLine } from './plan-test-support.js';
import { sequenceByStorey } from './storey-sequence.js';
import { itemStoreys, storeyOf } from './storeys.js';

describe('storeyOf', () => {
  it.each<[string, boolean, number | null]>([
    ['GROUND FLOOR', true, 0],
    ['First Floor', true, 1],
    ['2nd floor slab', false, 2],
    ['Level 2', true, 2],
    ['L3 - Finishes', true, 3],
    ['GF1_ABS', true, 0],
    ['FF_ABS', true, 1],
    ['Basement floor', false, -1],
    // Several storeys, or none, say nothing about one.
    ['Ground floor and first floor', true, null],
    ['Brick work above plinth level up to floor five level', false, null],
    // In an item's words a "level" or an abbreviation is something else.
    ['Gypsum board, level 4 finish', false, null],
    ['Carpet 1,200 SF', false, null],
    ["PART 'B' SANITARY & WATER SUPPLY WORK", true, null],
  ])('%j (heading: %s) → %j', (text, heading, storey) => {
    expect(storeyOf(text, heading)).toBe(storey);
  });

  it('finds no floors in an estimate of one storey, and carries a heading’s storey to the items under it', () => {
    const item = (line: number, section: string | null, description = 'Brick work') =>
      workLine(line, description, section, { trade: 'masonry' });

    expect(itemStoreys([item(1, 'MASONRY'), item(2, 'GROUND FLOOR')])).toBeNull();
    const storeys = itemStoreys([
      item(1, 'SUBSTRUCTURE'),
      item(2, 'GROUND FLOOR'),
      item(3, 'Walls'),
      item(4, 'First floor'),
    ]);
    expect([...(storeys?.entries() ?? [])]).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
    ]);
  });
});

/** A three-storey building, its BOQ by floor. */
const BY_FLOOR = [
  'SUBSTRUCTURE',
  'Excavation for footings  300  CY  20.00  6,000.00',
  'Concrete footings  80  CY  300.00  24,000.00',
  'GROUND FLOOR',
  'Reinforced concrete columns, beams and slab  60  CY  450.00  27,000.00',
  'Concrete block walls  3,000  SF  14.00  42,000.00',
  'Gypsum board partitions  4,000  SF  3.00  12,000.00',
  'Painting walls  8,000  SF  1.20  9,600.00',
  'FIRST FLOOR',
  'Reinforced concrete columns, beams and slab  60  CY  450.00  27,000.00',
  'Concrete block walls  3,000  SF  14.00  42,000.00',
  'Gypsum board partitions  4,000  SF  3.00  12,000.00',
  'Painting walls  8,000  SF  1.20  9,600.00',
  'SECOND FLOOR',
  'Reinforced concrete columns, beams and slab  60  CY  450.00  27,000.00',
  'Concrete block walls  3,000  SF  14.00  42,000.00',
  'Gypsum board partitions  4,000  SF  3.00  12,000.00',
  'Painting walls  8,000  SF  1.20  9,600.00',
  'ROOF',
  'Built-up roofing  60  SQ  500.00  30,000.00',
  'MEP',
  'Plumbing rough-in  1  LS  40,000.00  40,000.00',
  'Electrical rough-in  1  LS  50,000.00  50,000.00',
].join('\n');

describe('a BOQ organised by floor', () => {
  const plan = estimateToPlan(BY_FLOOR);
  const keys = plan.packages.map((p) => p.key);

  it('plans the structure and the finishes floor by floor, the rest once for the building', () => {
    for (const trade of ['concrete', 'masonry', 'drywall', 'painting'])
      expect(keys.filter((k) => k.startsWith(`${trade}@`))).toEqual([
        `${trade}@0`,
        `${trade}@1`,
        `${trade}@2`,
      ]);
    expect(keys).toContain('foundation');
    expect(keys).toContain('roofing');
    expect(plan.packages.find((p) => p.key === 'masonry@1')?.name).toMatch(/ — First floor$/);
    expect(plan.packages.reduce((s, p) => s + p.estimatedCost, 0)).toBeCloseTo(plan.document.itemsTotal, 2);
  });

  it('starts each floor’s structure when the floor below is up, and finishes follow the floor below', () => {
    for (const [lower, upper] of [
      ['concrete@0', 'concrete@1'],
      ['concrete@1', 'concrete@2'],
      ['drywall@0', 'drywall@1'],
      ['painting@1', 'painting@2'],
    ] as const) {
      const link = linkOf(plan, lower, upper);
      expect(link?.type, `${lower} → ${upper}`).toBe('SS');
      expect(link?.reason).toMatch(/floor/);
    }
    const cycle = linkOf(plan, 'concrete@0', 'concrete@1');
    expect(cycle?.lagDays).toBe(plan.packages.find((p) => p.key === 'concrete@0')?.durationDays);
    // Each floor's masonry follows that floor's frame; the roof waits for every floor.
    expect(linkOf(plan, 'concrete@2', 'masonry@2')).toMatchObject({ type: 'SS' });
    for (const k of ['concrete@0', 'concrete@1', 'concrete@2', 'masonry@2'])
      expect(precedes(plan, k, 'roofing')).toBe(true);
  });

  it('overlaps the floors in the schedule', () => {
    const s = offsets(plan.packages, plan.links);
    expect(s.at('drywall@1').earlyStart).toBeLessThan(s.at('drywall@0').earlyFinish);
    expect(s.at('concrete@1').earlyStart).toBeGreaterThanOrEqual(s.at('concrete@0').earlyFinish);
    expect(s.at('masonry@1').earlyStart).toBeLessThan(s.at('masonry@2').earlyStart);
  });
});

describe('floor packages in any plan', () => {
  const FLOORED = ['concrete', 'masonry', 'framing', 'drywall', 'painting', 'flooring', 'tile'];
  const WHOLE = [
    'permits',
    'foundation',
    'roofing',
    'plumbing',
    'electrical',
    'inspection-rough',
    'closeout',
  ];
  it('never loop, link only what is present and explain every link', () => {
    fc.assert(
      fc.property(
        fc.subarray(FLOORED, { minLength: 1 }),
        fc.subarray([-1, 0, 1, 2, 3, 4], { minLength: 1 }),
        fc.subarray(WHOLE),
        fc.integer({ min: 0, max: 30 }),
        (floored, storeys, whole, days) => {
          const packages = [
            ...new Set(['permits', ...whole, 'closeout']),
            ...floored.flatMap((t) => storeys.map((s) => `${t}@${s}`)),
          ].map((k, i) => bare(k, (days + i) % 17));
          const links = sequenceByStorey(packages);
          const present = new Set(packages.map((p) => p.key));
          for (const l of links) {
            expect(present.has(l.from) && present.has(l.to)).toBe(true);
            expect(l.reason.length).toBeGreaterThan(10);
          }
          offsets(packages, links);
        },
      ),
      { numRuns: 200 },
    );
  });
});
