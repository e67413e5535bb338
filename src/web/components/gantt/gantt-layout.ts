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
  weekend: '#f8fafc',
  today: '#d97706',
  text: '#0f172a',
  muted: '#475569',
  phase: '#f1f5f9',
} as const;

export interface PlacedTask {
  task: GanttTask;
  row: number;
  startSerial: number;
  endSerial: number;
  floatEndSerial: number;
}

export interface GanttLayout {
  rows: GanttRow[];
  placed: Map<number, PlacedTask>;
  origin: number;
  end: number;
  pxPerDay: number;
  width: number;
  height: number;
}

export function layoutGantt(tasks: readonly GanttTask[], zoom: GanttZoom, today: number): GanttLayout {
  const rows = groupRows(tasks);
  const placed = new Map<number, PlacedTask>();
  rows.forEach((row, i) => {
    if (row.kind !== 'task') return;
    const startSerial = daySerial(row.task.startDate);
    const endSerial = Math.max(startSerial, daySerial(row.task.endDate));
    placed.set(row.task.id, {
      task: row.task,
      row: i,
      startSerial,
      endSerial,
      floatEndSerial: floatEnd(endSerial, row.task.totalFloat),
    });
  });
  const { start, end } = chartRange([...placed.values()], today, zoom);
  const pxPerDay = PX_PER_DAY[zoom];
  return {
    rows,
    placed,
    origin: start,
    end,
    pxPerDay,
    width: (end - start + 1) * pxPerDay,
    height: rows.length * ROW_HEIGHT,
  };
}
