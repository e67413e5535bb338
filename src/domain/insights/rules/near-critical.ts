/** Near-critical work: unfinished tasks with a little total float left, one slip from critical. */
import { plural } from '../format.js';
import { isDone } from '../project-views.js';
import type { InsightRule } from './rule.js';

/** Total float (working days) at or below which a task is near-critical. */
export const NEAR_CRITICAL_FLOAT_DAYS = 2;

export const nearCritical: InsightRule = ({ views }) =>
  views.flatMap((view) => {
    const near = view.tasks
      .filter((t) => !isDone(t))
      .flatMap((t) => {
        const s = view.current.get(t.id);
        return s && !s.isCritical && s.totalFloat > 0 && s.totalFloat <= NEAR_CRITICAL_FLOAT_DAYS
          ? [{ task: t, float: Math.round(s.totalFloat * 10) / 10 }]
          : [];
      })
      .sort((a, b) => a.float - b.float);
    const first = near[0];
    if (!first) return [];
    const named = near
      .slice(0, 3)
      .map((n) => `"${n.task.name}" (${plural(n.float, 'day')} of float)`)
      .join(', ');
    return [
      {
        rule: 'near-critical',
        key: `near-critical:p${view.project.id}`,
        projectId: view.project.id,
        taskId: first.task.id,
        type: 'risk',
        severity: near.length >= 3 ? 'medium' : 'low',
        title: `${plural(near.length, 'task')} in "${view.project.name}" ${near.length === 1 ? 'is' : 'are'} one slip from critical`,
        description: `In the schedule re-run from today, ${named}${near.length > 3 ? ` and ${near.length - 3} more` : ''} of "${view.project.name}" have ${NEAR_CRITICAL_FLOAT_DAYS} working days of float or less.`,
        impact: 'A short delay to any of them makes it critical and moves the finish.',
        recommendation:
          'Track these tasks as closely as the critical path: confirm crews and materials for them this week.',
        potentialSavings: null,
      },
    ];
  });
