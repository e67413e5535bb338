/**
 * Overdue work on the critical path: unfinished critical tasks whose end date has passed, and how
 * many working days they push the finish, found by re-running the schedule from today.
 */
import { plural } from '../format.js';
import { isDone } from '../project-views.js';
import { workingDaysBetween } from '../working-days.js';
import type { InsightRule } from './rule.js';

/** A push of this many working days or more is a high-severity risk. */
export const OVERDUE_HIGH_PUSH_DAYS = 5;

export const overdueCritical: InsightRule = ({ input, views }) =>
  views.flatMap((view) => {
    const { planned, fromToday, project } = view;
    if (!planned || !fromToday) return [];
    const plannedById = new Map(planned.tasks.map((t) => [t.id, t]));
    const overdue = view.tasks
      .filter(
        (t) => !isDone(t) && t.endDate < input.today && (plannedById.get(t.id)?.isCritical ?? t.isCritical),
      )
      .map((t) => ({ task: t, late: workingDaysBetween(view.calendar, t.endDate, input.today) }))
      .filter((o) => o.late > 0)
      .sort((a, b) => b.late - a.late);
    const push = fromToday.durationDays - planned.durationDays;
    const worst = overdue[0];
    if (!worst || push <= 0) return [];
    const named = overdue
      .slice(0, 3)
      .map((o) => `"${o.task.name}" (due ${o.task.endDate}, ${plural(o.late, 'working day')} late)`)
      .join(', ');
    const more = overdue.length > 3 ? ` and ${overdue.length - 3} more` : '';
    const pastEnd = fromToday.finishDate > project.endDate;
    return [
      {
        rule: 'overdue-critical',
        key: `overdue-critical:p${project.id}`,
        projectId: project.id,
        taskId: worst.task.id,
        type: 'risk',
        severity: push >= OVERDUE_HIGH_PUSH_DAYS ? 'high' : 'medium',
        title: `Overdue critical work pushes "${project.name}" ${plural(push, 'working day')}`,
        description:
          `${plural(overdue.length, 'critical-path task')} of "${project.name}" ${overdue.length === 1 ? 'is' : 'are'} overdue: ${named}${more}. ` +
          `Re-running the schedule from today moves the finish from ${planned.finishDate} to ${fromToday.finishDate}, ${plural(push, 'working day')} later.`,
        impact: pastEnd
          ? `The project now finishes after its planned end date ${project.endDate}.`
          : `The project's float toward its end date ${project.endDate} shrinks by ${plural(push, 'working day')}.`,
        recommendation: `Put more crew or overtime on "${worst.task.name}" and its successors, or overlap the work that follows it where the trades allow.`,
        potentialSavings: null,
      },
    ];
  });
