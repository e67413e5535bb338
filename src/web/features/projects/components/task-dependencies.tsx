/**
 * What a task waits for: each predecessor link with its type, its lag and, when the plan gave it
 * one, the reason ("Countertops are fabricated from the template: 10 working days"). The links are
 * edited on the Gantt; this list reads them.
 */
import { Link } from 'react-router';
import type { TaskDto } from '@/contracts/tasks';
import { parseDependencies } from '@/domain/schedule/dependencies';
import { LINK_TYPE_NAMES } from '@/domain/schedule/link-types';
import { useProjectTasks } from '../api/get-project-tasks';

const lagText = (lag: number) =>
  lag === 0
    ? ''
    : `, ${lag > 0 ? '+' : ''}${lag} working day${Math.abs(lag) === 1 ? '' : 's'}${lag < 0 ? ' (lead)' : ''}`;

export function TaskDependencies({ task }: { task: TaskDto }) {
  const tasks = useProjectTasks(task.projectId);
  const parsed = parseDependencies(task.dependencies);
  const nameOf = new Map((tasks.data ?? []).map((t) => [t.id, t.name] as const));
  return (
    <section aria-labelledby={`task-${task.id}-depends`}>
      <h2 id={`task-${task.id}-depends`} className="text-sm font-medium text-muted-foreground">
        Waits for
      </h2>
      {!parsed.ok ? (
        <p className="mt-1 text-sm text-destructive">The dependencies of this task cannot be read.</p>
      ) : parsed.value.length === 0 ? (
        <p className="mt-1 text-sm">No predecessors: the task can start at the beginning of the project.</p>
      ) : (
        <ul className="mt-1 grid gap-2" data-testid="task-dependencies">
          {parsed.value.map((d) => (
            <li
              key={`${d.taskId}-${d.type}-${d.lagDays}`}
              className="rounded-md border px-3 py-2 text-sm"
              data-dependency={d.taskId}
            >
              <div className="flex flex-wrap items-baseline gap-x-2">
                <Link
                  to={`/projects/${task.projectId}/tasks/${d.taskId}`}
                  className="font-medium break-words underline-offset-4 hover:underline"
                >
                  {nameOf.get(d.taskId) ?? `Task ${d.taskId}`}
                </Link>
                <span className="text-muted-foreground">
                  {LINK_TYPE_NAMES[d.type].toLowerCase()}
                  {lagText(d.lagDays)}
                </span>
              </div>
              {d.reason && <p className="mt-0.5 break-words text-muted-foreground">{d.reason}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
