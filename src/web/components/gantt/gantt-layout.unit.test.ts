import { describe, expect, it } from 'vitest';
import type { GanttTask } from './gantt-geometry';
import { fitGanttWidth, layoutGantt } from './gantt-layout';

const task = (id: number, startDate: string, endDate: string, over: Partial<GanttTask> = {}): GanttTask => ({
  id,
  name: `Task ${id}`,
  phase: null,
  startDate,
  endDate,
  duration: 3,
  isCritical: false,
  dependencies: [],
  ...over,
});

const TASKS = [
  task(1, '2026-03-09', '2026-03-11'),
  task(2, '2026-03-12', '2026-03-16', { dependencies: [{ taskId: 1, type: 'FS', lagDays: 0 }] }),
];
const TODAY = 20_000;

describe('fitGanttWidth', () => {
  it('stretches a short range to the width it is shown in, leaving bars and arrows in place', () => {
    const layout = layoutGantt(TASKS, 'day', TODAY);
    const wide = layout.width + 10 * layout.pxPerDay + 1;
    const fitted = fitGanttWidth(layout, wide);
    expect(fitted.width).toBeGreaterThanOrEqual(wide);
    expect(fitted.width - wide).toBeLessThan(layout.pxPerDay);
    expect(fitted.origin).toBe(layout.origin);
    expect(fitted.end).toBeGreaterThan(layout.end);
    expect(fitted.placed).toBe(layout.placed);
    expect(fitted.links).toBe(layout.links);
  });

  it('gives the same layout back when the tasks already span the width', () => {
    const layout = layoutGantt(TASKS, 'week', TODAY);
    expect(fitGanttWidth(layout, layout.width)).toBe(layout);
    expect(fitGanttWidth(layout, 0)).toBe(layout);
  });
});
