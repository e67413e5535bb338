import { describe, expect, it } from 'vitest';
import { statedLeadTime } from './lead-time-text.js';
import { WORKING_DAYS_PER_MONTH, WORKING_DAYS_PER_WEEK } from './rates.js';

const weeks = (n: number) => n * WORKING_DAYS_PER_WEEK;

describe('statedLeadTime: the phrasings of estimates and quotes', () => {
  it.each<[string, string, number]>([
    // The lead time named before the amount.
    ['Storefront, lead time 10–12 weeks', '10–12 weeks', weeks(12)],
    ['lead time 6 wks', '6 weeks', weeks(6)],
    ['Lead-time: 10 to 12 weeks', '10–12 weeks', weeks(12)],
    ['Lead time is 10 - 12 weeks', '10–12 weeks', weeks(12)],
    ['lead time of 10—12 wks.', '10–12 weeks', weeks(12)],
    ['Leadtime approx. 3 months', '3 months', 3 * WORKING_DAYS_PER_MONTH],
    ['LT 10-12 WKS', '10–12 weeks', weeks(12)],
    ['Delivery 10 - 12 wks', '10–12 weeks', weeks(12)],
    ['ships in 4 weeks', '4 weeks', weeks(4)],
    ['Lead time 15 working days', '15 working days', 15],
    ['RTU-1, ARO 8 wks', '8 weeks', weeks(8)],
    // The amount first, then what makes it a lead time.
    ['4-6 weeks delivery', '4–6 weeks', weeks(6)],
    ['Cabinets, 10–12 week lead time', '10–12 weeks', weeks(12)],
    ['8-10 wk. lead time', '8–10 weeks', weeks(10)],
    ['(12 wk lead)', '12 weeks', weeks(12)],
    ['allow 14 weeks for delivery', '14 weeks', weeks(14)],
    ['Elevator cab 16-20 weeks ARO', '16–20 weeks', weeks(20)],
    ['Switchgear 20-24 weeks after approval', '20–24 weeks', weeks(24)],
    ['1 week lead time', '1 week', weeks(1)],
  ])('%j says %j, scheduled as %i working days', (text, said, days) => {
    expect(statedLeadTime(text)).toMatchObject({ said, days });
  });

  it('reads calendar days as five working days in seven, rounding up', () => {
    expect(statedLeadTime('lead time: 45 days')).toMatchObject({ said: '45 calendar days', days: 33 });
  });

  it('keeps the words that stated it', () => {
    expect(statedLeadTime('Quartz tops - lead time 3-4 wks from template')?.phrase).toBe('lead time 3-4 wks');
  });

  it('reads a bare amount only on a line of work ordered ahead', () => {
    expect(statedLeadTime('Custom cabinets, 10–12 weeks')).toBeNull();
    expect(statedLeadTime('Custom cabinets, 10–12 weeks', true)).toMatchObject({
      said: '10–12 weeks',
      days: weeks(12),
    });
  });

  it.each([
    'Framing 2x4 studs 16" o.c.',
    'Rooftop unit, 10 ton',
    'Drywall 9,200 SF',
    'Weekly cleaning',
    'Salt 10 weeks',
  ])('%j states no lead time', (text) => {
    expect(statedLeadTime(text)).toBeNull();
  });
});
