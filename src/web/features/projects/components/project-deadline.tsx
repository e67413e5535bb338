/**
 * The project's contractual deadline beside its finish (the end date, which follows the schedule),
 * and a warning when the finish falls after it: the days late as the server counts them.
 */
import { AlertTriangle } from 'lucide-react';
import type { ProjectDto } from '@/contracts/projects';
import { cn } from '@/web/lib/utils';
import { formatDay } from '../lib/dates';

type DeadlineFacts = Pick<ProjectDto, 'deadline' | 'daysPastDeadline'>;

/** Whether the finish falls after the deadline. */
export const finishesLate = (project: DeadlineFacts) => (project.daysPastDeadline ?? 0) > 0;

/** "Finishes 12 days after the Apr 15, 2026 deadline". */
export function lateMessage(project: DeadlineFacts): string {
  const days = project.daysPastDeadline ?? 0;
  return `Finishes ${days} ${days === 1 ? 'day' : 'days'} after the ${formatDay(`${project.deadline}T00:00:00Z`)} deadline`;
}

/** The deadline as a definition (term and value), red when the finish passes it. */
export function DeadlineValue({ project, className }: { project: DeadlineFacts; className?: string }) {
  if (!project.deadline) return null;
  const late = finishesLate(project);
  return (
    <div className={className}>
      <dt className="text-muted-foreground">Deadline</dt>
      <dd className={cn('font-medium', late && 'text-red-700')} data-late={late || undefined}>
        {formatDay(`${project.deadline}T00:00:00Z`)}
      </dd>
    </div>
  );
}

/** The warning line shown when the scheduled finish passes the deadline. */
export function DeadlineWarning({ project, className }: { project: DeadlineFacts; className?: string }) {
  if (!project.deadline || !finishesLate(project)) return null;
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800',
        className,
      )}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{lateMessage(project)}</span>
    </p>
  );
}
