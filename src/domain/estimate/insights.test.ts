import { describe, expect, it } from 'vitest';
import { estimateTotal, planInsights } from './insights.js';
import { estimateToPlan } from './plan.js';
import { readEstimate } from './read-estimate.js';
import type { PlanInsightInput, WorkPackage } from './types.js';

const ESTIMATE = [
  'Concrete footings and foundation walls  90  CY  300.00  27,000.00',
  'Framing labor and lumber  1  LS  40,000.00  40,000.00',
  'Vinyl windows  12  EA  700.00  8,400.00',
  'Drywall hang, tape and finish  6,000  SF  2.10  12,600.00',
  'Interior painting  12,000  SF  1.00  12,000.00',
  'CONSTRUCTION SUBTOTAL  100,000.00',
  'Appliance allowance  1  AL  3,000.00  3,000.00',
  'GRAND TOTAL  $103,000.00',
].join('\n');

const plan = estimateToPlan(ESTIMATE);

type Scheduled = PlanInsightInput['scheduled'][number];

/** Lays the packages end to end from a start date, one calendar day per working day (enough for the rules). */
function sequential(
  packages: readonly WorkPackage[],
  start: string,
  critical: (p: WorkPackage) => boolean,
): Scheduled[] {
  let day = Date.parse(`${start}T00:00:00Z`);
  return packages.map((p) => {
    const startDate = new Date(day).toISOString().slice(0, 10);
    day += Math.max(1, p.durationDays) * 86_400_000;
    const endDate = new Date(day - 86_400_000).toISOString().slice(0, 10);
    return { key: p.key, startDate, endDate, isCritical: critical(p), totalFloat: critical(p) ? 0 : 10 };
  });
}

function input(overrides: Partial<PlanInsightInput> = {}): PlanInsightInput {
  const scheduled = overrides.scheduled ?? sequential(plan.packages, '2025-05-05', (p) => !p.isProcurement);
  return {
    document: plan.document,
    packages: plan.packages,
    scheduled,
    budget: 103_000,
    state: 'TX',
    projectStartDate: '2025-05-05',
    finishDate: scheduled[scheduled.length - 1]?.endDate ?? '2025-05-05',
    projectEndDate: null,
    ...overrides,
  };
}

const codes = (i: PlanInsightInput) => planInsights(i).map((x) => x.code);

describe('planInsights', () => {
  it('the estimate total is the grand total the document states', () => {
    expect(estimateTotal(plan.document)).toBe(103_000);
  });

  it('budget below the estimate by more than 5%: a risk with both figures and the difference', () => {
    const [insight] = planInsights(input({ budget: 90_000 })).filter(
      (i) => i.code === 'budget-below-estimate',
    );
    expect(insight).toMatchObject({ type: 'risk', severity: 'medium' });
    expect(insight?.description).toBe(
      'The project budget of $90,000 is $13,000 (12.6%) below the estimate total of $103,000.',
    );
    expect(
      planInsights(input({ budget: 80_000 })).find((i) => i.code === 'budget-below-estimate')?.severity,
    ).toBe('high');
  });

  it('budget above the estimate by more than 5%: an opportunity with the unassigned amount', () => {
    const [insight] = planInsights(input({ budget: 120_000 })).filter(
      (i) => i.code === 'budget-above-estimate',
    );
    expect(insight).toMatchObject({ type: 'opportunity', potentialSavings: 17_000 });
    expect(insight?.description).toContain('$17,000 (16.5%) above the estimate total of $103,000');
  });

  it.each([[103_000], [99_000], [107_000], [null]])(
    'budget %s is within 5% or unset: no budget insight',
    (budget) => {
      expect(codes(input({ budget }))).not.toContain('budget-below-estimate');
      expect(codes(input({ budget }))).not.toContain('budget-above-estimate');
    },
  );

  it('broken estimate totals: a risk naming the sheet and line', () => {
    const broken = readEstimate(
      ['## Sheet: abstract', 'Brick work in superstructure  10  Cum  5000  50000', 'Total  Rs.  #REF!'].join(
        '\n',
      ),
    );
    const insights = planInsights(input({ document: broken }));
    const insight = insights.find((i) => i.code === 'broken-estimate-total');
    expect(insight).toMatchObject({ type: 'risk', severity: 'high' });
    expect(insight?.description).toContain('Sheet "abstract", line 3: "Total" reads #REF!');
    expect(codes(input())).not.toContain('broken-estimate-total');
  });

  it("items that don't add up to the stated total: a risk", () => {
    const off = readEstimate('Framing  1  LS  5,000.00  5,000.00\nTotal  9,000.00');
    expect(
      planInsights(input({ document: off })).find((i) => i.code === 'estimate-total-mismatch')?.description,
    ).toContain('9,000');
    expect(codes(input())).not.toContain('estimate-total-mismatch');
  });

  it('an unreadable estimate: a risk', () => {
    expect(codes(input({ document: readEstimate('Thank you for your business.') }))).toContain(
      'estimate-unreadable',
    );
    expect(codes(input())).not.toContain('estimate-unreadable');
  });

  it('long-lead items on the critical path: a risk naming them, only when they are critical', () => {
    const critical = input({ scheduled: sequential(plan.packages, '2025-05-05', () => true) });
    const insight = planInsights(critical).find((i) => i.code === 'long-lead-on-critical-path');
    expect(insight?.description).toMatch(
      /^Windows and doors \(30 working days, ordered 2025-05-15 and delivered by 2025-06-13\) is on the critical path/,
    );
    expect(codes(input())).not.toContain('long-lead-on-critical-path');
  });

  it('a long-lead item the estimate gives a lead time for: the risk says it as written', () => {
    const stated = estimateToPlan(ESTIMATE.replace('Vinyl windows', 'Vinyl windows, 10–12 weeks lead time'));
    const order = stated.packages.find((p) => p.isProcurement);
    expect(order?.durationDays).toBe(60);
    const insight = planInsights({
      ...input(),
      document: stated.document,
      packages: stated.packages,
      scheduled: sequential(stated.packages, '2025-05-05', () => true),
    }).find((i) => i.code === 'long-lead-on-critical-path');
    expect(insight?.description).toMatch(
      /^Windows and doors \(10–12 weeks as the estimate states, 60 working days, ordered \d{4}-\d{2}-\d{2} and delivered by/,
    );
  });

  it('concrete and site work in a cold state’s winter: a risk with the months', () => {
    const winter = input({
      state: 'MN',
      scheduled: sequential(plan.packages, '2025-11-24', (p) => !p.isProcurement),
    });
    const insight = planInsights(winter).find((i) => i.code === 'winter-concrete');
    expect(insight).toMatchObject({ type: 'risk', severity: 'high' });
    expect(insight?.description).toMatch(/^Foundations \(January\)/);
    expect(insight?.description).toContain("fall in MN's cold months");
    expect(codes({ ...winter, state: 'TX' })).not.toContain('winter-concrete');
    expect(codes({ ...winter, state: null })).not.toContain('winter-concrete');
    expect(codes(input({ state: 'MN' }))).not.toContain('winter-concrete');
  });

  it('a finish after the planned end date: a risk with the days late', () => {
    const late = input({ finishDate: '2025-09-30', projectEndDate: '2025-09-01' });
    expect(planInsights(late).find((i) => i.code === 'finish-after-end-date')?.description).toBe(
      "The schedule finishes on 2025-09-30, 29 calendar days after the project's planned end date of 2025-09-01.",
    );
    expect(codes(input({ finishDate: '2025-09-01', projectEndDate: '2025-09-01' }))).not.toContain(
      'finish-after-end-date',
    );
    expect(codes(input({ projectEndDate: null }))).not.toContain('finish-after-end-date');
  });

  it('allowances and contingency of 5% or more: a recommendation', () => {
    const big = readEstimate(
      [
        'Framing  1  LS  $50,000.00  $50,000.00',
        'Owner contingency 10%  5,000.00',
        'Lighting allowance  1  AL  2,000.00  2,000.00',
      ].join('\n'),
    );
    const insight = planInsights(input({ document: big })).find((i) => i.code === 'allowance-share');
    expect(insight).toMatchObject({ type: 'recommendation', severity: 'medium' });
    expect(insight?.description).toMatch(/^\$7,000 \(12\.3% of \$57,000\)/);
    expect(codes(input())).not.toContain('allowance-share');
  });

  it('critical trades one after another: an opportunity to overlap them, with the days and savings', () => {
    const insight = planInsights(input()).find((i) => i.code === 'overlap-critical-trades');
    expect(insight).toMatchObject({ type: 'opportunity' });
    expect(insight?.potentialSavings).toBeGreaterThan(0);
    expect(insight?.description).toMatch(/could pull the finish in by about \d+ working days/);
    const noneCritical = input({ scheduled: sequential(plan.packages, '2025-05-05', () => false) });
    expect(codes(noneCritical)).not.toContain('overlap-critical-trades');
  });

  it('trades with float: an opportunity to use it', () => {
    const someFloat = input({
      scheduled: sequential(plan.packages, '2025-05-05', (p) => p.key !== 'painting'),
    });
    expect(planInsights(someFloat).find((i) => i.code === 'float-for-crews')?.title).toBe(
      'Painting has 10 days of float',
    );
    expect(codes(input({ scheduled: sequential(plan.packages, '2025-05-05', () => true) }))).not.toContain(
      'float-for-crews',
    );
  });

  it('every insight has a title, a description and a severity', () => {
    const all = planInsights(
      input({
        budget: 50_000,
        state: 'MN',
        projectEndDate: '2025-01-01',
        scheduled: sequential(plan.packages, '2025-12-01', () => true),
      }),
    );
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const i of all) {
      expect(i.title.length).toBeGreaterThan(0);
      expect(i.description.length).toBeGreaterThan(0);
      expect(['high', 'medium', 'low']).toContain(i.severity);
      expect(['risk', 'opportunity', 'recommendation']).toContain(i.type);
    }
  });
});
