import { describe, expect, it } from 'vitest';
import { varianceText, varianceWords } from './gantt-baseline';
import type { GanttTask } from './gantt-geometry';
import { layoutGantt } from './gantt-layout';

const task = (over: Partial<GanttTask>): GanttTask => ({
  id: 1,
  name: 'Frame',
  phase: null,
  startDate: '2026-03-09',
  endDate: '2026-03-11',
  duration: 3,
  isCritical: false,
  dependencies: [],
  ...over,
});

describe('variance text', () => {
  it.each([
    [3, '+3 d', '3 working days late against the baseline'],
    [1, '+1 d', '1 working day late against the baseline'],
    [-2, '\u22122 d', '2 working days early against the baseline'],
    [0, '0 d', 'on time against the baseline'],
  ])('%i → %s', (days, text, words) => {
    expect(varianceText(days)).toBe(text);
    expect(varianceWords(days)).toBe(words);
  });
});

describe('layoutGantt with a baseline', () => {
  it('places the baseline days and widens the range to take them in', () => {
    const today = 20_000;
    const without = layoutGantt([task({})], 'day', today);
    const withBaseline = layoutGantt(
      [task({ baselineStart: '2026-02-23', baselineFinish: '2026-02-25' })],
      'day',
      today,
    );
    const placed = withBaseline.placed.get(1);
    expect(placed?.baselineStartSerial).toBe(Date.UTC(2026, 1, 23) / 86_400_000);
    expect(placed?.baselineEndSerial).toBe(Date.UTC(2026, 1, 25) / 86_400_000);
    expect(withBaseline.origin).toBeLessThan(without.origin);
  });

  it('draws no baseline for a task without both dates', () => {
    const layout = layoutGantt([task({ baselineStart: '2026-03-02', baselineFinish: null })], 'day', 20_000);
    expect(layout.placed.get(1)?.baselineStartSerial).toBeUndefined();
  });
});
