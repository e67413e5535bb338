import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { bare, linkOf, offsets, workLine } from './plan-test-support.js';
import { sequenceByStorey } from './storey-sequence.js';
import { areaOf, itemParts, partKey } from './storeys.js';

describe('areaOf', () => {
  it.each<[string, string | null]>([
    ['BUILDING A', 'Building A'],
    ['Bldg. B - Interiors', 'Building B'],
    ['Wing B', 'Wing B'],
    ['BLOCK 2', 'Block 2'],
    ['Area 3', 'Area 3'],
    ['Zone North', 'Zone North'],
    ['North wing', 'North Wing'],
    // Several areas, or none, say nothing about one.
    ['Wing A and Wing B', null],
    ['BLOCK WORK', null],
    ['Common areas', null],
    ['Finishes', null],
  ])('%j → %j', (text, area) => {
    expect(areaOf(text)).toBe(area);
  });
});

describe('itemParts: areas of one level', () => {
  const item = workLine;

  it('numbers the areas in the order the document lists them and carries them like storeys', () => {
    const parts = itemParts([
      item(1, 'Mobilization', 'GENERAL'),
      item(2, 'Framing', 'WING C'),
      item(3, 'Drywall', 'Finishes'),
      item(4, 'Framing', 'WING A'),
      item(5, 'Landscaping at the entry', 'Finishes'),
    ]);
    expect([...(parts?.values() ?? [])]).toEqual([
      null,
      { storey: 0, area: 'Wing C' },
      { storey: 0, area: 'Wing C' },
      { storey: 1, area: 'Wing A' },
      null,
    ]);
  });

  it('reads floors first: an estimate by floor is planned by floor', () => {
    const parts = itemParts([
      item(1, 'Framing', 'GROUND FLOOR - WING A'),
      item(2, 'Framing', 'FIRST FLOOR - WING A'),
    ]);
    expect([...(parts?.values() ?? [])].map((p) => p?.area)).toEqual([null, null]);
  });

  it('finds no areas in an estimate of one area, or in items’ own words', () => {
    expect(
      itemParts([item(1, 'Framing', 'WING A'), item(2, 'Area drains, block 2 walls', 'Plumbing')]),
    ).toBeNull();
  });
});

/** One wing of a single-storey clinic: framing, services, ceilings and finishes. */
const wing = (name: string) => [
  name,
  'Wood framing walls  6,000  SF  8.00  48,000.00',
  'Plumbing rough-in  1  LS  12,000.00  12,000.00',
  'HVAC ductwork rough-in  1  LS  18,000.00  18,000.00',
  'Electrical rough-in  1  LS  15,000.00  15,000.00',
  'Gypsum board partitions  8,000  SF  3.00  24,000.00',
  'Painting walls  16,000  SF  1.00  16,000.00',
  'Suspended ceiling grid  5,000  SF  2.00  10,000.00',
  'Acoustical ceiling tile  5,000  SF  1.50  7,500.00',
];
const CLINIC = [
  'Description  Qty  Unit  Unit Cost  Amount',
  'SITE WORK',
  'Concrete slab on grade  10,000  SF  6.00  60,000.00',
  ...wing('ZONE NORTH'),
  ...wing('ZONE SOUTH'),
  ...wing('ZONE EAST'),
  'ROOF',
  'Asphalt shingle roofing  120  SQ  450.00  54,000.00',
].join('\n');

describe('a one-storey building estimated by zone: services, ceilings and finishes per zone', () => {
  const plan = estimateToPlan(CLINIC);
  const keys = plan.packages.map((p) => p.key);
  const zones = ['a0-zone-north', 'a1-zone-south', 'a2-zone-east'];

  it('plans each trade a package per zone, in the document’s order, with the zone in its name', () => {
    for (const trade of [
      'framing',
      'plumbing',
      'hvac',
      'electrical',
      'drywall',
      'painting',
      'ceiling-grid',
      'ceiling-tile',
    ])
      expect(
        keys.filter((k) => k.startsWith(`${trade}@`)),
        trade,
      ).toEqual(zones.map((z) => `${trade}@${z}`));
    expect(plan.packages.find((p) => p.key === 'drywall@a1-zone-south')?.name).toMatch(/ — Zone South$/);
    expect(plan.packages.reduce((s, p) => s + p.estimatedCost, 0)).toBeCloseTo(plan.document.itemsTotal, 2);
  });

  it("roughs in each zone once that zone's framing is up, and calls its inspection there", () => {
    for (const z of zones) {
      const link = linkOf(plan, `framing@${z}`, `hvac@${z}`);
      expect(link, z).toMatchObject({ type: 'FS' });
      expect(link?.reason).toMatch(/rough-in in Zone \w+ starts once Zone \w+'s framing is up/);
      expect(keys).toContain(`inspection-rough@${z}`);
    }
  });

  it('moves each crew from zone to zone with an overlap, framing included (one level carries nothing)', () => {
    for (const trade of ['framing', 'drywall']) {
      const link = linkOf(plan, `${trade}@a0-zone-north`, `${trade}@a1-zone-south`);
      const first = plan.packages.find((p) => p.key === `${trade}@a0-zone-north`);
      expect(link, trade).toMatchObject({ type: 'SS' });
      expect(link?.lagDays).toBeLessThan(first?.durationDays ?? 0);
      expect(link?.reason).toMatch(/moves on to Zone South .* after starting in Zone North/);
    }
    const engine = offsets(plan.packages, plan.links);
    const north = engine.at('drywall@a0-zone-north');
    expect(engine.at('drywall@a1-zone-south').earlyStart).toBeLessThan(north.earlyFinish);
  });
});

describe('area packages, and building-wide parts of floored trades, in any plan', () => {
  const PARTED = ['concrete', 'framing', 'hvac', 'electrical', 'drywall', 'painting', 'ceiling-grid'];
  const AREAS = ['Wing A', 'Wing B', 'Zone North', 'Block 2'];
  it('never loop, link only what is present and explain every link', () => {
    fc.assert(
      fc.property(
        fc.subarray(PARTED, { minLength: 1 }),
        fc.subarray(AREAS, { minLength: 1 }),
        fc.subarray(PARTED),
        fc.boolean(),
        fc.integer({ min: 0, max: 30 }),
        (parted, areas, buildingWide, byFloor, days) => {
          const part = (i: number) => ({ storey: i, area: byFloor ? null : (areas[i] as string) });
          const packages = [
            ...new Set(['permits', 'roofing', ...buildingWide.filter((t) => parted.includes(t)), 'closeout']),
            ...parted.flatMap((t) => areas.map((_, i) => partKey(t, part(i)))),
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
