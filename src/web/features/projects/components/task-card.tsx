import { Calendar, ListChecks, PackageOpen, Trash2 } from 'lucide-react';
import { type MouseEvent, memo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TaskDto } from '@/contracts/tasks';
import {
  EMPTY_MATERIALS,
  materialsPending,
  parseMaterialsStatus,
  parsePunchlist,
  punchlistSummary,
} from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Progress } from '@/web/components/ui/progress';
import { formatDay } from '../lib/dates';
import { CriticalPathBadge, TaskStatusBadge } from './status-badges';

const isOwnControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('button, a') !== null;

/** The checklist's done/total of a task (an unreadable stored list counts as empty). */
function checklistCount(task: TaskDto) {
  const list = parsePunchlist(task.punchlist);
  return punchlistSummary(list.ok ? list.value : []);
}

/** Whether the task waits for its materials (listed, not delivered). */
function waitsForMaterials(task: TaskDto) {
  const materials = parseMaterialsStatus(task.materialsStatus);
  return materialsPending(materials.ok ? materials.value : EMPTY_MATERIALS, task.materialsExpectedDate);
}

/**
 * A task card of the Project Timeline: number, name, status badge, Critical Path badge,
 * start, due, checklist done/total and a progress bar; clicking it opens the task. Memoised: a
 * scroll of the windowed list redraws only the cards that come into view.
 */
export const TaskCard = memo(function TaskCard({
  task,
  number,
  onDelete,
}: {
  task: TaskDto;
  number: number;
  onDelete: (task: TaskDto) => void;
}) {
  const navigate = useNavigate();
  const href = `/projects/${task.projectId}/tasks/${task.id}`;
  const checklist = checklistCount(task);
  const onClick = (e: MouseEvent) => {
    if (!isOwnControl(e.target)) void navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the task name is the keyboard way in (a link)
    // biome-ignore lint/a11y/noStaticElementInteractions: as above; the whole card is a pointer shortcut
    <div
      onClick={onClick}
      className="grid cursor-pointer gap-3 rounded-lg border border-border bg-card p-4 transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
          <span className="sr-only">Task </span>
          {number}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">
            <Link
              to={href}
              className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {task.name}
            </Link>
          </h3>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <TaskStatusBadge status={task.status} />
            {task.isCritical && <CriticalPathBadge />}
            {waitsForMaterials(task) && (
              <Badge variant="warning" className="gap-1">
                <PackageOpen className="size-3" aria-hidden="true" />
                {task.materialsExpectedDate
                  ? `Materials due ${formatDay(task.materialsExpectedDate)}`
                  : 'Waiting for materials'}
              </Badge>
            )}
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-1 size-8 shrink-0 text-muted-foreground hover:text-destructive"
          aria-label={`Delete task ${task.name}`}
          onClick={() => onDelete(task)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm sm:grid sm:grid-cols-3">
        <div className="flex items-center gap-1.5">
          <Calendar className="size-4 text-muted-foreground" aria-hidden="true" />
          <dt className="text-muted-foreground">Start:</dt>
          <dd className="whitespace-nowrap">{formatDay(task.startDate)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Calendar className="size-4 text-muted-foreground" aria-hidden="true" />
          <dt className="text-muted-foreground">Due:</dt>
          <dd className="whitespace-nowrap">{formatDay(task.endDate)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <ListChecks className="size-4 text-muted-foreground" aria-hidden="true" />
          <dt className="text-muted-foreground">Checklist:</dt>
          <dd className="tabular-nums">
            {checklist.done}/{checklist.total}
          </dd>
        </div>
      </dl>
      <div className="flex items-center gap-3">
        <Progress value={task.progress} aria-label={`Progress of ${task.name}`} className="flex-1" />
        <span className="w-10 text-right text-sm font-medium tabular-nums">{task.progress}%</span>
      </div>
    </div>
  );
});
