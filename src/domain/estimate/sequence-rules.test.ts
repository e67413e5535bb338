/**
 * The construction-sequence rules a scheduler would draw, one `describe` per rule, each checked on
 * the plan's links (with their reasons) and on the engine's schedule of the plan.
 */
import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { linkOf, offsets, precedes } from './plan-test-support.js';
import { COUNTERTOP_FABRICATION_LAG_DAYS, LEAD_TIME_DAYS } from './rates.js';
import { sequencePackages } from './sequence.js';

/** An office fit-out: ceilings, breakroom, RTU with a stated lead time, T&B, fire alarm. */
const FIT_OUT = [
  'DIVISION 01 - GENERAL REQUIREMENTS',
  'General conditions and supervision  6  MO  12,000.00  72,000.00',
  'Mobilization  1  LS  8,000.00  8,000.00',
  'DIVISION 02 - DEMOLITION',
  'Selective demolition of existing partitions and ceilings  6,000  SF  3.50  21,000.00',
  'DIVISION 06 - WOOD, PLASTICS AND COMPOSITES',
  'Breakroom base and wall cabinets  24  LF  450.00  10,800.00',
  'Quartz countertops  40  SF  90.00  3,600.00',
  'DIVISION 09 - FINISHES',
  'Metal stud partitions and drywall  8,500  SF  7.50  63,750.00',
  'Acoustical ceiling grid  6,000  SF  2.25  13,500.00',
  'Acoustical ceiling tiles, 2x2  6,000  SF  2.75  16,500.00',
  'Ceramic tile backsplash  30  SF  28.00  840.00',
  'Painting, walls and doors  17,000  SF  1.10  18,700.00',
  'Carpet tile  5,200  SF  6.50  33,800.00',
  'DIVISION 21 - FIRE SUPPRESSION',
  'Sprinkler head relocation  60  EA  350.00  21,000.00',
  'DIVISION 23 - HVAC',
  'Ductwork modifications  1  LS  42,000.00  42,000.00',
  'Diffusers, grilles and thermostats  1  LS  9,000.00  9,000.00',
  'Rooftop unit, 10 ton, ARO 8-10 wks  1  EA  28,000.00  28,000.00',
  'Test and balance  1  LS  4,500.00  4,500.00',
  'DIVISION 26 - ELECTRICAL',
  'Electrical rough-in  6,000  SF  4.50  27,000.00',
  'LED light fixtures  80  EA  240.00  19,200.00',
  'Fire alarm devices and panel  1  LS  18,000.00  18,000.00',
  'Final inspection  1  LS  500.00  500.00',
].join('\n');

/** A new house with its inspections, a stated roof lead time, a driveway and landscaping. */
const HOUSE = [
  'Building permit  1  LS  6,000.00  6,000.00',
  'Project supervision  6  MO  3,000.00  18,000.00',
  'Excavation and backfill  300  CY  18.00  5,400.00',
  'Footing inspection  1  LS  150.00  150.00',
  'Concrete footings and foundation walls  60  CY  300.00  18,000.00',
  'Framing labor and lumber  2,400  SF  25.00  60,000.00',
  'Standing seam metal roofing, lead time 6-8 weeks  24  SQ  900.00  21,600.00',
  'Vinyl windows  16  EA  700.00  11,200.00',
  'Plumbing rough-in  1  LS  12,000.00  12,000.00',
  'HVAC ductwork and furnace  1  LS  15,000.00  15,000.00',
  'Electrical rough-in and trim  2,400  SF  5.00  12,000.00',
  'Framing inspection  1  LS  150.00  150.00',
  'Insulation, R-21 walls  2,400  SF  2.40  5,760.00',
  'Insulation inspection  1  LS  150.00  150.00',
  'Drywall hang, tape and finish  8,000  SF  2.10  16,800.00',
  'Interior painting  2,400  SF  3.25  7,800.00',
  'Fiber cement siding  2,500  SF  8.75  21,875.00',
  'Concrete driveway  800  SF  9.00  7,200.00',
  'Final grading  1  LS  2,500.00  2,500.00',
  'Sod and landscaping  1  LS  6,000.00  6,000.00',
].join('\n');

/** A kitchen remodel: demolition, then the cabinets that take weeks to come. */
const KITCHEN = [
  'Building permit  1  LS  600.00  600.00',
  'Demolition of existing kitchen  1  LS  2,500.00  2,500.00',
  'Plumbing rough-in  1  LS  3,000.00  3,000.00',
  'Electrical rough-in  1  LS  2,800.00  2,800.00',
  'Drywall patch and finish  1  LS  1,500.00  1,500.00',
  'Painting  1  LS  1,800.00  1,800.00',
  'Semi-custom cabinets  30  LF  600.00  18,000.00',
  'Quartz countertops  45  SF  85.00  3,825.00',
  'Set sink, faucet and dishwasher  1  LS  900.00  900.00',
].join('\n');

describe('every link says why it is there', () => {
  it.each([
    ['fit-out', FIT_OUT],
    ['house', HOUSE],
    ['kitchen', KITCHEN],
  ])('%s: a readable reason on each link, short enough to store', (_, text) => {
    for (const l of estimateToPlan(text).links) {
      expect(l.reason.trim().length, `${l.from} → ${l.to}`).toBeGreaterThan(15);
      expect(l.reason.length).toBeLessThanOrEqual(300);
    }
  });
});

describe('dry-in before insulation and drywall', () => {
  const plan = estimateToPlan(HOUSE);
  it('ties the windows and the roof to a dry-in milestone the interior waits for', () => {
    expect(plan.packages.find((p) => p.key === 'dry-in')?.durationDays).toBe(0);
    expect(linkOf(plan, 'roofing', 'dry-in')).toBeDefined();
    expect(linkOf(plan, 'windows-doors', 'dry-in')?.reason).toMatch(/windows/i);
    expect(precedes(plan, 'dry-in', 'insulation')).toBe(true);
    expect(precedes(plan, 'windows-doors', 'drywall')).toBe(true);
    const s = offsets(plan.packages, plan.links);
    expect(s.at('insulation').earlyStart).toBeGreaterThanOrEqual(s.at('windows-doors').earlyFinish);
  });

  it('leaves an interior job with no roof alone (its building is already closed)', () => {
    const fitOut = estimateToPlan(
      `${FIT_OUT}\nAluminum storefront, lead time 10-12 weeks  1  LS  38,000.00  38,000.00`,
    );
    expect(fitOut.packages.map((p) => p.key)).not.toContain('dry-in');
    expect(precedes(fitOut, 'windows-doors', 'drywall')).toBe(false);
  });
});

describe('countertops: template, fabrication, install, backsplash, device trim', () => {
  const plan = estimateToPlan(FIT_OUT);
  it('chains the breakroom work with the fabrication lag', () => {
    const fabrication = linkOf(plan, 'countertop-template', 'countertops');
    expect(fabrication).toMatchObject({ type: 'FS', lagDays: COUNTERTOP_FABRICATION_LAG_DAYS });
    expect(fabrication?.reason).toContain(`${COUNTERTOP_FABRICATION_LAG_DAYS} working days`);
    expect(linkOf(plan, 'cabinets-millwork', 'countertop-template')).toBeDefined();
    expect(linkOf(plan, 'countertops', 'backsplash')).toBeDefined();
    expect(linkOf(plan, 'backsplash', 'electrical-trim')?.reason).toMatch(/backsplash/);
    const s = offsets(plan.packages, plan.links);
    expect(s.at('countertops').earlyStart).toBeGreaterThanOrEqual(
      s.at('countertop-template').earlyFinish + COUNTERTOP_FABRICATION_LAG_DAYS,
    );
  });
});

describe('above-ceiling inspection → grid → light fixtures → ceiling tile', () => {
  const plan = estimateToPlan(FIT_OUT);
  it.each([
    ['inspection-above-ceiling', 'ceiling-grid'],
    ['ceiling-grid', 'electrical-trim'],
    ['ceiling-grid', 'hvac-trim'],
    ['electrical-trim', 'ceiling-tile'],
    ['hvac-trim', 'ceiling-tile'],
    ['ceiling-tile', 'flooring'],
  ])('%s before %s', (a, b) => {
    expect(precedes(plan, a, b)).toBe(true);
    expect(precedes(plan, b, a)).toBe(false);
  });

  it('adds the above-ceiling inspection as a milestone when the estimate does not name it', () => {
    expect(plan.packages.find((p) => p.key === 'inspection-above-ceiling')?.durationDays).toBe(0);
    expect(precedes(plan, 'hvac', 'inspection-above-ceiling')).toBe(true);
  });
});

describe('test and balance and fire alarm acceptance just before the final inspection', () => {
  const plan = estimateToPlan(FIT_OUT);
  it.each(['test-balance', 'fire-alarm-acceptance'])(
    '%s: after the ceilings close, never at rough-in',
    (key) => {
      expect(precedes(plan, 'ceiling-tile', key)).toBe(true);
      expect(precedes(plan, key, 'inspection-final')).toBe(true);
      expect(precedes(plan, key, 'inspection-rough')).toBe(false);
      const s = offsets(plan.packages, plan.links);
      expect(s.at(key).earlyStart).toBeGreaterThanOrEqual(s.at('drywall').earlyFinish);
    },
  );
});

describe('driveway, final grade and landscaping near the end', () => {
  const plan = estimateToPlan(HOUSE);
  it('waits for the exterior work and the heavy deliveries', () => {
    expect(precedes(plan, 'exterior-finishes', 'final-grade')).toBe(true);
    expect(precedes(plan, 'drywall', 'final-grade')).toBe(true);
    expect(precedes(plan, 'final-grade', 'flatwork')).toBe(true);
    expect(precedes(plan, 'final-grade', 'landscaping')).toBe(true);
    const s = offsets(plan.packages, plan.links);
    expect(s.at('flatwork').earlyStart).toBeGreaterThanOrEqual(s.at('inspection-rough').earlyFinish);
  });
});

describe('demolition as late as the deliveries allow', () => {
  const plan = estimateToPlan(KITCHEN);
  const s = offsets(plan.packages, plan.links);
  it('starts the demolition so the cabinets go in as they arrive', () => {
    const tie = linkOf(plan, 'procure-cabinets-millwork', 'demolition');
    expect(tie?.type).toBe('SS');
    expect(tie?.reason).toMatch(/opened up shortly before they are delivered/);
    const wait = s.at('cabinets-millwork').earlyStart - s.at('procure-cabinets-millwork').earlyFinish;
    expect(wait).toBe(0);
    expect(s.at('demolition').earlyStart).toBeGreaterThan(s.at('permits').earlyFinish);
  });

  it('never moves the finish', () => {
    const without = sequencePackages(plan.packages);
    expect(s.finish).toBe(offsets(plan.packages, without).finish);
    const fitOut = estimateToPlan(FIT_OUT);
    expect(offsets(fitOut.packages, fitOut.links).finish).toBe(
      offsets(fitOut.packages, sequencePackages(fitOut.packages)).finish,
    );
  });
});

describe('general conditions: a level-of-effort span', () => {
  it.each([
    ['fit-out', FIT_OUT],
    ['house', HOUSE],
  ])('%s: spans mobilization to the punch list, drives nothing and is not critical', (_, text) => {
    const plan = estimateToPlan(text);
    const gc = plan.packages.find((p) => p.key === 'general-conditions');
    expect(gc?.estimatedCost).toBeGreaterThan(0);
    expect(plan.links.some((l) => l.from === 'general-conditions')).toBe(false);
    expect(linkOf(plan, 'punch-list', 'general-conditions')?.type).toBe('FF');
    const s = offsets(plan.packages, plan.links);
    expect(s.at('general-conditions').earlyStart).toBe(s.at('permits').earlyFinish);
    expect(s.at('general-conditions').earlyFinish).toBe(s.at('punch-list').earlyFinish);
    expect(s.critical).not.toContain('general-conditions');
    // The critical path is the work's: the same with the span left out.
    const work = plan.packages.filter((p) => p.key !== 'general-conditions');
    const links = plan.links.filter((l) => l.to !== 'general-conditions');
    expect(offsets(work, links).critical).toEqual(s.critical);
    expect(gc?.durationBasis).toMatch(/level of effort/);
  });
});

describe('inspections named in the estimate are milestones where they belong', () => {
  const plan = estimateToPlan(HOUSE);
  it.each([
    ['inspection-footing', 'excavation', 'foundation'],
    ['inspection-framing', 'inspection-rough', 'insulation'],
    ['inspection-insulation', 'insulation', 'drywall'],
  ])('%s: 0 days, after %s and before %s, its fee kept', (key, before, after) => {
    const p = plan.packages.find((x) => x.key === key);
    expect(p).toMatchObject({ durationDays: 0, trade: 'inspections' });
    expect(p?.estimatedCost).toBeGreaterThan(0);
    expect(precedes(plan, before, key)).toBe(true);
    expect(precedes(plan, key, after)).toBe(true);
  });
});

describe('lead times stated in the estimate', () => {
  it('orders what the line says is long-lead for as long as it says (upper bound, weeks in working days)', () => {
    const fitOut = estimateToPlan(FIT_OUT);
    const rtu = fitOut.packages.find((p) => p.key === 'procure-hvac');
    expect(rtu?.durationDays).toBe(50);
    expect(rtu?.durationBasis).toMatch(/stated in the estimate.*ARO 8-10 wks/);
    const house = estimateToPlan(HOUSE);
    const roof = house.packages.find((p) => p.key === 'procure-roofing');
    expect(roof?.durationDays).toBe(40);
    expect(linkOf(house, 'procure-roofing', 'roofing')?.reason).toMatch(
      /^Roofing and roof treatment is installed once it is delivered$/,
    );
    expect(house.packages.find((p) => p.key === 'procure-windows-doors')?.durationDays).toBe(
      LEAD_TIME_DAYS['windows-doors'],
    );
  });
});
