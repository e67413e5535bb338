/** One assignee (a member or a subcontractor) booked on unfinished tasks whose dates overlap. */
import { serialOfIsoDate } from '../../schedule/iso-date.js';
import { plural } from '../format.js';
import { isDone } from '../project-views.js';
import type { InsightFinding, InsightTask } from '../types.js';
import type { InsightRule } from './rule.js';

const keyOf = (t: InsightTask) =>
  t.assignee ? `${t.assignee.kind === 'member' ? 'm' : 'c'}${t.assignee.id}` : null;

/** Calendar days two date ranges share (0 when they do not overlap). */
export function sharedDays(
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
): number {
  const start = Math.max(serialOfIsoDate(a.startDate), serialOfIsoDate(b.startDate));
  const end = Math.min(serialOfIsoDate(a.endDate), serialOfIsoDate(b.endDate));
  return Math.max(0, end - start + 1);
}

export const assigneeOverlap: InsightRule = ({ input, views }) => {
  const projectName = new Map(views.map((v) => [v.project.id, v.project.name]));
  const byAssignee = new Map<string, InsightTask[]>();
  for (const task of input.tasks) {
    const key = keyOf(task);
    if (!key || isDone(task) || task.duration <= 0 || task.endDate < input.today) continue;
    if (!projectName.has(task.projectId)) continue;
    byAssignee.set(key, [...(byAssignee.get(key) ?? []), task]);
  }
  const findings: InsightFinding[] = [];
  for (const [key, tasks] of byAssignee) {
    tasks.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
    const pairs: { a: InsightTask; b: InsightTask; days: number }[] = [];
    for (let i = 0; i < tasks.length; i++) {
      for (let j = i + 1; j < tasks.length; j++) {
        const a = tasks[i] as InsightTask;
        const b = tasks[j] as InsightTask;
        if (b.startDate > a.endDate) break;
        const days = sharedDays(a, b);
        if (days > 0) pairs.push({ a, b, days });
      }
    }
    const first = pairs[0];
    if (!first) continue;
    const name = first.a.assignee?.name ?? 'An assignee';
    const where = (t: InsightTask) =>
      `"${t.name}" (${projectName.get(t.projectId)}, ${t.startDate} to ${t.endDate})`;
    const shown = pairs
      .slice(0, 2)
      .map((p) => `${where(p.a)} and ${where(p.b)} share ${plural(p.days, 'day')}`)
      .join('; ');
    findings.push({
      rule: 'assignee-overlap',
      key: `assignee-overlap:${key}`,
      projectId: first.b.projectId,
      taskId: first.b.id,
      type: 'risk',
      severity: pairs.some((p) => p.a.isCritical || p.b.isCritical) ? 'high' : 'medium',
      title: `${name} is booked on overlapping tasks`,
      description: `${name} is assigned to tasks whose dates overlap: ${shown}${pairs.length > 2 ? `; and ${plural(pairs.length - 2, 'more overlap')}` : ''}.`,
      impact: 'One crew cannot do both at full pace: one of the tasks will slip.',
      recommendation: `Assign another crew to "${first.b.name}", or move it after "${first.a.name}" if its float allows.`,
      potentialSavings: null,
    });
  }
  return findings;
};
