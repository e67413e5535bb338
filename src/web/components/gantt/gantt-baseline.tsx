/**
 * The baseline in the chart: a thin bar under each task's current bar spanning its baseline dates
 * (a small diamond for a milestone), and the finish variance shown by the task's name: `+N d` late
 * in red, `−N d` early in green, `0 d` on time. Drawn the same on screen, in print and in the PNG.
 */
import { cn } from '@/web/lib/utils';
import { type GanttRow, type GanttTask, longDate } from './gantt-geometry';
import { BAR_HEIGHT, type GanttLayout, type PlacedTask, ROW_HEIGHT } from './gantt-layout';

/** Literal colours, as the rest of the chart (the PNG export has no CSS). */
export const BASELINE_COLORS = { bar: '#8b98ab', late: '#dc2626', early: '#15803d', onTime: '#64748b' };

const BASELINE_HEIGHT = 4;
/** Just under the current bar, inside the row. */
const BASELINE_Y = (ROW_HEIGHT + BAR_HEIGHT) / 2 + 1;

const plural = (n: number) => (n === 1 ? 'day' : 'days');

/** `+2 d`, `−3 d` (a true minus), `0 d`. */
export function varianceText(days: number): string {
  return days > 0 ? `+${days} d` : days < 0 ? `\u2212${-days} d` : '0 d';
}

/** The variance in words: "2 working days late", "3 working days early", "on time". */
export function varianceWords(days: number): string {
  if (days === 0) return 'on time against the baseline';
  const n = Math.abs(days);
  return `${n} working ${plural(n)} ${days > 0 ? 'late' : 'early'} against the baseline`;
}

export function varianceColor(days: number): string {
  return days > 0 ? BASELINE_COLORS.late : days < 0 ? BASELINE_COLORS.early : BASELINE_COLORS.onTime;
}

/** A task's baseline bar in row coordinates; nothing when it has no baseline dates. */
export function BaselineBar({ placed, layout }: { placed: PlacedTask; layout: GanttLayout }) {
  const { baselineStartSerial: start, baselineEndSerial: end } = placed;
  if (start === undefined || end === undefined) return null;
  const ppd = layout.pxPerDay;
  const x = (start - layout.origin) * ppd;
  const label = `${placed.task.name}: baseline ${longDate(start)} to ${longDate(end)}`;
  if (placed.task.duration === 0) {
    const cx = x + ppd / 2;
    const cy = BASELINE_Y + BASELINE_HEIGHT / 2;
    const r = 3.5;
    return (
      <path
        data-baseline-bar={placed.task.id}
        d={`M${cx},${cy - r} L${cx + r},${cy} L${cx},${cy + r} L${cx - r},${cy} z`}
        fill={BASELINE_COLORS.bar}
        pointerEvents="none"
      >
        <title>{label}</title>
      </path>
    );
  }
  return (
    <rect
      data-baseline-bar={placed.task.id}
      x={x}
      y={BASELINE_Y}
      width={Math.max(ppd, (end - start + 1) * ppd)}
      height={BASELINE_HEIGHT}
      rx={1}
      fill={BASELINE_COLORS.bar}
      pointerEvents="none"
    >
      <title>{label}</title>
    </rect>
  );
}

/** The variance beside a task's name in the names column; nothing without a baseline finish. */
export function VarianceBadge({ task }: { task: GanttTask }) {
  const days = task.finishVarianceDays;
  if (days === null || days === undefined) return null;
  return (
    <span
      data-variance={days}
      className={cn(
        'ml-auto shrink-0 font-medium tabular-nums',
        days > 0 ? 'text-red-600' : days < 0 ? 'text-green-700' : 'text-muted-foreground',
      )}
      title={`Finish ${varianceWords(days)}`}
    >
      <span aria-hidden="true">{varianceText(days)}</span>
      <span className="sr-only">{varianceWords(days)}</span>
    </span>
  );
}

/** Whether a task is compared with a baseline that holds it. */
export function hasVariance(task: GanttTask): boolean {
  return typeof task.finishVarianceDays === 'number';
}

/** The variances as SVG text right-aligned at `right` in the names column (print and PNG). */
export function VarianceLabels({ rows, right }: { rows: readonly GanttRow[]; right: number }) {
  return (
    <>
      {rows.map((row, i) => {
        if (row.kind !== 'task' || typeof row.task.finishVarianceDays !== 'number') return null;
        const days = row.task.finishVarianceDays;
        return (
          <text
            key={`v-${row.task.id}`}
            x={right}
            y={i * ROW_HEIGHT + ROW_HEIGHT / 2 + 4}
            textAnchor="end"
            fontWeight="600"
            fill={varianceColor(days)}
          >
            {varianceText(days)}
          </text>
        );
      })}
    </>
  );
}
