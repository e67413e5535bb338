import { describe, expect, it } from 'vitest';
import { WORKING_DAYS_PER_MONTH } from './adverse-weather-days.js';
import { workCalendar } from './calendar.js';
import type { ScheduleLink } from './critical-path.js';
import { type ProjectTask, scheduleProject } from './project-schedule.js';
import { adverseWeatherRegion } from './weather-allowance.js';

const fs = (predecessorId: number, successorId: number): ScheduleLink<number> => ({
  predecessorId,
  successorId,
  type: 'FS',
});

function scheduled(
  tasks: ProjectTask[],
  links: ScheduleLink<number>[],
  options: Parameters<typeof scheduleProject>[2],
) {
  const result = scheduleProject(tasks, links, options);
  if (!result.ok) throw new Error(result.error.message);
  return result.schedule;
}

const datesOf = (s: ReturnType<typeof scheduled>) => s.tasks.map((t) => [t.id, t.startDate, t.endDate]);

describe('scheduleProject', () => {
  // Friday 2024-06-28; Thursday 2024-07-04 is Independence Day.
  it('dates tasks on working days, skipping the weekend and the holiday', () => {
    const result = scheduled(
      [
        { id: 1, duration: 3 },
        { id: 2, duration: 2 },
        { id: 3, duration: 0 },
      ],
      [fs(1, 2), fs(2, 3)],
      { startDate: '2024-06-28' },
    );
    expect(datesOf(result)).toEqual([
      [1, '2024-06-28', '2024-07-02'],
      [2, '2024-07-03', '2024-07-05'],
      [3, '2024-07-05', '2024-07-05'], // the milestone falls on the day the work before it ends
    ]);
    expect(result).toMatchObject({
      startDate: '2024-06-28',
      finishDate: '2024-07-05',
      durationDays: 5,
      criticalPath: [1, 2, 3],
    });
    expect(result.tasks[1]).toMatchObject({
      earlyStart: 3,
      earlyFinish: 5,
      lateStart: 3,
      lateFinish: 5,
      totalFloat: 0,
      isCritical: true,
    });
  });

  it('starts on the first working day when the start date is a weekend', () => {
    const result = scheduled([{ id: 1, duration: 1 }], [], { startDate: '2024-06-29' });
    expect(result.startDate).toBe('2024-07-01');
    expect(datesOf(result)).toEqual([[1, '2024-07-01', '2024-07-01']]);
  });

  it('holds a task until its materials are delivered (a holiday delivery counts from the next working day)', () => {
    const result = scheduled(
      [
        { id: 1, duration: 1 },
        { id: 2, duration: 2, startNoEarlierThan: '2024-07-04' },
      ],
      [fs(1, 2)],
      { startDate: '2024-06-28' },
    );
    expect(datesOf(result)[1]).toEqual([2, '2024-07-05', '2024-07-08']);
    expect(result.tasks[0]?.totalFloat).toBe(3);
  });

  it('shows negative float against a finish-no-later-than date', () => {
    const result = scheduled([{ id: 1, duration: 5, finishNoLaterThan: '2024-07-02' }], [], {
      startDate: '2024-06-28',
    });
    expect(result.tasks[0]).toMatchObject({ lateFinish: 3, totalFloat: -2, isCritical: true });
  });

  it('uses the given calendar', () => {
    const sixDays = workCalendar({ workDays: [1, 2, 3, 4, 5, 6], holidays: 'none' });
    const result = scheduled([{ id: 1, duration: 3 }], [], { startDate: '2024-07-04', calendar: sixDays });
    expect(datesOf(result)).toEqual([[1, '2024-07-04', '2024-07-06']]);
  });

  it('adds the adverse-weather allowance from the month each weather-sensitive task starts in', () => {
    const wa = adverseWeatherRegion('WA');
    if (!wa) throw new Error('WA is in the table');
    // 2024-01-02 is the first working day; January has 21 more working days after it (MLK Day off),
    // so the concrete after the 21-day interior task starts on 1 February.
    const result = scheduled(
      [
        { id: 1, duration: 21, trade: 'Interior drywall' },
        { id: 2, duration: 5, trade: 'Concrete' },
        { id: 3, duration: 1, trade: 'Inspection' },
      ],
      [fs(1, 2), fs(2, 3)],
      { startDate: '2024-01-01', weatherState: 'WA' },
    );
    const expected = Math.round(((wa.days[1] ?? 0) * 5) / WORKING_DAYS_PER_MONTH);
    expect(expected).toBeGreaterThan(0);
    expect(result.tasks.map((t) => t.weatherDays)).toEqual([0, expected, 0]);
    expect(result.tasks[1]).toMatchObject({
      earlyStart: 21,
      duration: 5 + expected,
      earlyFinish: 26 + expected,
    });
    expect(result.tasks[1]?.startDate).toBe('2024-02-01');
    expect(result.tasks[2]?.earlyStart).toBe(26 + expected);
  });

  it('adds no weather without a state', () => {
    const result = scheduled([{ id: 1, duration: 21, trade: 'Roofing' }], [], { startDate: '2024-01-02' });
    expect(result.tasks[0]).toMatchObject({ weatherDays: 0, duration: 21 });
  });

  it('returns the cycle with its task ids', () => {
    const result = scheduleProject(
      [
        { id: 1, duration: 1 },
        { id: 2, duration: 1 },
      ],
      [fs(1, 2), fs(2, 1)],
      { startDate: '2024-06-28' },
    );
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.code === 'cycle') expect([...result.error.cycle].sort()).toEqual([1, 2]);
    else throw new Error('expected a cycle');
  });

  it('dates a project of more than a year', () => {
    const result = scheduled([{ id: 1, duration: 600 }], [], { startDate: '2024-01-02' });
    expect(result.durationDays).toBe(600);
    expect(result.finishDate > '2026-05-01').toBe(true);
    expect(result.finishDate < '2026-06-01').toBe(true);
  });
});
