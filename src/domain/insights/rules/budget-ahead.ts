/**
 * Budget committed ahead of progress: the estimated cost of the work already started, as a share
 * of the project's budget, well ahead of how far the project is.
 */
import { formatMoney, percent } from '../format.js';
import { projectProgress } from '../progress.js';
import { isDone } from '../project-views.js';
import type { InsightTask } from '../types.js';
import type { InsightRule } from './rule.js';

/** Committed share of the budget this many points ahead of progress is worth raising. */
export const BUDGET_AHEAD_POINTS = 15;
export const BUDGET_AHEAD_HIGH_POINTS = 30;

const started = (t: InsightTask) => isDone(t) || t.progress > 0 || t.status !== 'not-started';

export const budgetAhead: InsightRule = ({ views }) =>
  views.flatMap(({ project, tasks }) => {
    if (!(project.budget > 0)) return [];
    const startedTasks = tasks.filter(started);
    const committed = startedTasks.reduce((sum, t) => sum + (t.estimatedCost ?? 0), 0);
    if (committed <= 0) return [];
    const committedShare = (committed / project.budget) * 100;
    const progress = projectProgress(project, tasks);
    const gap = committedShare - progress;
    if (gap < BUDGET_AHEAD_POINTS) return [];
    return [
      {
        rule: 'budget-ahead',
        key: `budget-ahead:p${project.id}`,
        projectId: project.id,
        taskId: null,
        type: 'risk',
        severity: gap >= BUDGET_AHEAD_HIGH_POINTS ? 'high' : 'medium',
        title: `"${project.name}" has committed ${percent(committedShare)} of its budget at ${percent(progress)} progress`,
        description: `The ${startedTasks.length} started tasks of "${project.name}" carry ${formatMoney(committed, project.currency)} of estimated cost, ${percent(committedShare)} of the ${formatMoney(project.budget, project.currency)} budget, while the project is ${percent(progress)} complete.`,
        impact:
          'Spending is running ahead of the work done: the remaining budget may not cover the remaining work.',
        recommendation:
          "Compare the started tasks' costs with invoices to date, and hold back starting further work until progress catches up or the budget is revised.",
        potentialSavings: null,
      },
    ];
  });
