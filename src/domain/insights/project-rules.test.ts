import { describe, expect, it } from 'vitest';
import { insightCounters } from './counters.js';
import { computeInsights } from './engine.js';
import { portfolioFacts, portfolioSummary } from './portfolio-summary.js';
import { byPriority } from './priority.js';
import { assigneeOverlap } from './rules/assignee-overlap.js';
import { budgetAhead } from './rules/budget-ahead.js';
import { progressLag } from './rules/progress-lag.js';
import { unlicensedSubcontractor } from './rules/unlicensed.js';
import { contact, context, input, project, TODAY, task } from './test-support.js';

describe('progress-lag', () => {
  const p = project({ startDate: '2026-01-01', endDate: '2026-05-31' });

  it('raises a project whose progress lags the time passed', () => {
    const [finding] = progressLag(
      context({ projects: [p], tasks: [task({ progress: 10, status: 'in-progress' })] }),
    );
    expect(finding).toMatchObject({ projectId: 1, severity: 'high' });
    expect(finding?.title).toBe('"Maple Street Duplex" is 10% done at 49% of its time');
    expect(finding?.description).toContain('39 points behind');
  });

  it('raises nothing when progress keeps pace, or before the start', () => {
    expect(progressLag(context({ projects: [p], tasks: [task({ progress: 45 })] }))).toEqual([]);
    expect(progressLag(context({ projects: [project({ startDate: '2026-04-01' })] }))).toEqual([]);
  });
});

describe('budget-ahead', () => {
  const p = project({ budget: 100_000 });

  it('raises started work whose estimated cost is well ahead of progress', () => {
    const started = task({ estimatedCost: 60_000, progress: 10, status: 'in-progress' });
    const waiting = task({ estimatedCost: 40_000 });
    const [finding] = budgetAhead(context({ projects: [p], tasks: [started, waiting] }));
    expect(finding).toMatchObject({ severity: 'high', projectId: 1 });
    expect(finding?.description).toContain(
      '$60,000 of estimated cost, 60% of the $100,000 budget, while the project is 5% complete',
    );
  });

  it('raises nothing when committed cost keeps to progress or nothing is started', () => {
    const started = task({ estimatedCost: 10_000, progress: 10, status: 'in-progress' });
    expect(
      budgetAhead(context({ projects: [p], tasks: [started, task({ estimatedCost: 40_000 })] })),
    ).toEqual([]);
    expect(budgetAhead(context({ projects: [p], tasks: [task({ estimatedCost: 90_000 })] }))).toEqual([]);
  });

  it("writes the amounts in the project's currency", () => {
    const rupees = project({ budget: 10_000_000, currency: 'INR' });
    const started = task({ estimatedCost: 6_000_000, progress: 10, status: 'in-progress' });
    const [finding] = budgetAhead(context({ projects: [rupees], tasks: [started] }));
    expect(finding?.description).toContain('₹60,00,000 of estimated cost, 60% of the ₹1,00,00,000 budget');
    expect(finding?.description).not.toContain('$');
  });
});

describe('assignee-overlap', () => {
  const maria = { kind: 'member' as const, id: 'u1', name: 'Maria Lopez' };

  it('raises one assignee booked on tasks whose dates overlap', () => {
    const a = task({ name: 'Trim', startDate: '2026-03-16', endDate: '2026-03-27', assignee: maria });
    const b = task({ name: 'Doors', startDate: '2026-03-23', endDate: '2026-04-03', assignee: maria });
    const [finding] = assigneeOverlap(context({ tasks: [a, b] }));
    expect(finding).toMatchObject({
      taskId: b.id,
      severity: 'medium',
      title: 'Maria Lopez is booked on overlapping tasks',
    });
    expect(finding?.description).toContain('share 5 days');
  });

  it('raises nothing for sequential tasks, different assignees or finished work', () => {
    const a = task({ startDate: '2026-03-16', endDate: '2026-03-20', assignee: maria });
    const b = task({ startDate: '2026-03-23', endDate: '2026-03-27', assignee: maria });
    const c = task({ startDate: '2026-03-16', endDate: '2026-03-27', assignee: { ...maria, id: 'u2' } });
    const d = task({ startDate: '2026-03-16', endDate: '2026-03-27', assignee: maria, status: 'completed' });
    expect(assigneeOverlap(context({ tasks: [a, b, c, d] }))).toEqual([]);
  });
});

describe('unlicensed-subcontractor', () => {
  const sub = { kind: 'contact' as const, id: 7, name: 'Sparks & Sons' };

  it('raises an unlicensed subcontractor on licensed-trade work', () => {
    const wiring = task({ name: 'Rough-in electrical', assignee: sub });
    const [finding] = unlicensedSubcontractor(context({ tasks: [wiring], contacts: [contact()] }));
    expect(finding).toMatchObject({
      taskId: wiring.id,
      severity: 'high',
      title: 'Unlicensed subcontractor Sparks & Sons on electrical work',
    });
    expect(finding?.description).toContain('"Rough-in electrical" in "Maple Street Duplex"');
  });

  it('raises nothing for a licensed one, or for work no licence covers', () => {
    const wiring = task({ name: 'Rough-in electrical', assignee: sub });
    expect(
      unlicensedSubcontractor(context({ tasks: [wiring], contacts: [contact({ licensed: true })] })),
    ).toEqual([]);
    const paint = task({ name: 'Paint walls', assignee: sub });
    expect(unlicensedSubcontractor(context({ tasks: [paint], contacts: [contact()] }))).toEqual([]);
  });
});

describe('computeInsights and the summary', () => {
  it('puts the most severe first, and skips completed projects', () => {
    const wiring = task({
      name: 'Rough-in electrical',
      assignee: { kind: 'contact', id: 7, name: 'Sparks & Sons' },
    });
    const future = { startDate: '2026-03-16', endDate: '2026-03-20' };
    const a = task({ duration: 5, ...future });
    const b = task({ duration: 5, ...future, dependencies: JSON.stringify([{ taskId: a.id }]) });
    const c = task({ duration: 8, ...future });
    const findings = computeInsights(input({ tasks: [wiring, a, b, c], contacts: [contact()] }));
    expect(findings.map((f) => f.rule)).toEqual(['unlicensed-subcontractor', 'near-critical']);
    const closed = input({
      projects: [project({ status: 'completed' })],
      tasks: [wiring],
      contacts: [contact()],
    });
    expect(computeInsights(closed)).toEqual([]);
  });

  it('writes the summary from the facts', () => {
    const p = project();
    const facts = portfolioFacts(
      TODAY,
      [p],
      [task({ endDate: '2026-03-10' })],
      [
        { projectId: 1, type: 'risk', severity: 'high', title: 'Order windows now', potentialSavings: null },
        { projectId: 1, type: 'opportunity', severity: 'low', title: 'Overlap', potentialSavings: 1250 },
      ],
    );
    const text = portfolioSummary(facts);
    expect(text).toContain('1 open project with $500,000 of budget and 1 task');
    expect(text).toContain('1 task is overdue');
    expect(text).toContain('1 active risk (1 high, 0 medium, 0 low), 1 opportunity and 0 recommendations');
    expect(text).toContain('Maple Street Duplex (1 risk, 0% complete)');
    expect(text).toContain('could save about $1,250');
    expect(portfolioSummary(portfolioFacts(TODAY, [], [], []))).toMatch(/no projects yet/);
  });

  it('keeps budgets and savings apart per currency, never adding them up', () => {
    const home = project();
    const abroad = project({ id: 2, name: 'Jaipur Villa', budget: 12_500_000, currency: 'INR' });
    const facts = portfolioFacts(
      TODAY,
      [home, abroad],
      [],
      [
        { projectId: 1, type: 'opportunity', severity: 'low', title: 'Overlap', potentialSavings: 1250 },
        { projectId: 2, type: 'opportunity', severity: 'low', title: 'Resequence', potentialSavings: 90_000 },
        { projectId: 2, type: 'opportunity', severity: 'low', title: 'Overlap', potentialSavings: 10_000 },
      ],
    );
    expect(facts.budget).toEqual([
      { currency: 'INR', amount: 12_500_000 },
      { currency: 'USD', amount: 500_000 },
    ]);
    const text = portfolioSummary(facts);
    expect(text).toContain('2 open projects with ₹1,25,00,000 and $500,000 of budget');
    expect(text).toContain('could save about ₹1,00,000 and $1,250.');
  });

  it('counts savings of no one project in the currency all projects share', () => {
    const euros = [project({ currency: 'EUR' }), project({ id: 2, currency: 'EUR' })];
    const facts = portfolioFacts(
      TODAY,
      euros,
      [],
      [
        {
          projectId: null,
          type: 'opportunity',
          severity: 'low',
          title: 'Bundle orders',
          potentialSavings: 800,
        },
      ],
    );
    expect(portfolioSummary(facts)).toContain('could save about €800.');
  });
});

describe('insightCounters', () => {
  it('counts only active insights of each type', () => {
    const counters = insightCounters([
      { type: 'risk', isActive: true, potentialSavings: null },
      { type: 'risk', isActive: false, potentialSavings: '900.00' },
      { type: 'opportunity', isActive: true, potentialSavings: '1250.50' },
      { type: 'opportunity', isActive: true, potentialSavings: 249.5 },
    ]);
    expect(counters).toEqual({
      activeRisks: 1,
      opportunities: 2,
      recommendations: 0,
    });
  });
});

describe('byPriority', () => {
  it('puts the most severe first, risks before opportunities, and keeps the order otherwise', () => {
    const list = [
      { id: 1, severity: 'low', type: 'risk' },
      { id: 2, severity: 'high', type: 'opportunity' },
      { id: 3, severity: 'high', type: 'risk' },
      { id: 4, severity: 'low', type: 'risk' },
    ] as const;
    expect(byPriority(list).map((i) => i.id)).toEqual([3, 2, 1, 4]);
  });
});
