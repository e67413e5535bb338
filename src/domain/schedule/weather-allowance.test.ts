import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADVERSE_WEATHER_REGIONS, WORKING_DAYS_PER_MONTH } from './adverse-weather-days.js';
import { adverseWeatherRegion, weatherAllowanceDays, weatherSensitiveTrade } from './weather-allowance.js';

const region = (state: string) => {
  const found = adverseWeatherRegion(state);
  if (!found) throw new Error(`no region for ${state}`);
  return found;
};

describe('the adverse-weather table', () => {
  it('places every state and DC in exactly one region, with twelve whole, plausible monthly figures', () => {
    const states = ADVERSE_WEATHER_REGIONS.flatMap((r) => r.states);
    expect(new Set(states).size).toBe(states.length);
    for (const code of ['AL', 'AK', 'AZ', 'CA', 'DC', 'FL', 'HI', 'ME', 'NY', 'TX', 'WA', 'WY']) {
      expect(states).toContain(code);
    }
    expect(states.filter((s) => !['PR', 'VI', 'GU', 'AS', 'MP'].includes(s))).toHaveLength(51);
    for (const r of ADVERSE_WEATHER_REGIONS) {
      expect(r.days).toHaveLength(12);
      for (const d of r.days) {
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(WORKING_DAYS_PER_MONTH);
      }
    }
  });
});

describe('weatherSensitiveTrade', () => {
  it.each([
    ['Site Work', 'site-work'],
    ['site_work', 'site-work'],
    ['Excavation and grading', 'site-work'],
    ['Concrete', 'concrete'],
    ['Foundations', 'concrete'],
    ['Framing', 'framing'],
    ['Roofing', 'roofing'],
    ['Exterior finishes', 'exterior'],
    ['Brick masonry', 'exterior'],
    ['Drywall', null],
    ['Interior paint', null],
    ['Electrical rough-in', null],
  ])('%s → %s', (trade, expected) => {
    expect(weatherSensitiveTrade(trade)).toBe(expected);
  });
});

describe('weatherAllowanceDays', () => {
  it('finds a region by USPS code or by name', () => {
    expect(region('wa').name).toBe(region('Washington').name);
    expect(region(' New  York ').states).toContain('NY');
    expect(adverseWeatherRegion('Atlantis')).toBeNull();
  });

  it('is zero for indoor trades, unknown states and milestones', () => {
    expect(weatherAllowanceDays('Drywall', 'WA', 1, 20)).toBe(0);
    expect(weatherAllowanceDays('Concrete', 'Atlantis', 1, 20)).toBe(0);
    expect(weatherAllowanceDays('Concrete', 'WA', 1, 0)).toBe(0);
  });

  it('gives a full month of work that month’s adverse days', () => {
    const table = region('WA').days;
    expect(weatherAllowanceDays('Roofing', 'WA', 1, WORKING_DAYS_PER_MONTH)).toBe(table[0]);
    expect(weatherAllowanceDays('Roofing', 'WA', 7, WORKING_DAYS_PER_MONTH)).toBe(table[6]);
  });

  it('spreads longer work over the following months and wraps past December', () => {
    const table = region('MN').days;
    const expected = (table[10] ?? 0) + (table[11] ?? 0) + (table[0] ?? 0) * (10 / WORKING_DAYS_PER_MONTH);
    expect(weatherAllowanceDays('Site work', 'Minnesota', 11, 2 * WORKING_DAYS_PER_MONTH + 10)).toBe(
      Math.round(expected),
    );
  });

  it('takes a share of the month for short work', () => {
    const table = region('FL').days;
    expect(weatherAllowanceDays('Concrete', 'FL', 8, 7)).toBe(
      Math.round(((table[7] ?? 0) * 7) / WORKING_DAYS_PER_MONTH),
    );
  });

  it('never shrinks as the work gets longer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ADVERSE_WEATHER_REGIONS.map((r) => r.states[0] ?? 'WA')),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 400 }),
        (state, month, days) => {
          expect(weatherAllowanceDays('framing', state, month, days + 1)).toBeGreaterThanOrEqual(
            weatherAllowanceDays('framing', state, month, days),
          );
        },
      ),
    );
  });

  it('rejects a month outside 1–12', () => {
    expect(() => weatherAllowanceDays('Concrete', 'WA', 13, 5)).toThrow(RangeError);
  });
});
