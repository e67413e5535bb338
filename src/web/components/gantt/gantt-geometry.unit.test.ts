import { describe, expect, it } from 'vitest';
import { exportScale, pngFileName } from './gantt-export';
import {
  addWorkingDays,
  barGeometry,
  chartRange,
  daySerial,
  daysOfDrag,
  earliestStartByLinks,
  floatEnd,
  type GanttTask,
  groupRows,
  isoOfSerial,
  linkPath,
  resizedDuration,
  startConstraintAfterMove,
  ticks,
  visibleRange,
  weekdayOf,
  workingDaysBetween,
  workingDaysInclusive,
  wouldCreateCycle,
} from './gantt-geometry';

const d = daySerial;

function task(id: number, start: string, end: string, extra: Partial<GanttTask> = {}): GanttTask {
  return {
    id,
    name: `Task ${id}`,
    phase: null,
    startDate: start,
    endDate: end,
    duration: workingDaysInclusive(d(start), d(end)),
    isCritical: false,
    dependencies: [],
    ...extra,
  };
}

describe('dates', () => {
  it('reads dates and ISO timestamps as UTC day serials and writes them back', () => {
    expect(d('1970-01-01')).toBe(0);
    expect(d('2026-03-02T00:00:00.000Z')).toBe(d('2026-03-02'));
    expect(isoOfSerial(d('2026-02-28') + 1)).toBe('2026-03-01');
    expect(Number.isNaN(d('soon'))).toBe(true);
    expect(weekdayOf(d('2026-03-02'))).toBe(1); // a Monday
    expect(weekdayOf(d('2026-03-08'))).toBe(0); // a Sunday
  });

  it('counts and adds working days over weekends', () => {
    const fri = d('2026-03-06');
    const mon = d('2026-03-09');
    expect(addWorkingDays(fri, 1)).toBe(mon);
    expect(addWorkingDays(mon, -1)).toBe(fri);
    expect(addWorkingDays(fri, 0)).toBe(fri);
    expect(addWorkingDays(d('2026-03-02'), 10)).toBe(d('2026-03-16'));
    expect(workingDaysBetween(fri, mon)).toBe(1);
    expect(workingDaysBetween(mon, fri)).toBe(-1);
    expect(workingDaysBetween(d('2026-03-02'), d('2026-03-30'))).toBe(20);
    expect(workingDaysBetween(d('2026-03-07'), d('2026-03-08'))).toBe(0); // Sat → Sun
    expect(workingDaysInclusive(d('2026-03-02'), d('2026-03-06'))).toBe(5);
    expect(workingDaysInclusive(d('2026-03-06'), d('2026-03-09'))).toBe(2);
    expect(workingDaysInclusive(d('2026-03-06'), d('2026-03-05'))).toBe(0);
  });

  it('agrees with day-by-day counting over many spans', () => {
    const base = d('2026-01-01');
    for (let a = 0; a < 20; a++) {
      for (let b = 0; b < 40; b++) {
        let slow = 0;
        const [lo, hi] = a < b ? [a, b] : [b, a];
        for (let x = base + lo + 1; x <= base + hi; x++) if (weekdayOf(x) % 6 !== 0) slow++;
        expect(workingDaysBetween(base + a, base + b)).toBe(a < b ? slow : 0 - slow || 0);
      }
    }
  });
});

describe('scale', () => {
  it('starts the range on a Monday (day, week) or the first of the month, padded past the float', () => {
    const t = [{ startSerial: d('2026-03-04'), endSerial: d('2026-03-10'), floatEndSerial: d('2026-03-20') }];
    const week = chartRange(t, d('2026-03-05'), 'week');
    expect(weekdayOf(week.start)).toBe(1);
    expect(week.start).toBeLessThanOrEqual(d('2026-03-04') - 7);
    expect(week.end).toBe(d('2026-03-20') + 7);
    expect(isoOfSerial(chartRange(t, d('2026-03-05'), 'month').start)).toBe('2026-02-01');
    const empty = chartRange([], d('2026-03-05'), 'day');
    expect(empty.start).toBeLessThanOrEqual(d('2026-03-05'));
    expect(empty.end).toBeGreaterThan(d('2026-03-05'));
  });

  it('ticks each day, each Monday or each month start', () => {
    const start = d('2026-03-01');
    const end = d('2026-04-30');
    expect(ticks(start, end, 'day')).toHaveLength(61);
    const weeks = ticks(start, end, 'week');
    expect(weeks.every((t) => weekdayOf(t.serial) === 1)).toBe(true);
    expect(weeks[0]?.label).toBe('Mar 2');
    expect(ticks(start, end, 'month').map((t) => t.label)).toEqual(['Mar 26', 'Apr 26']);
  });
});

describe('rows', () => {
  it('groups tasks by phase in order of their first start, sorted inside each', () => {
    const rows = groupRows([
      task(1, '2026-03-10', '2026-03-11', { phase: 'Framing' }),
      task(2, '2026-03-02', '2026-03-03', { phase: 'Site work' }),
      task(3, '2026-03-05', '2026-03-06', { phase: 'Framing' }),
      task(4, '2026-03-04', '2026-03-04', { phase: ' ' }),
    ]);
    expect(rows.map((r) => (r.kind === 'phase' ? `# ${r.phase} (${r.count})` : r.task.id))).toEqual([
      '# Site work (1)',
      2,
      '# No phase (1)',
      4,
      '# Framing (2)',
      3,
      1,
    ]);
  });

  it('windows the visible rows with overscan, clamped to the list', () => {
    expect(visibleRange(0, 400, 40, 1000, 2)).toEqual({ first: 0, last: 12 });
    expect(visibleRange(4000, 400, 40, 1000, 2)).toEqual({ first: 98, last: 112 });
    expect(visibleRange(39_900, 400, 40, 1000, 2)).toEqual({ first: 995, last: 1000 });
    expect(visibleRange(0, 400, 40, 0, 2)).toEqual({ first: 0, last: 0 });
    // In blocks of 20 rows: the range only changes when the view nears a block boundary.
    expect(visibleRange(4000, 400, 40, 1000, 2, 20)).toEqual({ first: 80, last: 120 });
    expect(visibleRange(4400, 400, 40, 1000, 2, 20)).toEqual({ first: 100, last: 140 });
    expect(visibleRange(4700, 400, 40, 1000, 2, 20)).toEqual({ first: 100, last: 140 });
    expect(visibleRange(5000, 400, 40, 1000, 2, 20)).toEqual({ first: 120, last: 140 });
    expect(visibleRange(0, 400, 40, 5, 8, 20)).toEqual({ first: 0, last: 5 });
  });
});

describe('bars and links', () => {
  it('places a bar from the start of its first day to the end of its last, float trailing', () => {
    const origin = d('2026-03-01');
    const g = barGeometry(d('2026-03-02'), d('2026-03-06'), d('2026-03-10'), origin, 10);
    expect(g).toEqual({ x: 10, width: 50, floatWidth: 40 });
    expect(barGeometry(d('2026-03-02'), d('2026-03-02'), d('2026-03-02'), origin, 10).floatWidth).toBe(0);
    expect(floatEnd(d('2026-03-06'), 2)).toBe(d('2026-03-10'));
    expect(floatEnd(d('2026-03-06'), 0)).toBe(d('2026-03-06'));
    expect(floatEnd(d('2026-03-06'), undefined)).toBe(d('2026-03-06'));
  });

  it('draws each link type from and to the right edges', () => {
    const pred = { left: 0, right: 100, y: 10 };
    const succ = { left: 150, right: 250, y: 50 };
    expect(linkPath('FS', pred, succ)).toBe('M100,10 H108 V50 H150');
    expect(linkPath('SS', pred, succ)).toBe('M0,10 H-8 V50 H150');
    expect(linkPath('FF', pred, succ)).toBe('M100,10 H258 V50 H250');
    expect(linkPath('SF', pred, succ)).toBe('M0,10 H-8 V30 H258 V50 H250');
    expect(linkPath('SF', { left: 300, right: 400, y: 10 }, succ)).toBe('M300,10 H292 V50 H250');
    // A successor starting before the predecessor ends: the path detours between the rows.
    expect(linkPath('FS', pred, { left: 50, right: 90, y: 50 })).toBe('M100,10 H108 V30 H42 V50 H50');
  });

  it('refuses links that would close a cycle, link a task to itself', () => {
    const tasks = [
      { id: 1, dependencies: [] },
      { id: 2, dependencies: [{ taskId: 1 }] },
      { id: 3, dependencies: [{ taskId: 2 }] },
      { id: 4, dependencies: [] },
    ];
    expect(wouldCreateCycle(tasks, 3, 1)).toBe(true);
    expect(wouldCreateCycle(tasks, 2, 1)).toBe(true);
    expect(wouldCreateCycle(tasks, 1, 1)).toBe(true);
    expect(wouldCreateCycle(tasks, 1, 3)).toBe(false);
    expect(wouldCreateCycle(tasks, 4, 1)).toBe(false);
    expect(wouldCreateCycle(tasks, 3, 4)).toBe(false);
  });
});

describe('drags', () => {
  it('snaps a drag to whole days', () => {
    expect(daysOfDrag(47, 32)).toBe(1);
    expect(daysOfDrag(-15, 32)).toBe(0);
    expect(Object.is(daysOfDrag(-15, 32), 0)).toBe(true);
    expect(daysOfDrag(-17, 32)).toBe(-1);
  });

  it('turns a right-edge drag into working days, at least one', () => {
    const mon = d('2026-03-02');
    const fri = d('2026-03-06');
    expect(resizedDuration(mon, fri, 3)).toBe(6); // to next Monday
    expect(resizedDuration(mon, fri, 1)).toBe(5); // to Saturday: no more working days
    expect(resizedDuration(mon, fri, -10)).toBe(1);
  });

  it('finds the first day the links allow, for each link type and lag (Monday–Friday)', () => {
    // A: Mon 2–Wed 4 March 2026; B: Thu 5–Fri 6.
    const byId = new Map([
      [1, { startDate: '2026-03-02', endDate: '2026-03-04' }],
      [2, { startDate: '2026-03-05', endDate: '2026-03-06' }],
    ]);
    const start = d('2026-03-02');
    const three = (type: 'FS' | 'SS' | 'FF' | 'SF', lagDays: number, taskId = 1) =>
      task(9, '2026-03-02', '2026-03-04', { dependencies: [{ taskId, type, lagDays }] });
    expect(isoOfSerial(earliestStartByLinks(three('FS', 0), byId, start))).toBe('2026-03-05');
    expect(isoOfSerial(earliestStartByLinks(three('FS', 2), byId, start))).toBe('2026-03-09'); // over the weekend
    expect(isoOfSerial(earliestStartByLinks(three('FS', -1), byId, start))).toBe('2026-03-04');
    expect(isoOfSerial(earliestStartByLinks(three('SS', 1), byId, start))).toBe('2026-03-03');
    // FF: end on Fri 6 (Wed 4 + 2) → three days Wed 4–Fri 6.
    expect(isoOfSerial(earliestStartByLinks(three('FF', 2), byId, start))).toBe('2026-03-04');
    // SF: end no earlier than B's start + 3 = Tue 10 → finish on Mon 9, start Thu 5.
    expect(isoOfSerial(earliestStartByLinks(three('SF', 3, 2), byId, start))).toBe('2026-03-05');
    // Links allowing less than the project start leave the project start.
    expect(isoOfSerial(earliestStartByLinks(three('SS', -5), byId, start))).toBe('2026-03-02');
    // Two links: the later one wins; a link to a task not shown is ignored.
    const both = task(9, '2026-03-02', '2026-03-02', {
      dependencies: [
        { taskId: 1, type: 'FS', lagDays: 0 },
        { taskId: 2, type: 'FS', lagDays: 0 },
        { taskId: 77, type: 'FS', lagDays: 50 },
      ],
    });
    expect(isoOfSerial(earliestStartByLinks(both, byId, start))).toBe('2026-03-09');
    // A milestone after A is shown on A's last day.
    const milestone = task(9, '2026-03-02', '2026-03-02', {
      duration: 0,
      dependencies: [{ taskId: 1, type: 'FS', lagDays: 0 }],
    });
    expect(isoOfSerial(earliestStartByLinks(milestone, byId, start))).toBe('2026-03-04');
  });

  it('saves a moved start as a start-no-earlier-than date, cleared when the links would start it there anyway', () => {
    const byId = new Map([[1, { startDate: '2026-03-02', endDate: '2026-03-04' }]]);
    const start = d('2026-03-02');
    const loose = task(2, '2026-03-02', '2026-03-03');
    expect(startConstraintAfterMove(loose, d('2026-03-10'), byId, start)).toBe('2026-03-10');
    expect(startConstraintAfterMove(loose, d('2026-03-02'), byId, start)).toBeNull();
    expect(startConstraintAfterMove(loose, d('2026-02-27'), byId, start)).toBeNull();
    const linked = task(3, '2026-03-05', '2026-03-05', {
      dependencies: [{ taskId: 1, type: 'FS', lagDays: 0 }],
    });
    expect(startConstraintAfterMove(linked, d('2026-03-06'), byId, start)).toBe('2026-03-06');
    expect(startConstraintAfterMove(linked, d('2026-03-05'), byId, start)).toBeNull();
    expect(startConstraintAfterMove(linked, d('2026-03-03'), byId, start)).toBeNull();
    // A milestone dropped on Friday 6 starts on Monday 9 (it is shown on Friday).
    const milestone = task(4, '2026-03-04', '2026-03-04', {
      duration: 0,
      dependencies: [{ taskId: 1, type: 'FS', lagDays: 0 }],
    });
    expect(startConstraintAfterMove(milestone, d('2026-03-06'), byId, start)).toBe('2026-03-09');
    expect(startConstraintAfterMove(milestone, d('2026-03-04'), byId, start)).toBeNull();
  });
});

describe('PNG export', () => {
  it('draws at 2× when it can and shrinks a huge chart under the canvas limits', () => {
    expect(exportScale(1200, 800)).toBe(2);
    const s = exportScale(6000, 32_000);
    expect(6000 * s * 32_000 * s).toBeLessThanOrEqual(200_000_001);
    expect(32_000 * s).toBeLessThanOrEqual(32_000);
    expect(pngFileName('Maple St. Reno!')).toBe('maple-st-reno-gantt.png');
    expect(pngFileName('  ')).toBe('project-gantt.png');
  });
});
