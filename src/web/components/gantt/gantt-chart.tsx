/**
 * The Gantt chart: presentational. It shows the tasks it is given and reports what the user asks
 * for (move a start, change a duration, add a link, change or delete a link); the caller saves and
 * passes the new tasks in.
 *
 * Rows are windowed: only the rows in view (plus a few either side) are in the DOM, so a project of
 * thousands of tasks scrolls smoothly. Printing and the PNG export draw the whole chart as one SVG.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { projectWorkingDays, type WorkingDays } from '@/domain/schedule/calendar-days';
import { cn } from '@/web/lib/utils';
import { BaselineBar } from './gantt-baseline';
import { downloadSvgAsPng, pngFileName } from './gantt-export';
import { FullGanttSvg } from './gantt-full-svg';
import {
  daySerial,
  type GanttLink,
  type GanttTask,
  type GanttZoom,
  type LinkType,
  visibleRange,
} from './gantt-geometry';
import { COLORS, fitGanttWidth, HEADER_HEIGHT, layoutGantt, ROW_HEIGHT } from './gantt-layout';
import { GanttLinkDialog } from './gantt-link-dialog';
import { GanttNameRow } from './gantt-name-row';
import { ArrowMarkers, barRight, GanttGrid, GanttScale, LinkArrows, TaskMarkers } from './gantt-svg';
import { GanttTaskBar } from './gantt-task-bar';
import { GanttToolbar } from './gantt-toolbar';
import { useGanttEditing } from './use-gantt-editing';
import './gantt-print.css';

export interface GanttChartProps {
  tasks: readonly GanttTask[];
  /** Shown on prints and exports, and names the PNG file. */
  title: string;
  /** The bar was dragged (or moved with the arrow keys) to start on this day, `YYYY-MM-DD`. */
  onMoveStart: (taskId: number, newStartDate: string) => void;
  /** The bar's end was dragged (or Shift + arrow keys): its new duration in working days. */
  onResize: (taskId: number, newDurationDays: number) => void;
  /** A link was drawn from one bar's connector to another bar. */
  onLink: (fromId: number, toId: number, type: LinkType) => void;
  /**
   * A task's links were changed in the link dialog (a link's type or lag, or a link deleted): its
   * new predecessor links. Without it, arrows and Enter open no dialog.
   */
  onChangeLinks?: ((taskId: number, links: GanttLink[]) => void) | undefined;
  /** The project's finish, `YYYY-MM-DD`; the latest task end when not given. */
  finishDate?: string | undefined;
  /** Today, `YYYY-MM-DD` (the browser's date when not given). */
  today?: string | undefined;
  /** The project's data date `YYYY-MM-DD`, drawn as a solid line; none when null. */
  dataDate?: string | null | undefined;
  /**
   * The project's working days (`projectWorkingDays(project.calendar)`): the days it does not work
   * are shaded. The default calendar (Monday–Friday, US federal holidays off) when not given.
   */
  calendar?: WorkingDays | undefined;
  /** A change is being saved: the bars are not draggable meanwhile. */
  busy?: boolean | undefined;
  /** Height of the scrolling area, px. */
  height?: number | undefined;
  initialZoom?: GanttZoom | undefined;
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const DEFAULT_CALENDAR = projectWorkingDays(null);

export function GanttChart({
  tasks,
  title,
  onMoveStart,
  onResize,
  onLink,
  onChangeLinks,
  finishDate,
  today: todayProp,
  dataDate: dataDateProp = null,
  calendar = DEFAULT_CALENDAR,
  busy = false,
  height = 520,
  initialZoom = 'week',
}: GanttChartProps) {
  const id = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const [zoom, setZoom] = useState<GanttZoom>(initialZoom);
  const today = daySerial(todayProp ?? localToday());
  const dataDate = dataDateProp ? daySerial(dataDateProp) : null;
  // The scrolling frame's width: null until it is measured, before the first paint.
  const [frameWidth, setFrameWidth] = useState<number | null>(null);
  const labelWidth = (frameWidth ?? 1024) < 640 ? 132 : 240;
  // Laid out once per tasks and zoom; measuring the frame only stretches the range to fill it (the
  // chart fills the frame, less the names column and its border, when the tasks span less).
  const tasksLayout = useMemo(() => layoutGantt(tasks, zoom, today), [tasks, zoom, today]);
  const chartMinWidth = Math.max(0, (frameWidth ?? 0) - labelWidth - 2);
  const layout = useMemo(() => fitGanttWidth(tasksLayout, chartMinWidth), [tasksLayout, chartMinWidth]);
  const scroller = useRef<HTMLDivElement>(null);
  const chartSvg = useRef<SVGSVGElement>(null);
  const fullSvg = useRef<SVGSVGElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const editing = useGanttEditing({
    tasks,
    layout,
    chartSvg,
    busy,
    announce: setAnnouncement,
    callbacks: { onMoveStart, onResize, onLink, onChangeLinks },
  });
  const { drag } = editing;
  const [full, setFull] = useState<'print' | 'png' | null>(null);
  const [exportError, setExportError] = useState('');
  const nameOf = useCallback(
    (taskId: number) => layout.placed.get(taskId)?.task.name ?? `Task ${taskId}`,
    [layout],
  );

  // A short project gets a short frame (room for a horizontal scroll bar below the last row).
  const frameHeight = Math.min(height, HEADER_HEIGHT + layout.height + 18);
  const bodyHeight = Math.max(ROW_HEIGHT, height - HEADER_HEIGHT);
  // The rows drawn snap to blocks of 16 (8 rows beyond each edge): the scroll handler asks the same
  // question, so a scroll within one block renders nothing.
  const rowsInView = (top: number) =>
    visibleRange(Math.max(0, top - HEADER_HEIGHT), bodyHeight, ROW_HEIGHT, layout.rows.length, 8, 16);
  const range = rowsInView(scrollTop);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // The same width again (the observer's first report) renders nothing.
    const measure = () => setFrameWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Printing from the browser menu also draws the whole chart (not just the rows in view).
  useEffect(() => {
    const before = () => flushSync(() => setFull('print'));
    const after = () => setFull(null);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const finish = finishDate ? daySerial(finishDate) : layout.lastEnd;

  const print = () => {
    flushSync(() => setFull('print'));
    window.print();
    setFull(null);
  };

  const exportPng = async () => {
    setExportError('');
    flushSync(() => setFull('png'));
    const svg = fullSvg.current;
    try {
      if (svg) await downloadSvgAsPng(svg, pngFileName(title));
      setAnnouncement('Gantt chart saved as PNG');
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The chart could not be saved as an image.');
    } finally {
      setFull(null);
    }
  };

  const visibleRows = layout.rows.slice(range.first, range.last);
  const dragging = drag && layout.placed.get(drag.taskId);
  const instructionsId = `${id}-keys`;

  return (
    <div className="grid gap-3" data-gantt="">
      <GanttToolbar
        zoom={zoom}
        onZoom={setZoom}
        finish={finish}
        onPrint={print}
        onExportPng={() => void exportPng()}
      />
      {exportError && <p className="text-sm text-destructive">{exportError}</p>}
      <p id={instructionsId} className="text-xs text-muted-foreground">
        Drag a bar to move it (it then starts no earlier than that day), its right edge to change its length,
        its dot onto another bar to link them; click an arrow to change or delete the link. With a bar
        focused: arrow keys move it a working day, Shift + arrow keys change its length, Enter edits its
        links.
      </p>
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>

      {/* Contained (its height is set, its width the column's): the rows a scroll brings in are laid
          out inside the frame without the page around it. */}
      <div
        ref={scroller}
        className={cn('relative overflow-auto rounded-md border bg-card', drag && 'select-none')}
        style={{ height: frameHeight, contain: 'strict' }}
        onScroll={(e) => {
          // Only the row block in view is state: a scroll inside the same block renders nothing.
          const top = e.currentTarget.scrollTop;
          const next = rowsInView(top);
          if (next.first !== range.first || next.last !== range.last) setScrollTop(top);
        }}
        data-gantt-scroller=""
      >
        <div style={{ width: labelWidth + layout.width }}>
          {frameWidth === null ? (
            // Until the frame is measured (before the first paint), a stand-in as tall as the chart:
            // the frame is measured with its scroll bars, and the rows are laid out by the browser
            // once, at the width they are drawn for.
            <div style={{ height: HEADER_HEIGHT + layout.height }} />
          ) : (
            <>
              <div className="sticky top-0 z-20 flex bg-card" style={{ height: HEADER_HEIGHT }}>
                <div
                  className="sticky left-0 z-30 flex shrink-0 items-end border-r border-b bg-card px-2 pb-2 text-xs font-medium text-muted-foreground"
                  style={{ width: labelWidth }}
                >
                  Task
                </div>
                <svg width={layout.width} height={HEADER_HEIGHT} aria-hidden="true" className="shrink-0">
                  <GanttScale layout={layout} zoom={zoom} />
                </svg>
              </div>
              <div className="flex" style={{ height: layout.height }}>
                <div className="sticky left-0 z-10 shrink-0 border-r bg-card" style={{ width: labelWidth }}>
                  <div className="relative" style={{ height: layout.height }}>
                    {visibleRows.map((row, i) => (
                      <GanttNameRow
                        key={row.kind === 'phase' ? `p-${row.phase}` : row.task.id}
                        row={row}
                        top={(range.first + i) * ROW_HEIGHT}
                      />
                    ))}
                  </div>
                </div>
                {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; it groups the focusable bars. */}
                <svg
                  ref={chartSvg}
                  width={layout.width}
                  height={layout.height}
                  className="shrink-0 touch-none"
                  role="group"
                  aria-label={`Gantt chart, ${layout.placed.size} tasks`}
                  aria-describedby={instructionsId}
                >
                  <ArrowMarkers id={id} />
                  {visibleRows.map((row, i) =>
                    row.kind === 'phase' ? (
                      <rect
                        key={`p-${row.phase}`}
                        x={0}
                        y={(range.first + i) * ROW_HEIGHT}
                        width={layout.width}
                        height={ROW_HEIGHT}
                        fill={COLORS.phase}
                      />
                    ) : null,
                  )}
                  <GanttGrid
                    layout={layout}
                    zoom={zoom}
                    today={today}
                    height={layout.height}
                    calendar={calendar}
                    dataDate={dataDate}
                  />
                  <LinkArrows
                    layout={layout}
                    markerId={id}
                    first={range.first}
                    last={range.last}
                    onLinkClick={onChangeLinks && !busy && !drag ? editing.onLinkClick : undefined}
                    nameOf={nameOf}
                  />
                  {visibleRows.map((row) => {
                    const placed = row.kind === 'task' ? layout.placed.get(row.task.id) : undefined;
                    return placed?.baselineStartSerial !== undefined ? (
                      <g key={`b-${placed.task.id}`} transform={`translate(0, ${placed.row * ROW_HEIGHT})`}>
                        <BaselineBar placed={placed} layout={layout} />
                      </g>
                    ) : null;
                  })}
                  {visibleRows.map((row) => {
                    const placed = row.kind === 'task' ? layout.placed.get(row.task.id) : undefined;
                    return placed ? (
                      <GanttTaskBar
                        key={placed.task.id}
                        placed={placed}
                        layout={layout}
                        preview={editing.previewOf(placed)}
                        instructionsId={instructionsId}
                        onDragStart={editing.startDrag}
                        onKeyDown={editing.onBarKey}
                      />
                    ) : null;
                  })}
                  {visibleRows.map((row) => {
                    const placed = row.kind === 'task' ? layout.placed.get(row.task.id) : undefined;
                    return placed &&
                      (placed.materialsSerial !== undefined || placed.constraintSerial !== undefined) ? (
                      <g key={`m-${placed.task.id}`} transform={`translate(0, ${placed.row * ROW_HEIGHT})`}>
                        <TaskMarkers placed={placed} layout={layout} />
                      </g>
                    ) : null;
                  })}
                  {drag?.mode === 'link' && dragging && (
                    <line
                      x1={barRight(dragging, layout) + 9}
                      y1={dragging.row * ROW_HEIGHT + ROW_HEIGHT / 2}
                      x2={drag.x}
                      y2={drag.y}
                      stroke={COLORS.text}
                      strokeWidth={1.5}
                      strokeDasharray="4 3"
                      pointerEvents="none"
                    />
                  )}
                </svg>
              </div>
            </>
          )}
        </div>
      </div>
      <GanttLinkDialog
        target={editing.linkTarget}
        nameOf={nameOf}
        onClose={editing.closeLinks}
        onSave={editing.saveLinks}
      />
      {full &&
        createPortal(
          <div className="gantt-print" data-mode={full}>
            <FullGanttSvg
              svgRef={fullSvg}
              layout={layout}
              zoom={zoom}
              today={today}
              dataDate={dataDate}
              calendar={calendar}
              title={title}
            />
          </div>,
          document.body,
        )}
    </div>
  );
}
