import { describe, expect, it } from 'vitest';
import { estimateToPlan } from './plan.js';
import { linkOf, offsets } from './plan-test-support.js';

const lines = (...rows: string[]) => rows.join('\n');
const WORK = [
  'Description            Qty   Unit        Unit Cost            Amount',
  'Concrete footings            20  CY          450.00            9,000.00',
  'Wall framing            2400  SF            9.25            22,200.00',
  'Drywall            6000  SF            2.50            15,000.00',
];
const SERVICES = [
  'Site supervision 12 months            12  MO          9,000.00            108,000.00',
  'Monthly inspections for 18 months            18  Month          1,200.00            21,600.00',
  'HVAC maintenance over 2 years            24  Month          400.00            9,600.00',
];

describe('a service over months or years is level of effort beside the work', () => {
  const plan = estimateToPlan(lines(...WORK, ...SERVICES));
  const without = estimateToPlan(lines(...WORK));
  const span = plan.packages.find((p) => p.key === 'general-conditions');

  it('carries the services in one span that starts with the work and finishes with the punch list', () => {
    expect(span?.estimatedCost).toBe(108_000 + 21_600 + 9_600);
    expect(linkOf(plan, 'permits', 'general-conditions')?.type).toBe('FS');
    expect(linkOf(plan, 'punch-list', 'general-conditions')?.type).toBe('FF');
    expect(plan.links.some((l) => l.from === 'general-conditions')).toBe(false);
  });

  it('does not push the finish out: the job ends when the work without the services ends', () => {
    const withServices = offsets(plan.packages, plan.links);
    expect(withServices.finish).toBe(offsets(without.packages, without.links).finish);
    expect(withServices.critical).not.toContain('general-conditions');
    expect(plan.packages.every((p) => p.durationDays < 100)).toBe(true);
  });
});

describe("a service span in a subcontractor's scope (no punch list)", () => {
  it('finishes with the scope’s last work', () => {
    const plan = estimateToPlan(
      lines(
        'SUBCONTRACTOR PROPOSAL',
        'Description            Qty   Unit        Unit Cost            Amount',
        'CMU block walls            3000  SF            14.00            42,000.00',
        'Masonry supervision 4 months            4  MO          2,000.00            8,000.00',
      ),
    );
    expect(plan.packages.map((p) => p.key).sort()).toEqual(['general-conditions', 'masonry']);
    expect(linkOf(plan, 'masonry', 'general-conditions')?.type).toBe('FF');
    const s = offsets(plan.packages, plan.links);
    expect(s.at('general-conditions').earlyFinish).toBe(s.at('masonry').earlyFinish);
    expect(s.finish).toBe(s.at('masonry').earlyFinish);
  });
});
