import { describe, expect, it } from 'vitest';
import { routeLine } from './line-routes.js';
import { estimateToPlan } from './plan.js';
import { CABINET_SHARE, CEILING_GRID_SHARE, ROUGH_SHARE } from './rates.js';
import type { Trade } from './types.js';

const keysOf = (description: string, key: string, trade: Trade) =>
  routeLine(description, key, trade).map((r) => [r.key, r.share]);

describe('routeLine: the phase a line’s own words give', () => {
  it.each<[string, string, Trade, [string, number][]]>([
    // HVAC works three times: rough-in, trim, test and balance.
    ['Ductwork and RTU curb', 'hvac', 'hvac', [['hvac', 1]]],
    ['Supply diffusers, return grilles and thermostats', 'hvac', 'hvac', [['hvac-trim', 1]]],
    ['HVAC test and balance', 'hvac', 'hvac', [['test-balance', 1]]],
    ['Testing, adjusting and balancing', 'other', 'other', [['test-balance', 1]]],
    ['T&B report', 'hvac', 'hvac', [['test-balance', 1]]],
    [
      'Ductwork, registers and returns',
      'hvac',
      'hvac',
      [
        ['hvac', ROUGH_SHARE],
        ['hvac-trim', 1 - ROUGH_SHARE],
      ],
    ],
    // Electrical and plumbing: rough-in vs trim; a line naming both is divided.
    ['200 A service and panel', 'electrical', 'electrical', [['electrical', 1]]],
    ['Devices and cover plates', 'electrical', 'electrical', [['electrical-trim', 1]]],
    [
      'Electrical rough-in and trim',
      'electrical',
      'electrical',
      [
        ['electrical', ROUGH_SHARE],
        ['electrical-trim', 1 - ROUGH_SHARE],
      ],
    ],
    ['Plumbing rough-in, water and DWV', 'plumbing', 'plumbing', [['plumbing', 1]]],
    [
      'Plumbing rough-in and trim',
      'plumbing',
      'plumbing',
      [
        ['plumbing', ROUGH_SHARE],
        ['fixtures', 1 - ROUGH_SHARE],
      ],
    ],
    // Interior doors are finishes; windows and exterior doors close the building.
    ['Interior doors, frames and hardware', 'windows-doors', 'windows-doors', [['interior-doors', 1]]],
    ['Prehung closet bifolds', 'windows-doors', 'windows-doors', [['interior-doors', 1]]],
    ['Exterior entry door and sidelights', 'windows-doors', 'windows-doors', [['windows-doors', 1]]],
    ['Vinyl windows and patio door', 'windows-doors', 'windows-doors', [['windows-doors', 1]]],
    // Ceilings: grid, tile, or the whole system divided; gypsum ceilings stay drywall.
    ['Acoustical ceiling grid', 'drywall', 'drywall', [['ceiling-grid', 1]]],
    ['Acoustical ceiling tiles, 2x2', 'drywall', 'drywall', [['ceiling-tile', 1]]],
    [
      'Suspended acoustical ceiling system',
      'drywall',
      'drywall',
      [
        ['ceiling-grid', CEILING_GRID_SHARE],
        ['ceiling-tile', 1 - CEILING_GRID_SHARE],
      ],
    ],
    ['Gypsum board ceilings, level 4 finish', 'drywall', 'drywall', [['drywall', 1]]],
    // Finish carpentry apart from cabinets.
    ['Base and casing mouldings', 'cabinets-millwork', 'cabinets-millwork', [['finish-carpentry', 1]]],
    ['Kitchen cabinets', 'cabinets-millwork', 'cabinets-millwork', [['cabinets-millwork', 1]]],
    [
      'Cabinets and interior trim',
      'cabinets-millwork',
      'cabinets-millwork',
      [
        ['cabinets-millwork', CABINET_SHARE],
        ['finish-carpentry', 1 - CABINET_SHARE],
      ],
    ],
    // A tile backsplash waits for the tops; a stone one is part of them.
    ['Ceramic tile backsplash', 'tile', 'tile', [['backsplash', 1]]],
    ['Backsplash tile, subway', 'countertops', 'countertops', [['backsplash', 1]]],
    ['Quartz countertops with 4 in. backsplash', 'countertops', 'countertops', [['countertops', 1]]],
    // Finish grading is near the end; rough grading is site work.
    ['Final grading and topsoil', 'site-work', 'site-work', [['final-grade', 1]]],
    ['Rough grading', 'site-work', 'site-work', [['site-work', 1]]],
    // Planting named with its grading stays landscaping (already at the end).
    ['Final grading, sod and landscaping', 'landscaping', 'landscaping', [['landscaping', 1]]],
    ['Mobilization', 'general-conditions', 'general-conditions', [['mobilization', 1]]],
    [
      'Superintendent and site office',
      'general-conditions',
      'general-conditions',
      [['general-conditions', 1]],
    ],
    // Named inspections are milestones where they belong, whatever trade the line's first word names.
    ['Footing inspection', 'foundation', 'foundation', [['inspection-footing', 1]]],
    ['Rough plumbing inspection', 'plumbing', 'plumbing', [['inspection-rough', 1]]],
    ['Framing inspection', 'framing', 'framing', [['inspection-framing', 1]]],
    ['Insulation inspection', 'insulation', 'insulation', [['inspection-insulation', 1]]],
    ['Above-ceiling inspection', 'inspection-final', 'inspections', [['inspection-above-ceiling', 1]]],
    ['Cover inspection', 'inspection-final', 'inspections', [['inspection-above-ceiling', 1]]],
    ['Final inspection and CO', 'inspection-final', 'inspections', [['inspection-final', 1]]],
    ['Special inspections and testing', 'inspection-final', 'inspections', [['inspection-final', 1]]],
    // "and" between the work and the word is not an inspection of it.
    ['Plumbing rough-in and inspection', 'plumbing', 'plumbing', [['plumbing', 1]]],
  ])('%s → %j', (description, key, trade, expected) => {
    const routes = keysOf(description, key, trade);
    expect(routes.map(([k]) => k)).toEqual(expected.map(([k]) => k));
    routes.forEach(([, share], i) => {
      expect(share).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 9);
    });
  });

  it('always gives shares that add up to the whole line', () => {
    for (const [d, k, t] of [
      ['Electrical rough-in and trim', 'electrical', 'electrical'],
      ['Suspended ceiling grid and tile', 'drywall', 'drywall'],
      ['Random words', 'other', 'other'],
    ] as const) {
      const total = routeLine(d, k, t).reduce((s, r) => s + r.share, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });
});

describe('divided lines in a plan', () => {
  const plan = estimateToPlan(
    [
      'DIVISION 26 - ELECTRICAL',
      'Electrical rough-in and trim  2,400  SF  5.25  12,601.01',
      'DIVISION 23 - HVAC',
      'Ductwork, registers and returns  1  LS  7,800.33  7,800.33',
    ].join('\n'),
  );
  const cost = (key: string) => plan.packages.find((p) => p.key === key)?.estimatedCost ?? Number.NaN;

  it('puts each share in its package and keeps the total to the cent', () => {
    expect(cost('electrical') + cost('electrical-trim')).toBeCloseTo(12_601.01, 2);
    expect(cost('electrical')).toBeCloseTo(12_601.01 * ROUGH_SHARE, 1);
    expect(cost('hvac') + cost('hvac-trim')).toBeCloseTo(7_800.33, 2);
    const all = plan.packages.reduce((s, p) => s + p.estimatedCost, 0);
    expect(all).toBeCloseTo(plan.document.itemsTotal, 2);
  });

  it('trims out after the rough-in, with the line in both packages’ sources', () => {
    const rough = plan.packages.find((p) => p.key === 'electrical');
    const trim = plan.packages.find((p) => p.key === 'electrical-trim');
    expect(rough?.sourceLines).toEqual(trim?.sourceLines);
    expect(trim?.name).toBe('Electrical trim and light fixtures');
    expect(plan.packages.find((p) => p.key === 'hvac-trim')?.name).toBe('HVAC trim and start-up');
  });
});
