/** One row of the chart's names column: a phase heading, or a task's name with its flags. */
import { memo } from 'react';
import { VarianceBadge } from './gantt-baseline';
import type { GanttRow } from './gantt-geometry';
import { ROW_HEIGHT } from './gantt-layout';

/**
 * Memoised on its row and place: a scroll that draws the next block of rows draws only the rows
 * that came into view.
 */
export const GanttNameRow = memo(function GanttNameRow({ row, top }: { row: GanttRow; top: number }) {
  if (row.kind === 'phase') {
    return (
      <div
        className="absolute inset-x-0 flex items-center truncate bg-secondary px-2 text-xs font-semibold"
        style={{ top, height: ROW_HEIGHT }}
        data-phase={row.phase}
      >
        <span className="truncate">
          {row.phase} <span className="font-normal text-muted-foreground">({row.count})</span>
        </span>
      </div>
    );
  }
  return (
    <div
      className="absolute inset-x-0 flex items-center gap-1.5 pr-2 pl-4 text-xs"
      style={{ top, height: ROW_HEIGHT }}
      title={row.task.name}
    >
      {row.task.isCritical && (
        <span className="size-1.5 shrink-0 rounded-full bg-red-600" aria-label="critical" role="img" />
      )}
      <span className="truncate">{row.task.name}</span>
      <VarianceBadge task={row.task} />
    </div>
  );
});
