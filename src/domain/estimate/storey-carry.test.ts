import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { offsets, precedes, workLine } from './plan-test-support.js';
import { itemStoreys, namesNoFloor } from './storeys.js';

const item = (line: number, description: string, section: string | null, sheet?: string) =>
  workLine(line, description, section, sheet ? { sheet } : {});

describe('what carries a storey and what breaks the carry', () => {
  it('carries a storey heading down through the trade headings and items under it', () => {
    const storeys = itemStoreys([
      item(1, 'Concrete columns', 'GROUND FLOOR'),
      item(2, 'Concrete columns', 'FIRST FLOOR'),
      item(3, 'Block walls', 'Masonry'),
      item(4, 'RCC roof slab 150 mm', 'Concrete'),
      item(5, 'Exterior wall plaster', 'Plaster'),
    ]);
    expect([...(storeys?.values() ?? [])]).toEqual([0, 1, 1, 1, 1]);
  });

  it.each([
    ['an item on the roof', 'Rooftop HVAC unit, 10 ton', 'Mechanical'],
    ['a roof-mounted unit', 'Roof-mounted exhaust fan', null],
    ['a packaged unit by its abbreviation', 'Packaged RTU-1 with curb', null],
    ['a section of the roof', 'Membrane flashing at curbs', 'ROOF'],
    ['a section of site work', 'Site lighting poles', 'SITE WORK'],
    ['a section of the outside', 'Planters and benches', 'EXTERNAL WORKS'],
    ['parking', 'Parking lot striping and stops', null],
    ['the whole building', 'Fire sprinkler system for the whole building', 'Fire protection'],
    ['the elevator penthouse', 'Elevator penthouse enclosure', null],
  ])('breaks it for %s', (_name, description, section) => {
    const storeys = itemStoreys([
      item(1, 'Concrete columns', 'SECOND FLOOR'),
      item(2, 'Concrete columns', 'THIRD FLOOR'),
      item(3, description, section),
      item(4, 'Gypsum board partitions', 'FOURTH FLOOR'),
    ]);
    expect([...(storeys?.values() ?? [])]).toEqual([2, 3, null, 4]);
  });

  it('breaks it for a sheet of no floor, and an item naming its own floor still has it', () => {
    const storeys = itemStoreys([
      item(1, 'Concrete columns', null, 'Level 1'),
      item(2, 'Concrete columns', null, 'Level 2'),
      item(3, 'Landscaping', null, 'Site'),
      item(4, 'Parking lot paving, ground floor', 'Site'),
    ]);
    expect([...(storeys?.values() ?? [])]).toEqual([1, 2, null, 0]);
  });

  it('reads place words narrowly in an item: a floor’s roof slab and exterior walls are that floor’s', () => {
    expect(namesNoFloor('RCC roof slab 150 mm thick')).toBe(false);
    expect(namesNoFloor('Exterior wall plaster')).toBe(false);
    expect(namesNoFloor('Rooftop unit')).toBe(true);
    expect(namesNoFloor('ROOF', true)).toBe(true);
    expect(namesNoFloor('Walls', true)).toBe(false);
  });
});

/** A three-storey office, HVAC priced floor by floor, then a rooftop unit listed after the third floor. */
const floor = (name: string) => [
  name,
  'Wood framing walls and floor  6,000  SF  8.00  48,000.00',
  'HVAC ductwork rough-in  1  LS  18,000.00  18,000.00',
  'Gypsum board partitions  8,000  SF  3.00  24,000.00',
  'Painting walls  16,000  SF  1.00  16,000.00',
];
const OFFICE = [
  'Description  Qty  Unit  Unit Cost  Amount',
  'SUBSTRUCTURE',
  'Concrete footings  80  CY  300.00  24,000.00',
  ...floor('FIRST FLOOR'),
  ...floor('SECOND FLOOR'),
  ...floor('THIRD FLOOR'),
  'Rooftop HVAC unit with curb  1  EA  65,000.00  65,000.00',
  'ROOF',
  'Asphalt shingle roofing  70  SQ  450.00  31,500.00',
].join('\n');

describe('a rooftop unit listed after the third floor', () => {
  const plan = estimateToPlan(OFFICE);
  const pkg = (key: string) => plan.packages.find((p) => p.key === key);
  const rooftopLine = plan.document.items.find((i) => /Rooftop/.test(i.description))?.line;

  it('is not third-floor work: it is HVAC for the whole building', () => {
    expect(pkg('hvac@3')?.estimatedCost).toBe(18_000);
    expect(pkg('hvac@3')?.sourceLines).not.toContain(rooftopLine);
    expect(pkg('hvac')?.sourceLines).toEqual([rooftopLine]);
    expect(pkg('hvac')?.name).toMatch(/ — roof, site and whole building$/);
    expect(plan.packages.reduce((s, p) => s + p.estimatedCost, 0)).toBeCloseTo(plan.document.itemsTotal, 2);
  });

  it('still plans the floors’ HVAC per floor, and sequences the building-wide part with them', () => {
    expect(['hvac@1', 'hvac@2', 'hvac@3'].every((k) => pkg(k))).toBe(true);
    expect(precedes(plan, 'framing@1', 'hvac')).toBe(true);
    expect(plan.links.filter((l) => l.from === 'hvac' || l.to === 'hvac').length).toBeGreaterThan(1);
    expect(() => offsets(plan.packages, plan.links)).not.toThrow();
  });
});
