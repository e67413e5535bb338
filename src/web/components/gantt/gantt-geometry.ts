/**
 * Pure date and geometry helpers of the Gantt chart. Dates are calendar days counted from
 * 1970-01-01 (UTC "day serials"); working days are Monday–Friday (the server's calendar also skips
 * holidays, and its answer is authoritative: these helpers only turn a drag into a request).
 */

import type { LinkType } from '@/domain/schedule/link-types';

export { LINK_TYPE_NAMES, type LinkType } from '@/domain/schedule/link-types';
export type GanttZoom = 'day' | 'week' | 'month';

/** One predecessor link of a task. */
export interface GanttLink {
  /** The predecessor's id. */
  taskId: number;
  type: LinkType;
  /** Working days; negative is a lead. */
  lagDays: number;
  /** Why the link is there, when it was given one (a generated plan explains each link). */
  reason?: string | undefined;
}

export interface GanttTask {
  id: number;
  name: string;
  phase: string | null;
  /** `YYYY-MM-DD` or an ISO timestamp: the first working day. */
  startDate: string;
  /** `YYYY-MM-DD` or an ISO timestamp: the last working day (a milestone's equals its start). */
  endDate: string;
  /** Working days; 0 is a milestone. */
  duration: number;
  isCritical: boolean;
  /** Predecessor links. */
  dependencies: readonly GanttLink[];
  /** Working days the task can slip without moving the finish, when the schedule is known. */
  totalFloat?: number | undefined;
  /** `YYYY-MM-DD`: the task may not start before this day (a moved bar, a set date). */
  startNoEarlierThan?: string | null | undefined;
  /** `YYYY-MM-DD`: its materials' expected delivery, while they are not delivered (a start constraint). */
  materialsDate?: string | null | undefined;
  /** `YYYY-MM-DD`: its start and finish in the baseline compared with (none: no baseline bar). */
  baselineStart?: string | null | undefined;
  baselineFinish?: string | null | undefined;
  /** Working days its finish is later (positive) or earlier than in the baseline. */
  finishVarianceDays?: number | null | undefined;
}

const DAY_MS = 86_400_000;

/** The day serial of `YYYY-MM-DD` (or the date part of an ISO timestamp); NaN when unreadable. */
export function daySerial(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return Number.NaN;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

/** `YYYY-MM-DD` of a day serial. */
export function isoOfSerial(serial: number): string {
  return new Date(serial * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(serial: number): number {
  // 1970-01-01 was a Thursday.
  return (((serial + 4) % 7) + 7) % 7;
}

export function isWorkingDay(serial: number): boolean {
  const d = weekdayOf(serial);
  return d !== 0 && d !== 6;
}

/** The day `n` working days after (or before, when negative) `serial`; 0 gives `serial` itself. */
export function addWorkingDays(serial: number, n: number): number {
  let day = serial;
  let left = Math.abs(n);
  const step = n < 0 ? -1 : 1;
  while (left > 0) {
    day += step;
    if (isWorkingDay(day)) left--;
  }
  return day;
}

/**
 * Signed count of working days from `from` to `to`: the working days in (from, to] when `to` is
 * later, minus those in (to, from] when earlier. Moving a start from Friday to Monday is 1.
 */
export function workingDaysBetween(from: number, to: number): number {
  if (to === from) return 0;
  const [lo, hi, sign] = to > from ? [from, to, 1] : [to, from, -1];
  const whole = Math.floor((hi - lo) / 7);
  let count = whole * 5;
  for (let d = lo + whole * 7 + 1; d <= hi; d++) if (isWorkingDay(d)) count++;
  return sign * count || 0;
}

/** Working days from `start` to `end`, both included (0 when `end` is before `start`). */
export function workingDaysInclusive(start: number, end: number): number {
  if (end < start) return 0;
  return workingDaysBetween(start - 1, end);
}

/** Pixels per calendar day at each zoom. */
export const PX_PER_DAY: Record<GanttZoom, number> = { day: 32, week: 12, month: 4 };

/** The date range the chart shows: the tasks' span (and today), padded. */
export function chartRange(
  tasks: readonly { startSerial: number; endSerial: number; floatEndSerial: number }[],
  today: number,
  zoom: GanttZoom,
): { start: number; end: number } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const t of tasks) {
    if (t.startSerial < lo) lo = t.startSerial;
    if (Math.max(t.endSerial, t.floatEndSerial) > hi) hi = Math.max(t.endSerial, t.floatEndSerial);
  }
  if (!Number.isFinite(lo)) {
    lo = today;
    hi = today;
  }
  const pad = zoom === 'day' ? 3 : zoom === 'week' ? 7 : 15;
  let start = lo - pad;
  // Start on a Monday (week, day) or the first of a month (month) so the scale reads cleanly.
  if (zoom === 'month') start = daySerial(`${isoOfSerial(start).slice(0, 8)}01`);
  else start -= (weekdayOf(start) + 6) % 7;
  return { start, end: hi + pad };
}

export interface Tick {
  serial: number;
  label: string;
  /** A major tick (week start at day zoom, month start otherwise) is drawn darker. */
  major: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 5" */
export function shortDate(serial: number): string {
  const iso = isoOfSerial(serial);
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;
}

/** "Mar 5, 2026" */
export function longDate(serial: number): string {
  return `${shortDate(serial)}, ${isoOfSerial(serial).slice(0, 4)}`;
}

/** The scale's ticks between `start` and `end` (both day serials, included). */
export function ticks(start: number, end: number, zoom: GanttZoom): Tick[] {
  const out: Tick[] = [];
  for (let d = start; d <= end; d++) {
    const iso = isoOfSerial(d);
    const firstOfMonth = iso.endsWith('-01');
    const monday = weekdayOf(d) === 1;
    if (zoom === 'day') out.push({ serial: d, label: String(Number(iso.slice(8))), major: monday });
    else if (zoom === 'week' && monday) out.push({ serial: d, label: shortDate(d), major: false });
    else if (zoom === 'month' && firstOfMonth)
      out.push({
        serial: d,
        label: `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(2, 4)}`,
        major: true,
      });
  }
  return out;
}

/** One row of the chart: a phase heading or a task. */
export type GanttRow = { kind: 'phase'; phase: string; count: number } | { kind: 'task'; task: GanttTask };

export const NO_PHASE = 'No phase';

/**
 * Rows grouped by phase: phases in the order their first task starts, tasks by start date inside
 * each (then by id), each group under a heading row.
 */
export function groupRows(tasks: readonly GanttTask[]): GanttRow[] {
  // Each start is read once, not at every comparison: thousands of tasks sort in a few milliseconds.
  const sorted = tasks
    .map((task) => ({ task, start: daySerial(task.startDate) }))
    .sort((a, b) => a.start - b.start || a.task.id - b.task.id)
    .map(({ task }) => task);
  const groups = new Map<string, GanttTask[]>();
  for (const t of sorted) {
    const phase = t.phase?.trim() || NO_PHASE;
    const list = groups.get(phase);
    if (list) list.push(t);
    else groups.set(phase, [t]);
  }
  const rows: GanttRow[] = [];
  for (const [phase, list] of groups) {
    rows.push({ kind: 'phase', phase, count: list.length });
    for (const task of list) rows.push({ kind: 'task', task });
  }
  return rows;
}

/**
 * The rows to render for a scroll position: the visible ones plus at least `overscan` either side,
 * widened to whole blocks of `block` rows, so that scrolling re-renders only when a block boundary
 * comes near (not on every pixel).
 */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan = 8,
  block = 1,
): { first: number; last: number } {
  const top = Math.floor(Math.max(0, scrollTop) / rowHeight) - overscan;
  const bottom = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight) + overscan;
  const first = Math.max(0, Math.floor(top / block) * block);
  const last = Math.min(rowCount, Math.ceil(bottom / block) * block);
  return { first: Math.min(first, rowCount), last: Math.max(Math.min(first, rowCount), last) };
}

/** A task's bar: left and right edges in px (right edge is the end of its last day). */
export interface BarGeometry {
  x: number;
  width: number;
  /** The trailing total-float bar, when the task has float. */
  floatWidth: number;
}

export function barGeometry(
  startSerial: number,
  endSerial: number,
  floatEndSerial: number,
  origin: number,
  pxPerDay: number,
): BarGeometry {
  const x = (startSerial - origin) * pxPerDay;
  const width = Math.max(1, endSerial - startSerial + 1) * pxPerDay;
  const floatWidth = Math.max(0, floatEndSerial - endSerial) * pxPerDay;
  return { x, width, floatWidth };
}

/** The last day of a task's float: `totalFloat` working days after its end (its end when none). */
export function floatEnd(endSerial: number, totalFloat: number | undefined): number {
  return totalFloat && totalFloat > 0 ? addWorkingDays(endSerial, Math.round(totalFloat)) : endSerial;
}

/**
 * The SVG path of a dependency arrow. FS goes from the predecessor's end to the successor's start,
 * SS start→start, FF end→end, SF start→end. Edges are px; rows' vertical centres are `y1`, `y2`.
 * The path leaves and enters horizontally, with a short stub, so it reads at every zoom.
 */
export function linkPath(
  type: LinkType,
  pred: { left: number; right: number; y: number },
  succ: { left: number; right: number; y: number },
): string {
  const fromEnd = type === 'FS' || type === 'FF';
  const toStart = type === 'FS' || type === 'SS';
  const x1 = fromEnd ? pred.right : pred.left;
  const x2 = toStart ? succ.left : succ.right;
  const stub = 8;
  const y1 = pred.y;
  const y2 = succ.y;
  // The vertical segment at xm must lie on the exit side of x1 and the entry side of x2.
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  if (fromEnd) lo = Math.max(lo, x1 + stub);
  else hi = Math.min(hi, x1 - stub);
  if (toStart) hi = Math.min(hi, x2 - stub);
  else lo = Math.max(lo, x2 + stub);
  if (lo <= hi) {
    const xm =
      Number.isFinite(lo) && Number.isFinite(hi) ? (fromEnd ? lo : hi) : Number.isFinite(lo) ? lo : hi;
    return `M${x1},${y1} H${xm} V${y2} H${x2}`;
  }
  // No single elbow fits: out, half-way down between the rows, across, down, in.
  const out1 = fromEnd ? x1 + stub : x1 - stub;
  const in2 = toStart ? x2 - stub : x2 + stub;
  const ym = (y1 + y2) / 2;
  return `M${x1},${y1} H${out1} V${ym} H${in2} V${y2} H${x2}`;
}

/** Whether adding a link `from → to` would close a cycle (or links a task to itself or repeats a link). */
export function wouldCreateCycle(
  tasks: readonly { id: number; dependencies: readonly { taskId: number }[] }[],
  fromId: number,
  toId: number,
): boolean {
  if (fromId === toId) return true;
  // A cycle appears when `to` already leads to `from`: walk predecessors of `from` looking for `to`.
  const preds = new Map(tasks.map((t) => [t.id, t.dependencies.map((d) => d.taskId)]));
  const seen = new Set<number>();
  const stack = [fromId];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === toId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const p of preds.get(id) ?? []) stack.push(p);
  }
  return false;
}

/** Calendar days a drag of `dx` px amounts to (rounded to the nearest day). */
export function daysOfDrag(dx: number, pxPerDay: number): number {
  const days = Math.round(dx / pxPerDay);
  return days === 0 ? 0 : days;
}

/**
 * The duration after dragging a bar's right edge by `days` calendar days: the working days from its
 * start to the new end, at least 1 (drag to a milestone is not offered).
 */
export function resizedDuration(startSerial: number, endSerial: number, days: number): number {
  return Math.max(1, workingDaysInclusive(startSerial, endSerial + days));
}

/**
 * The first day a task may start by its links and the project start alone (its own constraints
 * left out), Monday–Friday as the chart counts: FS — the working day after the predecessor's end,
 * plus the lag; SS — the predecessor's start plus the lag; FF and SF — so that the task's end keeps
 * the same distances. A milestone is shown on the working day before the one it starts on.
 */
export function earliestStartByLinks(
  task: GanttTask,
  byId: ReadonlyMap<number, { startDate: string; endDate: string }>,
  projectStart: number,
): number {
  const duration = task.duration;
  let earliest = projectStart;
  for (const link of task.dependencies) {
    const pred = byId.get(link.taskId);
    if (!pred) continue;
    const start = daySerial(pred.startDate);
    const end = daySerial(pred.endDate);
    const day =
      link.type === 'FS'
        ? addWorkingDays(end, 1 + link.lagDays)
        : link.type === 'SS'
          ? addWorkingDays(start, link.lagDays)
          : link.type === 'FF'
            ? addWorkingDays(end, 1 + link.lagDays - duration)
            : addWorkingDays(start, link.lagDays - duration);
    if (day > earliest) earliest = day;
  }
  if (duration > 0 || earliest === projectStart) return earliest;
  return Math.max(projectStart, addWorkingDays(earliest, -1));
}

/**
 * The start-no-earlier-than date to save when a bar is moved to start on `newStartSerial`: that
 * day, or null (the constraint cleared) when the task's links or the project start would start it
 * there or later anyway. A milestone dropped on a day starts the working day after (it is shown on
 * the day the work before it finishes).
 */
export function startConstraintAfterMove(
  task: GanttTask,
  newStartSerial: number,
  byId: ReadonlyMap<number, { startDate: string; endDate: string }>,
  projectStart: number,
): string | null {
  if (newStartSerial <= earliestStartByLinks(task, byId, projectStart)) return null;
  return isoOfSerial(task.duration === 0 ? addWorkingDays(newStartSerial, 1) : newStartSerial);
}
