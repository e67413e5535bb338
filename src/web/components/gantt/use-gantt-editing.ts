/**
 * The Gantt chart's editing: dragging a bar (move), its right edge (resize) or its dot (link), the
 * keyboard equivalents on a focused bar, and the link dialog's target. It reports each change through
 * the chart's callbacks and keeps the changed bar where it was dropped until the caller's save ends.
 */
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  addWorkingDays,
  daysOfDrag,
  type GanttLink,
  type GanttTask,
  isoOfSerial,
  type LinkType,
  longDate,
  resizedDuration,
} from './gantt-geometry';
import type { GanttLayout, PlacedLink, PlacedTask } from './gantt-layout';
import type { LinkDialogTarget } from './gantt-link-dialog';
import type { BarPreview } from './gantt-svg';

export type DragMode = 'move' | 'resize' | 'link';

export interface Drag {
  taskId: number;
  mode: DragMode;
  startX: number;
  dx: number;
  /** Pointer in chart coordinates (link mode). */
  x: number;
  y: number;
  moved: boolean;
}

export interface GanttEditCallbacks {
  onMoveStart: (taskId: number, newStartDate: string) => void;
  onResize: (taskId: number, newDurationDays: number) => void;
  onLink: (fromId: number, toId: number, type: LinkType) => void;
  onChangeLinks?: ((taskId: number, links: GanttLink[]) => void) | undefined;
}

/** Calendar days the end of a bar moves when its duration becomes `duration` working days. */
function resizedEnd(placed: PlacedTask, duration: number): number {
  return addWorkingDays(placed.startSerial, Math.max(1, duration) - 1) - placed.endSerial;
}

/**
 * A change handed to the caller: the bar stays where it was dropped until the caller's save ends (its
 * tasks then show the server's dates), or after a moment when the caller saved nothing.
 */
function usePendingPreview(tasks: readonly GanttTask[], busy: boolean) {
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
  return [pending, setPending] as const;
}

interface BarHandlers {
  startDrag: (event: ReactPointerEvent, taskId: number, mode: DragMode) => void;
  onBarKey: (event: ReactKeyboardEvent, placed: PlacedTask) => void;
  onLinkClick: (link: PlacedLink) => void;
}

/**
 * The handlers the bars and arrows are given, the same functions from render to render (each calls
 * the latest one), so memoised bars and arrows are not drawn again on every render of the chart.
 */
function useStableHandlers(latest: BarHandlers): BarHandlers {
  const ref = useRef(latest);
  useLayoutEffect(() => {
    ref.current = latest;
  });
  return useMemo(
    () => ({
      startDrag: (event, taskId, mode) => ref.current.startDrag(event, taskId, mode),
      onBarKey: (event, placed) => ref.current.onBarKey(event, placed),
      onLinkClick: (link) => ref.current.onLinkClick(link),
    }),
    [],
  );
}

export function useGanttEditing({
  tasks,
  layout,
  chartSvg,
  busy,
  announce,
  callbacks,
}: {
  tasks: readonly GanttTask[];
  layout: GanttLayout;
  chartSvg: RefObject<SVGSVGElement | null>;
  busy: boolean;
  announce: (message: string) => void;
  callbacks: GanttEditCallbacks;
}) {
  const { onMoveStart, onResize, onLink, onChangeLinks } = callbacks;
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const [pending, setPending] = usePendingPreview(tasks, busy);
  const [linkTarget, setLinkTarget] = useState<LinkDialogTarget | null>(null);

  /** Opens the link dialog on a task's link at `linkIndex` (its first drawn link when not given). */
  const openLinks = (task: GanttTask, linkIndex?: number) => {
    if (!onChangeLinks) return;
    const first = task.dependencies.findIndex((d) => layout.placed.has(d.taskId));
    if (first < 0) {
      announce(`${task.name} has no links to edit. Draw one from another bar's dot.`);
      return;
    }
    if (busy) {
      announce('Still saving the last change');
      return;
    }
    setLinkTarget({
      successorId: task.id,
      successorName: task.name,
      links: task.dependencies,
      linkIndex: linkIndex ?? first,
    });
  };
  const onLinkClick = (link: PlacedLink) => {
    const task = layout.placed.get(link.successorId)?.task;
    if (task) openLinks(task, link.index);
  };

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

  /** A drop: a link to the bar under the pointer, or the move or resize the drag measured. */
  const drop = (current: Drag, clientX: number, clientY: number) => {
    const placed = layout.placed.get(current.taskId);
    if (!placed) return;
    if (current.mode === 'link') {
      const target = document.elementFromPoint(clientX, clientY)?.closest('[data-task-id]');
      const toId = Number(target?.getAttribute('data-task-id'));
      if (Number.isFinite(toId) && toId > 0 && toId !== current.taskId) {
        const to = layout.placed.get(toId);
        onLink(current.taskId, toId, 'FS');
        announce(`Linking ${placed.task.name} to ${to?.task.name ?? 'task'}, finish to start`);
      }
      return;
    }
    const days = daysOfDrag(current.dx, layout.pxPerDay);
    if (days === 0) return;
    if (current.mode === 'move') {
      const start = placed.startSerial + days;
      onMoveStart(current.taskId, isoOfSerial(start));
      setPending({ taskId: current.taskId, moveDays: days, resizeDays: 0 });
      announce(`Moving ${placed.task.name} to start ${longDate(start)}`);
    } else {
      const duration = resizedDuration(placed.startSerial, placed.endSerial, days);
      if (duration === placed.task.duration) return;
      onResize(current.taskId, duration);
      setPending({ taskId: current.taskId, moveDays: 0, resizeDays: resizedEnd(placed, duration) });
      announce(`Changing ${placed.task.name} to ${duration} working days`);
    }
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
      if (current?.moved) drop(current, event.clientX, event.clientY);
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
      announce('Still saving the last change');
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const { task } = placed;
    if (event.shiftKey) {
      const duration = Math.max(1, task.duration + step);
      if (duration === task.duration) {
        announce(`${task.name} is already 1 working day`);
        return;
      }
      onResize(task.id, duration);
      setPending({ taskId: task.id, moveDays: 0, resizeDays: resizedEnd(placed, duration) });
      announce(`Changing ${task.name} to ${duration} working ${duration === 1 ? 'day' : 'days'}`);
    } else {
      const start = addWorkingDays(placed.startSerial, step);
      onMoveStart(task.id, isoOfSerial(start));
      setPending({ taskId: task.id, moveDays: start - placed.startSerial, resizeDays: 0 });
      announce(`Moving ${task.name} to start ${longDate(start)}`);
    }
  };

  /** How a bar is drawn meanwhile: following the drag, or held where it was dropped. */
  const previewOf = (placed: PlacedTask): BarPreview | undefined => {
    if (drag?.taskId === placed.task.id && drag.mode !== 'link') {
      const dragDays = daysOfDrag(drag.dx, layout.pxPerDay);
      return {
        moveDays: drag.mode === 'move' ? dragDays : 0,
        resizeDays: drag.mode === 'resize' ? Math.max(placed.startSerial - placed.endSerial, dragDays) : 0,
      };
    }
    return pending?.taskId === placed.task.id ? pending : undefined;
  };

  const stable = useStableHandlers({ startDrag, onBarKey, onLinkClick });

  return {
    drag,
    previewOf,
    ...stable,
    linkTarget,
    closeLinks: () => setLinkTarget(null),
    saveLinks: (taskId: number, links: GanttLink[], change: string) => {
      setLinkTarget(null);
      onChangeLinks?.(taskId, links);
      announce(change);
    },
  };
}
