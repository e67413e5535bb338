/**
 * Long-lead materials not yet ordered for tasks starting within their lead time: ordered today,
 * they would not be on site by the start.
 */
import { EMPTY_MATERIALS, parseMaterialsStatus } from '../../tasks/index.js';
import { plural } from '../format.js';
import { isDone } from '../project-views.js';
import { workingDayAfter, workingDaysBetween } from '../working-days.js';
import { leadTimeOf } from './lead-times.js';
import type { InsightRule } from './rule.js';

export const longLead: InsightRule = ({ input, views }) =>
  views.flatMap((view) =>
    view.tasks.flatMap((task) => {
      if (isDone(task) || task.progress > 0 || task.status === 'in-progress') return [];
      const parsed = parseMaterialsStatus(task.materialsStatus);
      const materials = parsed.ok ? parsed.value : EMPTY_MATERIALS;
      if (materials.notApplicable || materials.ordered) return [];
      const lead = leadTimeOf(task);
      if (!lead) return [];
      const scheduled = view.current.get(task.id);
      const start = scheduled?.startDate ?? task.startDate;
      const untilStart = Math.max(0, workingDaysBetween(view.calendar, input.today, start));
      if (untilStart > lead.days) return [];
      const late = lead.days - untilStart;
      const arrives = workingDayAfter(view.calendar, input.today, lead.days);
      const critical = scheduled ? scheduled.isCritical : task.isCritical;
      return [
        {
          rule: 'long-lead',
          key: `long-lead:t${task.id}`,
          projectId: view.project.id,
          taskId: task.id,
          type: 'risk' as const,
          severity: late > 0 && critical ? ('high' as const) : ('medium' as const),
          title: `Order ${lead.what} for "${task.name}" now`,
          description:
            `"${task.name}" in "${view.project.name}" starts on ${start}, ${plural(untilStart, 'working day')} from today, ` +
            `but its ${lead.what} (about ${plural(lead.days, 'working day')} from order to delivery) ${materials.needed ? 'are marked needed and ' : ''}are not marked ordered. ` +
            (late > 0
              ? `Ordered today they arrive around ${arrives}, ${plural(late, 'working day')} after the start.`
              : `Ordered today they arrive around ${arrives}, just in time.`),
          impact: critical
            ? 'The task is on the critical path: a late delivery moves the project finish.'
            : 'A late delivery holds this task and uses up its float.',
          recommendation:
            "Place the order now and tick Ordered in the task's materials chain; set the expected delivery date so the schedule holds the start to it.",
          potentialSavings: null,
        },
      ];
    }),
  );
