import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationFromCrewDays, lineEffort } from './packages.js';
import { estimateToPlan } from './plan.js';
import {
  CREW_DAY_COST,
  LABOUR_SHARE,
  MAX_PARALLEL_CREWS,
  PRODUCTIVITY,
  SQM_TO_SF,
  TRADE_DURATION_BOUNDS,
} from './rates.js';
import { TRADES, type Trade } from './types.js';

/** A daily output the productivity table must hold for the line's work and measure. */
function rate(output: number | undefined): number {
  if (output === undefined) throw new Error('the productivity table has no such output');
  return output;
}

describe('crew-days of a line', () => {
  it.each([
    // From quantities: quantity in the base unit ÷ the crew's daily output.
    ['drywall', 'drywall', 2000, 'SF', 2000 / rate(PRODUCTIVITY.drywall.area)],
    ['drywall', 'plaster', 100, 'Sqm', (100 * SQM_TO_SF) / rate(PRODUCTIVITY.plaster.area)],
    ['excavation', 'excavation', 300, 'CY', 300 / rate(PRODUCTIVITY.excavation.volume)],
    ['concrete', 'rebar', 8000, 'Kg', 8000 / rate(PRODUCTIVITY.rebar.mass)],
    ['roofing', 'roofing', 24, 'SQ', 2400 / rate(PRODUCTIVITY.roofing.area)],
    ['windows-doors', 'doors-windows', 16, 'EA', 16 / rate(PRODUCTIVITY['doors-windows'].count)],
    ['utilities', 'sewer-pipe', 400, 'LF', 400 / rate(PRODUCTIVITY['sewer-pipe'].length)],
    ['general-conditions', null, 7, 'MO', 7 * 21],
  ] as const)('%s %s: %d %s', (trade, work, quantity, unit, crewDays) => {
    const e = lineEffort(trade, work, quantity, unit, 1_000, 'USD');
    expect(e.basis).toBe('quantity');
    expect(e.crewDays).toBeCloseTo(crewDays, 6);
  });

  it.each([
    // From cost: the labour share over a crew-day, in the estimate's currency.
    ['painting', 16_000, 'USD', (16_000 * LABOUR_SHARE.painting) / CREW_DAY_COST.USD.building],
    ['electrical', 78_778, 'INR', (78_778 * LABOUR_SHARE.electrical) / CREW_DAY_COST.INR.building],
    ['paving', 600_000, 'USD', (600_000 * LABOUR_SHARE.paving) / CREW_DAY_COST.USD.heavyCivil],
  ] as const)('%s, %d %s with no quantity', (trade, amount, currency, crewDays) => {
    const e = lineEffort(trade, null, null, null, amount, currency);
    expect(e.basis).toBe('cost');
    expect(e.crewDays).toBeCloseTo(crewDays, 6);
  });

  it('falls back to cost when the unit is a lump sum or unknown', () => {
    expect(lineEffort('framing', 'framing', 1, 'LS', 8_000, 'USD').basis).toBe('cost');
    expect(lineEffort('framing', 'framing', 3, 'bundles', 8_000, 'USD').basis).toBe('cost');
    expect(lineEffort('framing', 'framing', null, null, null, 'USD')).toMatchObject({
      basis: 'none',
      crewDays: 0,
    });
  });
});

describe('package durations', () => {
  it('adds crews to big trades and keeps every trade within its bounds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRADES),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        (trade, crewDays) => {
          const { days, crews } = durationFromCrewDays(trade, crewDays);
          const bounds = TRADE_DURATION_BOUNDS[trade];
          expect(Number.isInteger(days)).toBe(true);
          expect(days).toBeGreaterThanOrEqual(bounds.min);
          expect(days).toBeLessThanOrEqual(bounds.max);
          expect(crews).toBeGreaterThanOrEqual(1);
          expect(crews).toBeLessThanOrEqual(MAX_PARALLEL_CREWS);
        },
      ),
    );
  });

  it('a longer job never gets a shorter duration', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Trade>(...TRADES),
        fc.double({ min: 0, max: 5_000, noNaN: true }),
        fc.double({ min: 0, max: 5_000, noNaN: true }),
        (trade, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(durationFromCrewDays(trade, hi).days).toBeGreaterThanOrEqual(
            durationFromCrewDays(trade, lo).days,
          );
        },
      ),
    );
  });

  it('reads durations from the estimate: quantities where given, cost otherwise, and says how', () => {
    const plan = estimateToPlan(
      [
        'Drywall hang, tape and finish  9,200  SF  2.10  19,320.00',
        'Interior painting, walls and ceilings  1  LS  7,800.00  7,800.00',
        'Vinyl double-hung windows  18  EA  685.00  12,330.00',
      ].join('\n'),
    );
    const drywall = plan.packages.find((p) => p.key === 'drywall');
    const painting = plan.packages.find((p) => p.key === 'painting');
    const windows = plan.packages.find((p) => p.key === 'windows-doors');
    // 9,200 sf at 500 sf/crew-day = 18.4 crew-days: one crew, 19 days.
    expect(drywall).toMatchObject({ durationDays: 19, estimatedCost: 19320 });
    expect(drywall?.durationBasis).toBe('9,200 sf at 500 sf/crew-day = 18.4 crew-days');
    // $7,800 × 70% labour ÷ $1,600 a crew-day = 3.41 crew-days → 4 days.
    expect(painting).toMatchObject({ durationDays: 4 });
    expect(painting?.durationBasis).toBe('labour share 70% of $7,800 at $1,600/crew-day = 3.41 crew-days');
    // 18 windows at 8 a day = 2.25 crew-days → 3 days.
    expect(windows?.durationDays).toBe(3);
  });

  it('bounds a huge trade and says so', () => {
    const plan = estimateToPlan('Plaster on walls  60,000  Sqm  40.00  24,00,000.00');
    const plaster = plan.packages.find((p) => p.key === 'drywall');
    expect(plaster?.durationDays).toBe(TRADE_DURATION_BOUNDS.drywall.max);
    expect(plaster?.durationBasis).toMatch(
      new RegExp(
        `with 4 crews, bounded to ${TRADE_DURATION_BOUNDS.drywall.min}–${TRADE_DURATION_BOUNDS.drywall.max} days$`,
      ),
    );
    expect(plaster?.name).toBe('Plaster');
  });

  it('aggregates the lines of one trade into one package with its materials and specifications', () => {
    const plan = estimateToPlan(
      [
        'CONCRETE',
        'Providing and laying reinforced cement concrete M25 grade in suspended floors, roofs  20  Cum  5000  100000',
        'Centering & shuttering for suspended floors, roofs, landings  150  Sqm  300  45000',
        'Providing and fabricating reinforcement for R.C.C. work, TMT bars  2,000  Kg  70  140000',
      ].join('\n'),
    );
    const concrete = plan.packages.filter((p) => p.trade === 'concrete');
    expect(concrete).toHaveLength(1);
    expect(concrete[0]).toMatchObject({ key: 'concrete', estimatedCost: 285000, weatherSensitive: true });
    expect(concrete[0]?.materials).toEqual([
      'Reinforcement for R.C.C. work',
      'Reinforced cement concrete M25 grade in suspended floors',
      'Centering & shuttering for suspended floors',
    ]);
    expect(concrete[0]?.specifications).toEqual(['M25 grade']);
    expect(concrete[0]?.sourceLines).toEqual([2, 3, 4]);
  });

  it('costs lines that match no trade with the nearest package instead of a task of their own', () => {
    const plan = estimateToPlan(
      [
        'TILE',
        'Porcelain floor tile  200  SF  12.00  2,400.00',
        'Misc. sundries  1  LS  150.00  150.00',
      ].join('\n'),
    );
    expect(plan.packages.find((p) => p.key === 'other')).toBeUndefined();
    expect(plan.packages.find((p) => p.key === 'tile')?.estimatedCost).toBe(2550);
  });
});

describe('minimum durations: the steps a trade cannot skip', () => {
  it.each<[string, Trade, number]>([
    // Footings and walls: form, pour, set, strip twice over — not 3 days even for a small house.
    ['Concrete footings  12  CY  300.00  3,600.00', 'foundation', 8],
    ['Steel beam and columns  2  TON  4,000.00  8,000.00', 'structural-steel', 5],
    ['Drywall patch and finish  1  LS  650.00  650.00', 'drywall', 4],
    ['Passenger elevator  1  EA  95,000.00  95,000.00', 'elevators', 30],
  ])('%s → at least its minimum', (line, trade, min) => {
    expect(TRADE_DURATION_BOUNDS[trade].min).toBe(min);
    const p = estimateToPlan(line).packages.find((x) => x.trade === trade);
    expect(p?.durationDays).toBeGreaterThanOrEqual(min);
  });

  it('leaves countertop fabrication to the lag: the install alone can take a day', () => {
    expect(TRADE_DURATION_BOUNDS.countertops.min).toBe(1);
    const plan = estimateToPlan(
      ['Kitchen cabinets  1  LS  9,000.00  9,000.00', 'Quartz vanity top  1  EA  780.00  780.00'].join('\n'),
    );
    expect(plan.packages.find((p) => p.key === 'countertops')?.durationDays).toBe(1);
    expect(plan.packages.find((p) => p.key === 'countertop-template')?.durationDays).toBe(1);
  });

  it('makes inspections and the dry-in milestones', () => {
    const plan = estimateToPlan(
      [
        'Framing  2,000  SF  20.00  40,000.00',
        'Asphalt shingle roofing  20  SQ  400.00  8,000.00',
        'Plumbing rough-in  1  LS  9,000.00  9,000.00',
        'Drywall  6,000  SF  2.00  12,000.00',
      ].join('\n'),
    );
    for (const key of ['inspection-rough', 'inspection-final', 'dry-in'])
      expect(plan.packages.find((p) => p.key === key)?.durationDays, key).toBe(0);
  });
});
