/**
 * One task's bar in the interactive chart: the bar (moved or resized as the drag previews it), its
 * resize handle and its link dot, focusable and keyboard operable.
 */
import {
  memo,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { varianceWords } from './gantt-baseline';
import { isoOfSerial, longDate } from './gantt-geometry';
import { COLORS, type GanttLayout, type PlacedTask, ROW_HEIGHT } from './gantt-layout';
import { type BarPreview, BarShape, barRight } from './gantt-svg';
import type { DragMode } from './use-gantt-editing';

/** What a screen reader hears on a focused bar. */
export function describeBar(t: PlacedTask): string {
  const days = t.task.duration === 1 ? '1 working day' : `${t.task.duration} working days`;
  const float =
    t.task.totalFloat !== undefined && t.task.totalFloat > 0 ? `, ${t.task.totalFloat} days of float` : '';
  const constraint =
    t.constraintSerial !== undefined ? `, starts no earlier than ${longDate(t.constraintSerial)}` : '';
  const materials =
    t.materialsSerial !== undefined ? `, materials expected ${longDate(t.materialsSerial)}` : '';
  const links = t.task.dependencies.length > 0 ? `, ${t.task.dependencies.length} links (Enter to edit)` : '';
  const variance =
    typeof t.task.finishVarianceDays === 'number' ? `, ${varianceWords(t.task.finishVarianceDays)}` : '';
  return `${t.task.name}: ${longDate(t.startSerial)} to ${longDate(t.endSerial)}, ${days}${
    t.task.isCritical ? ', critical' : ''
  }${float}${constraint}${materials}${variance}${links}`;
}

/**
 * Memoised: with the chart's handlers stable, a scroll draws only the bars that came into view and a
 * drag redraws only the bar being dragged.
 */
export const GanttTaskBar = memo(function GanttTaskBar({
  placed,
  layout,
  preview,
  instructionsId,
  onDragStart,
  onKeyDown,
}: {
  placed: PlacedTask;
  layout: GanttLayout;
  preview: BarPreview | undefined;
  instructionsId: string;
  onDragStart: (event: ReactPointerEvent, taskId: number, mode: DragMode) => void;
  onKeyDown: (event: ReactKeyboardEvent, placed: PlacedTask) => void;
}) {
  const right = barRight(placed, layout);
  const shift = preview ? (preview.moveDays + preview.resizeDays) * layout.pxPerDay : 0;
  const milestone = placed.task.duration === 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG bar cannot be a <button>; it is focusable and keyboard operable.
    <g
      role="button"
      tabIndex={0}
      aria-roledescription="task bar"
      aria-label={describeBar(placed)}
      aria-describedby={instructionsId}
      data-task-id={placed.task.id}
      data-start={isoOfSerial(placed.startSerial)}
      data-end={isoOfSerial(placed.endSerial)}
      data-duration={placed.task.duration}
      data-critical={placed.task.isCritical}
      transform={`translate(0, ${placed.row * ROW_HEIGHT})`}
      className="cursor-grab outline-none [&:focus-visible_[data-bar]]:stroke-[#0f172a] [&:focus-visible_[data-bar]]:stroke-2"
      onPointerDown={(e) => onDragStart(e, placed.task.id, 'move')}
      onKeyDown={(e) => onKeyDown(e, placed)}
    >
      <BarShape placed={placed} layout={layout} preview={preview} />
      {!milestone && (
        <rect
          data-resize-handle=""
          x={right + shift - 6}
          y={(ROW_HEIGHT - 20) / 2}
          width={10}
          height={20}
          fill="transparent"
          className="cursor-ew-resize"
          onPointerDown={(e) => onDragStart(e, placed.task.id, 'resize')}
        />
      )}
      <circle
        data-connector=""
        cx={right + shift + (milestone ? 4 : 9)}
        cy={ROW_HEIGHT / 2}
        r={4.5}
        fill="#ffffff"
        stroke={placed.task.isCritical ? COLORS.critical : COLORS.bar}
        strokeWidth={1.5}
        className="cursor-crosshair"
        onPointerDown={(e) => onDragStart(e, placed.task.id, 'link')}
      />
    </g>
  );
});
