import { describe, expect, it } from 'vitest';
import { cellTasks, MONTH_CELL_TASKS, monthGrid } from './month-grid.js';

describe('monthGrid', () => {
  it.each([
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
    ['2026-02-10', 4, '2026-02-01', '2026-02-28'],
    // April 2026 starts on a Wednesday: five rows.
    ['2026-04-08', 5, '2026-03-29', '2026-05-02'],
    // May 2026 starts on a Friday and has 31 days: six rows.
    ['2026-05-20', 6, '2026-04-26', '2026-06-06'],
    // August 2026 starts on a Saturday: six rows.
    ['2026-08-01', 6, '2026-07-26', '2026-09-05'],
    // February 2032 (leap year) starts on a Sunday: five rows for its 29 days.
    ['2032-02-29', 5, '2032-02-01', '2032-03-06'],
  ])('the month of %s has %i rows from %s to %s', (anchor, rows, first, last) => {
    const grid = monthGrid(anchor);
    expect(grid.weeks).toHaveLength(rows);
    expect(grid.weeks[0]?.[0]).toBe(first);
    expect(grid.weeks.at(-1)?.[6]).toBe(last);
    for (const week of grid.weeks) {
      expect(week).toHaveLength(7);
      expect(new Date(`${week[0]}T00:00:00Z`).getUTCDay()).toBe(0);
    }
  });

  it('every year has months of 4 to 6 rows covering every day once', () => {
    for (let month = 1; month <= 12 * 30; month++) {
      const year = 2020 + Math.floor((month - 1) / 12);
      const anchor = `${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-15`;
      const grid = monthGrid(anchor);
      expect(grid.weeks.length).toBeGreaterThanOrEqual(4);
      expect(grid.weeks.length).toBeLessThanOrEqual(6);
      const inMonth = grid.weeks.flat().filter((d) => d >= grid.from && d <= grid.to);
      expect(new Set(inMonth).size).toBe(inMonth.length);
      expect(inMonth[0]).toBe(grid.from);
      expect(inMonth.at(-1)).toBe(grid.to);
    }
  });
});

describe('cellTasks', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [2, 2, 0],
    [3, 2, 1],
    [9, 2, 7],
  ])('%i tasks: %i shown, %i more', (count, shown, more) => {
    const tasks = Array.from({ length: count }, (_, i) => i);
    expect(cellTasks(tasks)).toEqual({ shown: tasks.slice(0, shown), more });
  });

  it('shows two tasks a day', () => {
    expect(MONTH_CELL_TASKS).toBe(2);
  });
});
