/** Projects whose progress lags the share of their planned time that has passed. */
import { percent } from '../format.js';
import { elapsedShare, projectProgress } from '../progress.js';
import type { InsightRule } from './rule.js';

/** A gap of this many percentage points between time passed and progress is worth raising. */
export const PROGRESS_LAG_POINTS = 15;
/** A gap this large is high severity. */
export const PROGRESS_LAG_HIGH_POINTS = 30;

export const progressLag: InsightRule = ({ input, views }) =>
  views.flatMap(({ project, tasks }) => {
    if (project.status === 'on-hold' || input.today <= project.startDate) return [];
    const elapsed = elapsedShare(project, input.today);
    const progress = projectProgress(project, tasks);
    const gap = elapsed - progress;
    if (gap < PROGRESS_LAG_POINTS) return [];
    const basis = tasks.some((t) => t.duration > 0)
      ? 'task progress weighted by working days'
      : 'the progress set on the project';
    return [
      {
        rule: 'progress-lag',
        key: `progress-lag:p${project.id}`,
        projectId: project.id,
        taskId: null,
        type: 'risk',
        severity: gap >= PROGRESS_LAG_HIGH_POINTS ? 'high' : 'medium',
        title: `"${project.name}" is ${percent(progress)} done at ${percent(elapsed)} of its time`,
        description: `"${project.name}" has reached ${percent(progress)} progress (${basis}) while ${percent(elapsed)} of its time from ${project.startDate} to ${project.endDate} has passed: ${Math.round(gap)} points behind.`,
        impact: `At this pace the project will not finish by ${project.endDate}.`,
        recommendation:
          'Review the remaining work with the site team, update task progress, and add resources to the tasks that are behind.',
        potentialSavings: null,
      },
    ];
  });
