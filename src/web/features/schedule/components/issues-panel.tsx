import { CheckCircle2 } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { issuesOf } from '@/domain/schedule-view';
import { Button } from '@/web/components/ui/button';
import type { ScheduleTask } from '../api/get-schedule-tasks';
import { TaskRow } from './task-chip';

/** How many rows a list shows before "Show all". */
export const LIST_STEP = 25;

/** Issues & Blockers: the period's overdue tasks, then its unfinished critical-path tasks. */
export const IssuesPanel = memo(function IssuesPanel({
  tasks,
  today,
  period,
}: {
  tasks: readonly ScheduleTask[];
  today: string;
  period: string;
}) {
  const issues = useMemo(() => issuesOf(tasks, today), [tasks, today]);
  const [limit, setLimit] = useState(LIST_STEP);
  if (issues.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <CheckCircle2 className="size-8 text-green-600" aria-hidden="true" />
        <p className="font-medium">No Issues Found</p>
        <p className="text-sm text-muted-foreground">No overdue or critical-path tasks this {period}.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {issues.filter((i) => i.overdue).length} overdue, {issues.filter((i) => i.critical).length} on the
        critical path.
      </p>
      <ul className="grid gap-2" aria-label="Issues and blockers">
        {issues.slice(0, limit).map(({ task, overdue }) => (
          <li key={task.id}>
            <TaskRow task={task} overdue={overdue} />
          </li>
        ))}
      </ul>
      {issues.length > limit && (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => setLimit(issues.length)}>
          Show all {issues.length}
        </Button>
      )}
    </div>
  );
});
