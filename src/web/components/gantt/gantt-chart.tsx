/**
 * The Gantt chart: presentational. It shows the tasks it is given and reports what the user asks
 * for (move a start, change a duration, add a link, change or delete a link); the caller saves and
 * passes the new tasks in.
 *
 * Rows are windowed: only the rows in view (plus a few either side) are in the DOM, so a project of
 * thousands of tasks scrolls smoothly. Printing and the PNG export draw the whole chart as one SVG.
 */
import { Download, Printer } from 'lucide-react';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { downloadSvgAsPng, pngFileName } from './gantt-export';
import {
  addWorkingDays,
  daySerial,
  daysOfDrag,
  type GanttLink,
  type GanttTask,
  type GanttZoom,
  isoOfSerial,
  type LinkType,
  longDate,
  resizedDuration,
  visibleRange,
} from './gantt-geometry';
import {
  COLORS,
  HEADER_HEIGHT,
  layoutGantt,
  type PlacedLink,
  type PlacedTask,
  ROW_HEIGHT,
} from './gantt-layout';
import { GanttLinkDialog, type LinkDialogTarget } from './gantt-link-dialog';
import {
  ArrowMarkers,
  type BarPreview,
  BarShape,
  barRight,
  FullGanttSvg,
  GanttGrid,
  GanttScale,
  LinkArrows,
  TaskMarkers,
} from './gantt-svg';
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
  /** A change is being saved: the bars are not draggable meanwhile. */
  busy?: boolean | undefined;
  /** Height of the scrolling area, px. */
  height?: number | undefined;
  initialZoom?: GanttZoom | undefined;
}

type DragMode = 'move' | 'resize' | 'link';

interface Drag {
  taskId: number;
  mode: DragMode;
  startX: number;
  dx: number;
  /** Pointer in chart coordinates (link mode). */
  x: number;
  y: number;
  moved: boolean;
}

const ZOOMS: { value: GanttZoom; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** Calendar days the end of a bar moves when its duration becomes `duration` working days. */
function resizedEnd(placed: PlacedTask, duration: number): number {
  return addWorkingDays(placed.startSerial, Math.max(1, duration) - 1) - placed.endSerial;
}

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function GanttChart({
  tasks,
  title,
  onMoveStart,
  onResize,
  onLink,
  onChangeLinks,
  finishDate,
  today: todayProp,
  busy = false,
  height = 520,
  initialZoom = 'week',
}: GanttChartProps) {
  const id = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const [zoom, setZoom] = useState<GanttZoom>(initialZoom);
  const today = daySerial(todayProp ?? localToday());
  const [viewport, setViewport] = useState({ width: 1024, height });
  const labelWidth = viewport.width < 640 ? 132 : 240;
  // The chart fills the frame (less the names column and its border) when the tasks span less.
  const chartMinWidth = Math.max(0, viewport.width - labelWidth - 2);
  const layout = useMemo(
    () => layoutGantt(tasks, zoom, today, chartMinWidth),
    [tasks, zoom, today, chartMinWidth],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const chartSvg = useRef<SVGSVGElement>(null);
  const fullSvg = useRef<SVGSVGElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [drag, setDrag] = useState<Drag | null>(null);
  // A change handed to the caller: the bar stays where it was dropped until the caller's save ends
  // (its tasks then show the server's dates), or after a moment when the caller saved nothing.
  const [pending, setPending] = useState<{ taskId: number } & BarPreview>();
  const [pendingTasks, setPendingTasks] = useState(tasks);
  const [wasBusy, setWasBusy] = useState(busy);
  if (pendingTasks !== tasks || wasBusy !== busy) {
    setPendingTasks(tasks);
    setWasBusy(busy);
    if (pending && (pendingTasks !== tasks || !busy)) setPending(undefined);
  }
  useEffect(() => {
    if (!pending || busy) return;
    const timer = setTimeout(() => setPending(undefined), 400);
    return () => clearTimeout(timer);
  }, [pending, busy]);
  const dragRef = useRef<Drag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [full, setFull] = useState<'print' | 'png' | null>(null);
  const [exportError, setExportError] = useState('');
  const [linkTarget, setLinkTarget] = useState<LinkDialogTarget | null>(null);
  const nameOf = useCallback(
    (taskId: number) => layout.placed.get(taskId)?.task.name ?? `Task ${taskId}`,
    [layout],
  );

  /** Opens the link dialog on a task's link to `predecessorId` (its first link when not given). */
  const openLinks = (task: GanttTask, predecessorId?: number) => {
    if (!onChangeLinks) return;
    const first = task.dependencies.find((d) => layout.placed.has(d.taskId));
    if (!first) {
      setAnnouncement(`${task.name} has no links to edit. Draw one from another bar's dot.`);
      return;
    }
    if (busy) {
      setAnnouncement('Still saving the last change');
      return;
    }
    setLinkTarget({
      successorId: task.id,
      successorName: task.name,
      links: task.dependencies,
      predecessorId: predecessorId ?? first.taskId,
    });
  };
  const onLinkClick = (link: PlacedLink) => {
    const task = layout.placed.get(link.successorId)?.task;
    if (task) openLinks(task, link.predecessorId);
  };

  // A short project gets a short frame (room for a horizontal scroll bar below the last row).
  const frameHeight = Math.min(height, HEADER_HEIGHT + layout.height + 18);
  const bodyHeight = Math.max(ROW_HEIGHT, height - HEADER_HEIGHT);
  const range = visibleRange(
    Math.max(0, scrollTop - HEADER_HEIGHT),
    bodyHeight,
    ROW_HEIGHT,
    layout.rows.length,
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight });
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

  const describe = useCallback((t: PlacedTask) => {
    const days = t.task.duration === 1 ? '1 working day' : `${t.task.duration} working days`;
    const float =
      t.task.totalFloat !== undefined && t.task.totalFloat > 0 ? `, ${t.task.totalFloat} days of float` : '';
    const constraint =
      t.constraintSerial !== undefined ? `, starts no earlier than ${longDate(t.constraintSerial)}` : '';
    const materials =
      t.materialsSerial !== undefined ? `, materials expected ${longDate(t.materialsSerial)}` : '';
    const links =
      t.task.dependencies.length > 0 ? `, ${t.task.dependencies.length} links (Enter to edit)` : '';
    return `${t.task.name}: ${longDate(t.startSerial)} to ${longDate(t.endSerial)}, ${days}${
      t.task.isCritical ? ', critical' : ''
    }${float}${constraint}${materials}${links}`;
  }, []);

  const pointInChart = (clientX: number, clientY: number) => {
    const rect = chartSvg.current?.getBoundingClientRect();
    return rect ? { x: clientX - rect.left, y: clientY - rect.top } : { x: 0, y: 0 };
  };

  const startDrag = (event: ReactPointerEvent, taskId: number, mode: DragMode) => {
    if (busy || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const p = pointInChart(event.clientX, event.clientY);
    const next: Drag = { taskId, mode, startX: event.clientX, dx: 0, x: p.x, y: p.y, moved: false };
    dragRef.current = next;
    setDrag(next);
  };

  const active = drag !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listeners follow the drag through refs; they are bound once per drag.
  useEffect(() => {
    if (!active) return;
    const onMove = (event: PointerEvent) => {
      const current = dragRef.current;
      if (!current) return;
      const dx = event.clientX - current.startX;
      const p = pointInChart(event.clientX, event.clientY);
      const next = {
        ...current,
        dx,
        x: p.x,
        y: p.y,
        moved: current.moved || Math.abs(dx) > 3 || current.mode === 'link',
      };
      dragRef.current = next;
      setDrag(next);
    };
    const onUp = (event: PointerEvent) => {
      const current = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (!current?.moved) return;
      const placed = layout.placed.get(current.taskId);
      if (!placed) return;
      if (current.mode === 'link') {
        const target = document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-task-id]');
        const toId = Number(target?.getAttribute('data-task-id'));
        if (Number.isFinite(toId) && toId > 0 && toId !== current.taskId) {
          const to = layout.placed.get(toId);
          onLink(current.taskId, toId, 'FS');
          setAnnouncement(`Linking ${placed.task.name} to ${to?.task.name ?? 'task'}, finish to start`);
        }
        return;
      }
      const days = daysOfDrag(current.dx, layout.pxPerDay);
      if (days === 0) return;
      if (current.mode === 'move') {
        const start = placed.startSerial + days;
        onMoveStart(current.taskId, isoOfSerial(start));
        setPending({ taskId: current.taskId, moveDays: days, resizeDays: 0 });
        setAnnouncement(`Moving ${placed.task.name} to start ${longDate(start)}`);
      } else {
        const duration = resizedDuration(placed.startSerial, placed.endSerial, days);
        if (duration === placed.task.duration) return;
        onResize(current.taskId, duration);
        setPending({ taskId: current.taskId, moveDays: 0, resizeDays: resizedEnd(placed, duration) });
        setAnnouncement(`Changing ${placed.task.name} to ${duration} working days`);
      }
    };
    const onCancel = () => {
      dragRef.current = null;
      setDrag(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey);
    };
  }, [active]);

  const onBarKey = (event: ReactKeyboardEvent, placed: PlacedTask) => {
    if (event.key === 'Enter' && onChangeLinks) {
      event.preventDefault();
      openLinks(placed.task);
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if (busy) {
      setAnnouncement('Still saving the last change');
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const { task } = placed;
    if (event.shiftKey) {
      const duration = Math.max(1, task.duration + step);
      if (duration === task.duration) {
        setAnnouncement(`${task.name} is already 1 working day`);
        return;
      }
      onResize(task.id, duration);
      setPending({ taskId: task.id, moveDays: 0, resizeDays: resizedEnd(placed, duration) });
      setAnnouncement(`Changing ${task.name} to ${duration} working ${duration === 1 ? 'day' : 'days'}`);
    } else {
      const start = addWorkingDays(placed.startSerial, step);
      onMoveStart(task.id, isoOfSerial(start));
      setPending({ taskId: task.id, moveDays: start - placed.startSerial, resizeDays: 0 });
      setAnnouncement(`Moving ${task.name} to start ${longDate(start)}`);
    }
  };

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
  const dragDays = drag ? daysOfDrag(drag.dx, layout.pxPerDay) : 0;
  const instructionsId = `${id}-keys`;

  return (
    <div className="grid gap-3" data-gantt="">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="inline-flex rounded-md border p-0.5">
          <legend className="sr-only">Zoom</legend>
          {ZOOMS.map((z) => (
            <button
              key={z.value}
              type="button"
              aria-pressed={zoom === z.value}
              onClick={() => setZoom(z.value)}
              className={cn(
                'rounded px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                zoom === z.value
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-secondary',
              )}
            >
              {z.label}
            </button>
          ))}
        </fieldset>
        <p className="text-sm" data-finish={Number.isFinite(finish) ? isoOfSerial(finish) : ''}>
          <span className="text-muted-foreground">Finish: </span>
          <span className="font-medium tabular-nums">{Number.isFinite(finish) ? longDate(finish) : '–'}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={print}>
            <Printer aria-hidden="true" />
            Print / Save as PDF
          </Button>
          <Button variant="outline" size="sm" onClick={() => void exportPng()}>
            <Download aria-hidden="true" />
            Export PNG
          </Button>
        </div>
      </div>
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

      <div
        ref={scroller}
        className={cn('relative overflow-auto rounded-md border bg-card', drag && 'select-none')}
        style={{ height: frameHeight }}
        onScroll={(e) => {
          // Only the row block in view is state: a scroll inside the same block renders nothing.
          const top = e.currentTarget.scrollTop;
          const next = visibleRange(top - HEADER_HEIGHT, bodyHeight, ROW_HEIGHT, layout.rows.length, 8, 16);
          if (next.first !== range.first || next.last !== range.last) setScrollTop(top);
        }}
        data-gantt-scroller=""
      >
        <div style={{ width: labelWidth + layout.width }}>
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
                {visibleRows.map((row, i) => {
                  const top = (range.first + i) * ROW_HEIGHT;
                  return row.kind === 'phase' ? (
                    <div
                      key={`p-${row.phase}`}
                      className="absolute inset-x-0 flex items-center truncate bg-secondary px-2 text-xs font-semibold"
                      style={{ top, height: ROW_HEIGHT }}
                      data-phase={row.phase}
                    >
                      <span className="truncate">
                        {row.phase} <span className="font-normal text-muted-foreground">({row.count})</span>
                      </span>
                    </div>
                  ) : (
                    <div
                      key={row.task.id}
                      className="absolute inset-x-0 flex items-center gap-1.5 pr-2 pl-4 text-xs"
                      style={{ top, height: ROW_HEIGHT }}
                      title={row.task.name}
                    >
                      {row.task.isCritical && (
                        <span
                          className="size-1.5 shrink-0 rounded-full bg-red-600"
                          aria-label="critical"
                          role="img"
                        />
                      )}
                      <span className="truncate">{row.task.name}</span>
                    </div>
                  );
                })}
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
              <GanttGrid layout={layout} zoom={zoom} today={today} height={layout.height} />
              <LinkArrows
                layout={layout}
                markerId={id}
                first={range.first}
                last={range.last}
                onLinkClick={onChangeLinks && !busy && !drag ? onLinkClick : undefined}
                nameOf={nameOf}
              />
              {visibleRows.map((row) => {
                if (row.kind !== 'task') return null;
                const placed = layout.placed.get(row.task.id);
                if (!placed) return null;
                const right = barRight(placed, layout);
                const isDragged = drag?.taskId === placed.task.id && drag.mode !== 'link';
                const preview = isDragged
                  ? {
                      moveDays: drag.mode === 'move' ? dragDays : 0,
                      resizeDays:
                        drag.mode === 'resize'
                          ? Math.max(placed.startSerial - placed.endSerial, dragDays)
                          : 0,
                    }
                  : pending?.taskId === placed.task.id
                    ? pending
                    : undefined;
                const shift = preview ? (preview.moveDays + preview.resizeDays) * layout.pxPerDay : 0;
                const milestone = placed.task.duration === 0;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: an SVG bar cannot be a <button>; it is focusable and keyboard operable.
                  <g
                    key={placed.task.id}
                    role="button"
                    tabIndex={0}
                    aria-roledescription="task bar"
                    aria-label={describe(placed)}
                    aria-describedby={instructionsId}
                    data-task-id={placed.task.id}
                    data-start={isoOfSerial(placed.startSerial)}
                    data-end={isoOfSerial(placed.endSerial)}
                    data-duration={placed.task.duration}
                    data-critical={placed.task.isCritical}
                    transform={`translate(0, ${placed.row * ROW_HEIGHT})`}
                    className="cursor-grab outline-none [&:focus-visible_[data-bar]]:stroke-[#0f172a] [&:focus-visible_[data-bar]]:stroke-2"
                    onPointerDown={(e) => startDrag(e, placed.task.id, 'move')}
                    onKeyDown={(e) => onBarKey(e, placed)}
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
                        onPointerDown={(e) => startDrag(e, placed.task.id, 'resize')}
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
                      onPointerDown={(e) => startDrag(e, placed.task.id, 'link')}
                    />
                  </g>
                );
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
        </div>
      </div>
      <GanttLinkDialog
        target={linkTarget}
        nameOf={nameOf}
        onClose={() => setLinkTarget(null)}
        onSave={(taskId, links, change) => {
          setLinkTarget(null);
          onChangeLinks?.(taskId, links);
          setAnnouncement(change);
        }}
      />
      {full &&
        createPortal(
          <div className="gantt-print" data-mode={full}>
            <FullGanttSvg svgRef={fullSvg} layout={layout} zoom={zoom} today={today} title={title} />
          </div>,
          document.body,
        )}
    </div>
  );
}
