/**
 * Long-lead materials not yet ordered for work starting within their lead time: ordered today,
 * they would not be on site by the start. One insight per order: a procurement task carries the
 * order of the work after it, so that work raises none of its own.
 */
import { EMPTY_MATERIALS, parseMaterialsStatus } from '../../tasks/index.js';
import { plural } from '../format.js';
import { isDone, type ProjectView } from '../project-views.js';
import type { InsightFinding, InsightTask } from '../types.js';
import { workingDayAfter, workingDaysBetween } from '../working-days.js';
import { isProcurementTask, isRemoval, type LeadTime, leadTimeOf } from './lead-times.js';
import type { InsightRule } from './rule.js';

function materialsOf(task: InsightTask) {
  const parsed = parseMaterialsStatus(task.materialsStatus);
  return parsed.ok ? parsed.value : EMPTY_MATERIALS;
}

const untouched = (task: InsightTask) => !isDone(task) && task.progress <= 0 && task.status !== 'in-progress';

/**
 * The work a procurement task delivers to: a successor that waits for it to finish and puts goods
 * in (work timed start-to-start from the order, such as demolition, does not receive it).
 */
function deliveredTo(view: ProjectView, task: InsightTask): InsightTask | undefined {
  const ids = new Set(
    view.links.filter((l) => l.predecessorId === task.id && l.type === 'FS').map((l) => l.successorId),
  );
  return view.tasks.find((t) => ids.has(t.id) && !isProcurementTask(t) && !isRemoval(t));
}

/** Whether a procurement task before `task` carries its order. */
function orderedAhead(view: ProjectView, task: InsightTask): boolean {
  const ids = new Set(view.links.filter((l) => l.successorId === task.id).map((l) => l.predecessorId));
  return view.tasks.some((t) => ids.has(t.id) && isProcurementTask(t));
}

/** "10–12 weeks from order to delivery as stated (60 working days)", or "about 30 working days …". */
function leadWords(lead: LeadTime): string {
  return lead.stated
    ? `${lead.stated} from order to delivery as stated (${plural(lead.days, 'working day')})`
    : `about ${plural(lead.days, 'working day')} from order to delivery`;
}

/** Whether the work is named after the goods ("Cabinets and millwork"): then it is not named twice. */
const sameName = (what: string, name: string) => what.trim().toLowerCase() === name.trim().toLowerCase();

interface Order {
  task: InsightTask;
  lead: LeadTime;
  /** The work the delivery is for: the task itself, or the install after a procurement task. */
  work: InsightTask;
}

/** The orders of a project's untouched tasks: one per procurement task or long-lead install. */
function ordersOf(view: ProjectView): Order[] {
  return view.tasks.flatMap((task): Order[] => {
    if (!untouched(task)) return [];
    const lead = leadTimeOf(task, orderedAhead(view, task));
    if (!lead || lead.days <= 0) return [];
    const materials = materialsOf(task);
    if (materials.notApplicable || materials.ordered) return [];
    if (!isProcurementTask(task)) return [{ task, lead, work: task }];
    const work = deliveredTo(view, task);
    if (work && materialsOf(work).ordered) return [];
    return [{ task, lead, work: work ?? task }];
  });
}

function finding(view: ProjectView, today: string, order: Order): InsightFinding | null {
  const { task, lead, work } = order;
  const scheduled = view.current.get(work.id);
  // The delivery is due when the work it is for starts (a procurement task leads up to that start).
  const start = scheduled?.startDate ?? work.startDate;
  const untilStart = Math.max(0, workingDaysBetween(view.calendar, today, start));
  if (untilStart > lead.days) return null;
  const late = lead.days - untilStart;
  const arrives = workingDayAfter(view.calendar, today, lead.days);
  const critical = scheduled ? scheduled.isCritical : work.isCritical;
  const project = view.project.name;
  return {
    rule: 'long-lead',
    key: `long-lead:t${task.id}`,
    projectId: view.project.id,
    taskId: task.id,
    type: 'risk',
    severity: late > 0 && critical ? 'high' : 'medium',
    title: sameName(lead.what, work.name)
      ? `Order ${lead.what} now`
      : `Order ${lead.what} for "${work.name}" now`,
    description:
      `"${work.name}" in "${project}" starts on ${start}, ${plural(untilStart, 'working day')} from today. ` +
      `Its ${lead.what} take ${leadWords(lead)} and are ${materialsOf(task).needed ? 'marked needed but ' : ''}not marked ordered. ` +
      (late > 0
        ? `Ordered today they arrive around ${arrives}, ${plural(late, 'working day')} after the start.`
        : `Ordered today they arrive around ${arrives}, just in time.`),
    impact: critical
      ? `"${work.name}" is on the critical path of "${project}": a late delivery moves the project finish.`
      : `A late delivery holds "${work.name}" and uses up its float.`,
    recommendation: `Place the order for the ${lead.what} now and tick Ordered in the materials chain of "${task.name}"; set the expected delivery date so the schedule holds "${work.name}" to it.`,
    potentialSavings: null,
  };
}

export const longLead: InsightRule = ({ input, views }) =>
  views.flatMap((view) => ordersOf(view).flatMap((order) => finding(view, input.today, order) ?? []));
