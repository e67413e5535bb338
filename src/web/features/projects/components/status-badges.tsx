import type { ProjectStatus, TaskStatus } from '@/contracts/enums';
import { Badge } from '@/web/components/ui/badge';
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUS_VARIANTS,
  TASK_STATUS_LABELS,
  TASK_STATUS_VARIANTS,
} from '../lib/status';

/**
 * The project's status; while an estimate of it waits for the user's answers, that is what it shows
 * ("Answer needed"), not a status that says all is well.
 */
export function ProjectStatusBadge({
  status,
  awaitingAnswers = false,
}: {
  status: ProjectStatus;
  awaitingAnswers?: boolean;
}) {
  if (awaitingAnswers) {
    return (
      <Badge variant="warning" title="An estimate asks a question before it is planned">
        Answer needed
      </Badge>
    );
  }
  return <Badge variant={PROJECT_STATUS_VARIANTS[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge variant={TASK_STATUS_VARIANTS[status]}>{TASK_STATUS_LABELS[status]}</Badge>;
}

export function CriticalPathBadge() {
  return (
    <Badge variant="outline" className="border-red-300 bg-red-50 text-red-800">
      Critical Path
    </Badge>
  );
}
