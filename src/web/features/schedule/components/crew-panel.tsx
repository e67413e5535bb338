import { AlertTriangle, HardHat, User, UserX } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { type CrewGroup, crewPlan, isOverdueOn } from '@/domain/schedule-view';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import type { ScheduleTask } from '../api/get-schedule-tasks';
import { dayLabels } from '../lib/labels';
import { LIST_STEP } from './issues-panel';
import { TaskRow } from './task-chip';

const KIND = {
  member: { label: 'Team member', icon: User },
  contact: { label: 'Subcontractor', icon: HardHat },
  former: { label: 'No longer listed', icon: UserX },
} as const;

function TaskList({ tasks, today, label }: { tasks: ScheduleTask[]; today: string; label: string }) {
  const [limit, setLimit] = useState(LIST_STEP);
  return (
    <>
      <ul className="grid gap-2" aria-label={label}>
        {tasks.slice(0, limit).map((task) => (
          <li key={task.id}>
            <TaskRow task={task} overdue={isOverdueOn(task, today)} showAssignee={false} />
          </li>
        ))}
      </ul>
      {tasks.length > limit && (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => setLimit(tasks.length)}>
          Show all {tasks.length}
        </Button>
      )}
    </>
  );
}

const span = (from: string, to: string) =>
  from === to ? dayLabels.short(from) : `${dayLabels.short(from)} – ${dayLabels.short(to)}`;

function CrewSection({ group, today }: { group: CrewGroup<ScheduleTask>; today: string }) {
  const kind = KIND[group.kind];
  const Icon = kind.icon;
  return (
    <section className="grid gap-3 rounded-lg border border-border p-4" aria-label={group.name}>
      <div className="flex flex-wrap items-center gap-2">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        <h3 className="font-semibold">{group.name}</h3>
        <Badge variant="secondary">{kind.label}</Badge>
        <span className="ml-auto text-sm text-muted-foreground">
          {group.tasks.length === 1 ? '1 task' : `${group.tasks.length} tasks`}
        </span>
      </div>
      {group.doubleBookings.length > 0 && (
        <div
          role="note"
          className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
            Double-booked across projects
          </p>
          <ul className="grid gap-0.5 pl-6">
            {group.doubleBookings.slice(0, 5).map((b) => (
              <li key={`${b.first.id}-${b.second.id}`}>
                {b.first.name} ({b.first.projectName}) and {b.second.name} ({b.second.projectName}),{' '}
                {span(b.from, b.to)}
              </li>
            ))}
            {group.doubleBookings.length > 5 && <li>and {group.doubleBookings.length - 5} more overlaps</li>}
          </ul>
        </div>
      )}
      <TaskList tasks={group.tasks} today={today} label={`Tasks of ${group.name}`} />
    </section>
  );
}

/** Crew Planning: the period's tasks by assignee (members and subcontractors), then the unassigned. */
export const CrewPanel = memo(function CrewPanel({
  tasks,
  today,
}: {
  tasks: readonly ScheduleTask[];
  today: string;
}) {
  const plan = useMemo(() => crewPlan(tasks), [tasks]);
  if (tasks.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No tasks to plan in this period.</p>;
  return (
    <div className="grid gap-4">
      {plan.groups.map((group) => (
        <CrewSection key={group.key} group={group} today={today} />
      ))}
      {plan.unassigned.length > 0 && (
        <section
          className="grid gap-3 rounded-lg border border-dashed border-border p-4"
          aria-label="Unassigned Tasks"
        >
          <div className="flex items-center gap-2">
            <h3 className="font-semibold">Unassigned Tasks</h3>
            <span className="ml-auto text-sm text-muted-foreground">
              {plan.unassigned.length === 1 ? '1 task' : `${plan.unassigned.length} tasks`}
            </span>
          </div>
          <TaskList tasks={plan.unassigned} today={today} label="Unassigned tasks" />
        </section>
      )}
    </div>
  );
});
