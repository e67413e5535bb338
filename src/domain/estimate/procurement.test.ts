import { describe, expect, it } from 'vitest';
import { bare } from './plan-test-support.js';
import { procurementPackages, statedLeadTime } from './procurement.js';
import { LEAD_TIME_DAYS, TRADE_DURATION_BOUNDS } from './rates.js';
import type { Trade, WorkPackage } from './types.js';

describe('statedLeadTime: the upper bound, in working days', () => {
  it.each<[string, number | null, boolean?]>([
    ['Storefront, 10–12 week lead time', 60],
    ['Switchgear - lead time: 30 weeks', 150],
    ['RTU-1, ARO 8 wks', 40],
    ['Elevator cab 16-20 weeks ARO', 100],
    ['lead time: 45 days', 33],
    ['Lead time 15 working days', 15],
    ['Custom doors, delivery 3 months', 63],
    ['Windows 6-8 weeks', 40, true],
    // A bare duration counts only on a line of a trade that is ordered ahead.
    ['Framing 6-8 weeks', null, false],
    ['Rooftop unit, 10 ton', null],
    ['Drywall 9,200 SF', null],
  ])('%j → %j', (text, days, bare = false) => {
    expect(statedLeadTime(text, bare)?.days ?? null).toBe(days);
  });
});

describe('procurementPackages', () => {
  const pkg = (key: string, trade: Trade, extra: Partial<WorkPackage> = {}): WorkPackage => ({
    ...bare(key, 5),
    trade,
    name: key,
    sourceLines: [4],
    ...extra,
  });

  it('uses a lead time stated next to the line, for any trade, and says so', () => {
    const roof = pkg('roofing', 'roofing', { name: 'Metal roofing' });
    const [order] = procurementPackages(
      [roof],
      () => 'Standing seam metal roof',
      () => [
        { line: 4, text: 'Standing seam metal roof  24  SQ  900.00' },
        { line: 5, text: 'Note: lead time 6-8 weeks from approved shop drawings' },
      ],
    );
    expect(order).toMatchObject({
      key: 'procure-roofing',
      durationDays: 40,
      isProcurement: true,
      estimatedCost: 0,
    });
    expect(order?.durationBasis).toMatch(
      /stated in the estimate: 6–8 weeks \("lead time 6-8 weeks", line 5\), scheduled as 40 working days/,
    );
  });

  it('falls back to the trade’s typical lead time, and orders nothing for the rest', () => {
    const list = procurementPackages(
      [pkg('cabinets-millwork', 'cabinets-millwork'), pkg('drywall', 'drywall'), pkg('hvac', 'hvac')],
      (p) => (p.key === 'hvac' ? 'Ductwork only' : 'Shaker cabinets'),
      () => [],
    );
    expect(list.map((p) => [p.key, p.durationDays])).toEqual([
      ['procure-cabinets-millwork', LEAD_TIME_DAYS['cabinets-millwork']],
    ]);
  });

  it('keeps a stated lead time within the procurement bounds and never orders paperwork or milestones', () => {
    const list = procurementPackages(
      [
        pkg('elevators', 'elevators'),
        pkg('permits', 'permits'),
        pkg('inspection-final', 'inspections', { durationDays: 0 }),
      ],
      () => '',
      () => [{ line: 4, text: 'Lead time 80 weeks' }],
    );
    expect(list.map((p) => [p.key, p.durationDays])).toEqual([
      ['procure-elevators', TRADE_DURATION_BOUNDS.procurement.max],
    ]);
  });
});
