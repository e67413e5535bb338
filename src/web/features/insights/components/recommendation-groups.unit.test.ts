import { describe, expect, it } from 'vitest';
import type { InsightDto } from '@/contracts/ai';
import { recommendationGroups } from './recommendation-groups';

let id = 0;
const insight = (over: Partial<InsightDto>): InsightDto => ({
  id: ++id,
  projectId: 1,
  taskId: null,
  type: 'opportunity',
  severity: 'low',
  title: 'Budget exceeds the estimate',
  description: 'd',
  impact: null,
  recommendation: 'Check the estimate for missing scope.',
  potentialSavings: null,
  isActive: true,
  createdAt: '2026-03-16T15:00:00.000Z',
  ...over,
});

const names = new Map([
  [1, 'Harbor Clinic'],
  [2, 'Lakeside Offices'],
]);

describe('Key Recommendations groups', () => {
  it('lists identical advice once, naming every project it is for', () => {
    const a = insight({ projectId: 1 });
    const b = insight({ projectId: 2 });
    const c = insight({ projectId: 2, title: 'Order windows and doors for "Install windows" now' });
    const groups = recommendationGroups([a, b, c], names, 5);
    expect(groups.map((g) => [g.insight.id, g.projects, g.count])).toEqual([
      [a.id, ['Harbor Clinic', 'Lakeside Offices'], 2],
      [c.id, ['Lakeside Offices'], 1],
    ]);
  });

  it('keeps advice that differs in its recommendation apart, and stops at the limit', () => {
    const groups = recommendationGroups(
      [insight({}), insight({ recommendation: 'Something else.' }), insight({ title: 'Third' })],
      names,
      2,
    );
    expect(groups).toHaveLength(2);
    expect(groups.map((g) => g.insight.recommendation)).toEqual([
      'Check the estimate for missing scope.',
      'Something else.',
    ]);
  });
});
