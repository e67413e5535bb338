import { AlertTriangle, Flag } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import { TASK_STATUS_LABELS, TASK_STATUS_VARIANTS } from '@/web/lib/task-status';
import { cn } from '@/web/lib/utils';
import type { ScheduleTask } from '../api/get-schedule-tasks';
import { dayLabels } from '../lib/labels';
import { projectColour } from '../lib/palette';

/** Where a task on the schedule leads: its project. */
export const projectPath = (task: Pick<ScheduleTask, 'projectId'>) => `/projects/${task.projectId}`;

/**
 * What the chip's icons say, for screen readers. A link is named by its text, so it reads
 * "Framing, Maple Street Renovation, critical path" (the separators are not drawn).
 */
function Flags({ task, overdue }: { task: ScheduleTask; overdue: boolean }) {
  return (
    <span className="sr-only">
      {task.isCritical ? ', critical path' : ''}
      {overdue ? ', overdue' : ''}
    </span>
  );
}

/** A task in a calendar cell: its name in its project's colour, with the project below it. */
export function TaskChip({
  task,
  overdue,
  compact = false,
  className,
}: {
  task: ScheduleTask;
  overdue: boolean;
  /** One line: the project's name is left to its colour and the tooltip (a month cell). */
  compact?: boolean;
  className?: string;
}) {
  const colour = projectColour(task.projectId);
  return (
    <Link
      to={projectPath(task)}
      title={`${task.name} — ${task.projectName}`}
      data-task-id={task.id}
      data-project-id={task.projectId}
      className={cn(
        'block min-w-0 rounded-md border-l-4 px-2 py-1 text-xs leading-snug transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        colour.chip,
        className,
      )}
    >
      <span className="flex items-center gap-1 font-medium">
        {task.isCritical && <Flag className="size-3 shrink-0 text-red-700" aria-hidden="true" />}
        {overdue && <AlertTriangle className="size-3 shrink-0 text-amber-700" aria-hidden="true" />}
        <span className="truncate">
          {task.name}
          <span className="sr-only">,</span>
        </span>
      </span>
      <span className={cn('block truncate opacity-80', compact && 'sr-only')}>{task.projectName}</span>
      <Flags task={task} overdue={overdue} />
    </Link>
  );
}

/** A task in a list (the day view, issues, crew): name, project, days, status and assignee. */
export function TaskRow({
  task,
  overdue,
  showAssignee = true,
}: {
  task: ScheduleTask;
  overdue: boolean;
  /** Off in a person's own list (Crew Planning), where it would repeat their name. */
  showAssignee?: boolean;
}) {
  const colour = projectColour(task.projectId);
  const days =
    task.startDay === task.endDay
      ? dayLabels.short(task.startDay)
      : `${dayLabels.short(task.startDay)} – ${dayLabels.short(task.endDay)}`;
  return (
    <Link
      to={projectPath(task)}
      data-task-id={task.id}
      data-project-id={task.projectId}
      className="flex items-start gap-3 rounded-lg border border-border bg-card p-3 transition-colors hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', colour.dot)} aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words">
            {task.name}
            <span className="sr-only">, {task.projectName}.</span>
          </span>
          <Badge variant={TASK_STATUS_VARIANTS[task.status]}>{TASK_STATUS_LABELS[task.status]}</Badge>
          {task.isCritical && (
            <Badge variant="outline" className="border-red-300 bg-red-50 text-red-800">
              Critical Path
            </Badge>
          )}
          {overdue && <Badge variant="warning">Overdue</Badge>}
        </span>
        <span className="text-sm text-muted-foreground">
          <span aria-hidden="true">{task.projectName} · </span>
          {days} · {task.progress}%
        </span>
        {showAssignee && (
          <span className="text-xs text-muted-foreground">
            {task.assigneeName ? `Assigned to ${task.assigneeName}` : 'Unassigned'}
          </span>
        )}
      </span>
    </Link>
  );
}
