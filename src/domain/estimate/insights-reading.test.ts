import { describe, expect, it } from 'vitest';
import { planInsights } from './insights.js';
import { estimateToPlan } from './plan.js';
import type { EstimatePlan, InsightDraft, PlanInsightInput } from './types.js';

/** The insights of a plan scheduled trivially (the reading rule looks at the document only). */
function insights(plan: EstimatePlan): InsightDraft[] {
  const input: PlanInsightInput = {
    document: plan.document,
    packages: plan.packages,
    scheduled: plan.packages.map((p) => ({
      key: p.key,
      startDate: '2025-05-05',
      endDate: '2025-05-05',
      isCritical: false,
      totalFloat: 0,
    })),
    budget: null,
    state: null,
    projectStartDate: '2025-05-05',
    finishDate: '2025-05-05',
    projectEndDate: null,
  };
  return planInsights(input);
}
const reading = (plan: EstimatePlan) => insights(plan).find((i) => i.code === 'estimate-reading-to-check');

const HEADER = 'Description  Qty  Unit  Unit Cost  Amount';

describe('the insight on what the reader could not settle', () => {
  it('names the unclear lines: how many, their amount and the first descriptions', () => {
    const plan = estimateToPlan(
      [
        'Scanned bid — Hillside duplex',
        HEADER,
        'Concrete footings  20  CY  450.00  9,000.00',
        'Roof shingles  30  SQ  410.00  9,990.00',
        'Wood framing  1  LS  40,000.00  40,000.00',
        'Temporary fencing  S,000.00',
        'Interior painting  3,000  SF  1.50  4,500.00',
      ].join('\n'),
    );
    expect(plan.document.problems.map((p) => p.code)).toContain('unclear-lines');
    const insight = reading(plan);
    expect(insight).toMatchObject({ type: 'recommendation', severity: 'medium' });
    expect(insight?.description).toMatch(
      /^2 lines worth \$?14,990(?:\.00)? could not be read with confidence/,
    );
    expect(insight?.description).toContain('"Roof shingles" (line 4, ');
    expect(insight?.description).toContain('"Temporary fencing" (line 6, ');
    // Among the project's first insights, before the schedule's.
    expect(insights(plan)[0]?.code).toBe('estimate-reading-to-check');
  });

  it('names the bid column the plan carries and the columns set aside', () => {
    const text = [
      "ROAD REHAB\t\t\t\tAcme Paving\t\tBeta Builders\t\tEngineer's Estimate",
      'Item\tDescription\tQuantity\tUnits\tUnit Price\tTotal Price\tUnit Price\tTotal Price\tUnit Price\tTotal Price',
      '1\tMobilization\t1\tLS\t50000\t50000\t42000\t42000\t60000\t60000',
      '2\tAsphalt paving\t1000\tTon\t100\t100000\t95\t95000\t120\t120000',
      '\tTotal Amount Bid\t\t\t\t150000\t\t137000\t\t180000',
    ].join('\n');
    const byDefault = reading(estimateToPlan(text));
    expect(byDefault?.description).toMatch(
      /The plan carries the bid column "Engineer's Estimate" \(\$?180,000(?:\.00)?\) by default; the others are set aside: Acme Paving \(\$?150,000(?:\.00)?\), Beta Builders \(\$?137,000/,
    );
    const chosen = reading(estimateToPlan(text, { choices: { 'bid-column': 'beta-builders' } }));
    expect(chosen?.description).toMatch(/"Beta Builders" \(\$?137,000(?:\.00)?\) as chosen/);
  });

  it('says when no estimate of a workbook of models has been chosen yet', () => {
    const model = (name: string, scale: number) =>
      [
        `## Sheet: ${name}`,
        'Description\tQty\tUnit\tRate\tAmount',
        `Foundations\t1\tLS\t${20000 * scale}\t${20000 * scale}`,
        `Framing\t1\tLS\t${40000 * scale}\t${40000 * scale}`,
        `Grand Total\t\t\t\t${60000 * scale}`,
      ].join('\n');
    const plan = estimateToPlan([model('Plan A', 1), model('Plan B', 2)].join('\n'));
    const insight = reading(plan);
    expect(insight?.severity).toBe('medium');
    expect(insight?.description).toMatch(/^No estimate has been chosen yet among Plan A .*Plan B/);
  });

  it('is absent when every line was read with confidence and nothing had to be chosen', () => {
    const plan = estimateToPlan(
      [
        HEADER,
        'Concrete footings  20  CY  450.00  9,000.00',
        'Interior painting  3,000  SF  1.50  4,500.00',
      ].join('\n'),
    );
    expect(reading(plan)).toBeUndefined();
  });
});
