/**
 * The laid-out chart both renderings share (the interactive, windowed one and the full one for
 * print and PNG): rows, the date range, pixel scale, and each task's day serials.
 */
import {
  chartRange,
  daySerial,
  floatEnd,
  type GanttRow,
  type GanttTask,
  type GanttZoom,
  groupRows,
  type LinkType,
  linkPath,
  PX_PER_DAY,
} from './gantt-geometry';

export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 44;
export const BAR_HEIGHT = 16;

/** Colours are literal (not CSS variables) so the PNG export, drawn without the page's CSS, matches. */
export const COLORS = {
  bar: '#475569',
  critical: '#dc2626',
  float: '#94a3b8',
  link: '#64748b',
  criticalLink: '#b91c1c',
  grid: '#e2e8f0',
  /** A day the project does not work (a weekend, a holiday). */
  dayOff: '#64748b',
  today: '#d97706',
  /** The project's data date (status date). */
  dataDate: '#7c3aed',
  text: '#0f172a',
  muted: '#475569',
  phase: '#f1f5f9',
  /** The materials' expected delivery marker. */
  materials: '#b45309',
  /** A start-no-earlier-than mark. */
  constraint: '#2563eb',
} as const;

export interface PlacedTask {
  task: GanttTask;
  row: number;
  startSerial: number;
  endSerial: number;
  floatEndSerial: number;
  /** The materials' expected delivery (while not delivered), when set. */
  materialsSerial?: number | undefined;
  /** The task's start-no-earlier-than day, when set. */
  constraintSerial?: number | undefined;
  /** Its start and finish in the baseline compared with, when it has them. */
  baselineStartSerial?: number | undefined;
  baselineEndSerial?: number | undefined;
}

/** A dependency arrow, drawn when either of its rows (or a row between them) is in view. */
export interface PlacedLink {
  key: string;
  /** Its position in the successor's links (a pair of tasks may have several). */
  index: number;
  predecessorId: number;
  successorId: number;
  type: LinkType;
  lagDays: number;
  /** Why the link is there, when it says. */
  reason?: string | undefined;
  /** The upper and lower rows it spans. */
  top: number;
  bottom: number;
  path: string;
  critical: boolean;
}

export interface GanttLayout {
  rows: GanttRow[];
  links: PlacedLink[];
  /** The latest task end (NaN without tasks). */
  lastEnd: number;
  placed: Map<number, PlacedTask>;
  origin: number;
  end: number;
  pxPerDay: number;
  width: number;
  height: number;
}

/** A task's baseline days, both or neither. */
function baselineSerials(
  task: GanttTask,
  marker: (date: string | null | undefined) => number | undefined,
): Pick<PlacedTask, 'baselineStartSerial' | 'baselineEndSerial'> {
  const start = marker(task.baselineStart);
  const end = marker(task.baselineFinish);
  return start === undefined || end === undefined
    ? {}
    : { baselineStartSerial: start, baselineEndSerial: Math.max(start, end) };
}

/**
 * The chart's rows, bars and arrows over the tasks' date range. The width the chart is shown in
 * plays no part (see `fitGanttWidth`), so measuring the frame never lays the chart out again.
 */
export function layoutGantt(tasks: readonly GanttTask[], zoom: GanttZoom, today: number): GanttLayout {
  const rows = groupRows(tasks);
  const placed = new Map<number, PlacedTask>();
  rows.forEach((row, i) => {
    if (row.kind !== 'task') return;
    const startSerial = daySerial(row.task.startDate);
    const endSerial = Math.max(startSerial, daySerial(row.task.endDate));
    const marker = (date: string | null | undefined) => {
      const serial = date ? daySerial(date) : Number.NaN;
      return Number.isFinite(serial) ? serial : undefined;
    };
    placed.set(row.task.id, {
      task: row.task,
      row: i,
      startSerial,
      endSerial,
      floatEndSerial: floatEnd(endSerial, row.task.totalFloat),
      materialsSerial: marker(row.task.materialsDate),
      constraintSerial: marker(row.task.startNoEarlierThan),
      ...baselineSerials(row.task, marker),
    });
  });
  const pxPerDay = PX_PER_DAY[zoom];
  // The range also takes in the markers (a delivery expected before or after the bar) and the baseline.
  const spans = [...placed.values()].map((p) => {
    const marks = [p.materialsSerial, p.constraintSerial, p.baselineStartSerial, p.baselineEndSerial].filter(
      (m): m is number => m !== undefined,
    );
    return {
      startSerial: Math.min(p.startSerial, ...marks),
      endSerial: Math.max(p.endSerial, ...marks),
      floatEndSerial: p.floatEndSerial,
    };
  });
  const { start, end } = chartRange(spans, today, zoom);
  const left = (p: PlacedTask) => (p.startSerial - start) * pxPerDay;
  const right = (p: PlacedTask) => (p.endSerial - start + 1) * pxPerDay;
  const mid = (p: PlacedTask) => p.row * ROW_HEIGHT + ROW_HEIGHT / 2;
  const links: PlacedLink[] = [];
  let lastEnd = Number.NaN;
  for (const succ of placed.values()) {
    if (!(succ.endSerial <= lastEnd)) lastEnd = succ.endSerial;
    for (const [index, link] of succ.task.dependencies.entries()) {
      const pred = placed.get(link.taskId);
      if (!pred) continue;
      links.push({
        key: `${pred.task.id}-${succ.task.id}-${index}`,
        index,
        predecessorId: pred.task.id,
        successorId: succ.task.id,
        type: link.type,
        lagDays: link.lagDays,
        reason: link.reason,
        top: Math.min(pred.row, succ.row),
        bottom: Math.max(pred.row, succ.row),
        path: linkPath(
          link.type,
          { left: left(pred), right: right(pred), y: mid(pred) },
          { left: left(succ), right: right(succ), y: mid(succ) },
        ),
        critical: pred.task.isCritical && succ.task.isCritical,
      });
    }
  }
  return {
    rows,
    links,
    lastEnd,
    placed,
    origin: start,
    end,
    pxPerDay,
    width: (end - start + 1) * pxPerDay,
    height: rows.length * ROW_HEIGHT,
  };
}

/**
 * The layout with its date range stretched (later days added at the right) to fill `minWidth` px
 * when the tasks span less; the same layout when they span at least that. Bars and arrows keep their
 * places, since the range still starts on the same day.
 */
export function fitGanttWidth(layout: GanttLayout, minWidth: number): GanttLayout {
  const end = Math.max(layout.end, layout.origin + Math.ceil(minWidth / layout.pxPerDay) - 1);
  return end === layout.end ? layout : { ...layout, end, width: (end - layout.origin + 1) * layout.pxPerDay };
}
