import { describe, expect, it } from 'vitest';
import type { ScheduleLink } from './critical-path.js';
import { type ProjectTask, scheduleProject } from './project-schedule.js';
import { stateDisplayName, weatherDaysNotice } from './weather-notice.js';

const link = (
  predecessorId: number,
  successorId: number,
  type: 'FS' | 'FF' = 'FS',
): ScheduleLink<number> => ({
  predecessorId,
  successorId,
  type,
});

function scheduled(tasks: ProjectTask[], links: ScheduleLink<number>[], weatherState: string | null) {
  const result = scheduleProject(tasks, links, { startDate: '2026-12-07', weatherState });
  if (!result.ok) throw new Error(result.error.message);
  return result.schedule;
}

describe('weatherDaysNotice', () => {
  it.each([
    [12, 'MN', '2026-12-07', '12 weather days added for a winter start in Minnesota (Dec–Feb)'],
    [1, 'minnesota', '2027-01-04', '1 weather day added for a winter start in Minnesota (Dec–Feb)'],
    [4, 'NY', '2027-04-05', '4 weather days added for a spring start in New York (Mar–May)'],
    [3, 'dc', '2027-07-06', '3 weather days added for a summer start in District of Columbia (Jun–Aug)'],
    [2, 'WA', '2027-10-04', '2 weather days added for a fall start in Washington (Sep–Nov)'],
  ])('%i days in %s from %s: %s', (days, state, start, summary) => {
    expect(weatherDaysNotice(days, state, start)).toEqual({ days, summary });
  });

  it.each([
    [0, 'MN'],
    [5, null],
    [5, ''],
    [5, 'Ontario'],
  ])('says nothing for %i days in %s', (days, state) => {
    expect(weatherDaysNotice(days, state, '2026-12-07')).toBeNull();
  });

  it('names states and territories as written, and keeps any other place as given', () => {
    expect(stateDisplayName('ND')).toBe('North Dakota');
    expect(stateDisplayName('puerto rico')).toBe('Puerto Rico');
    expect(stateDisplayName(' Ontario ')).toBe('Ontario');
  });
});

describe('weatherAddedDays', () => {
  it('is the working days the allowance moved the finish, against the same schedule without it', () => {
    const tasks: ProjectTask[] = [
      { id: 1, duration: 10, trade: 'Site work' },
      { id: 2, duration: 10, trade: 'Foundation concrete' },
      { id: 3, duration: 30, trade: 'Interior finishes' },
    ];
    const links = [link(1, 2), link(2, 3)];
    const cold = scheduled(tasks, links, 'MN');
    const none = scheduled(tasks, links, null);
    const allowance = cold.tasks.reduce((sum, t) => sum + t.weatherDays, 0);
    expect(allowance).toBeGreaterThan(0);
    expect(cold.weatherAddedDays).toBe(cold.durationDays - none.durationDays);
    expect(cold.weatherAddedDays).toBe(allowance);
    expect(none.weatherAddedDays).toBe(0);
  });

  it('counts only what moves the finish: weather on work with float adds nothing', () => {
    const cold = scheduled(
      [
        { id: 1, duration: 5, trade: 'Roofing' },
        { id: 2, duration: 60, trade: 'Interior finishes' },
      ],
      [],
      'MN',
    );
    expect(cold.tasks[0]?.weatherDays).toBeGreaterThan(0);
    expect(cold.weatherAddedDays).toBe(0);
  });

  it('lets a span held to a finish (general conditions to the punch list) shrink with the weather', () => {
    // The span's stored length already covers the weathered work, as a plan leaves it.
    const work: ProjectTask[] = [
      { id: 1, duration: 20, trade: 'Framing' },
      { id: 2, duration: 5, trade: 'Punch list' },
      { id: 4, duration: 2, trade: 'Closeout' },
    ];
    const links = [link(1, 2), link(2, 3, 'FF'), link(2, 4)];
    const plain = scheduled([...work, { id: 3, duration: 25, trade: 'General conditions' }], links, null);
    const weathered = scheduled([...work, { id: 3, duration: 25, trade: 'General conditions' }], links, 'MN');
    const span = weathered.tasks.find((t) => t.id === 2)?.earlyFinish ?? 0;
    const stored = scheduled([...work, { id: 3, duration: span, trade: 'General conditions' }], links, 'MN');
    expect(stored.durationDays).toBe(weathered.durationDays);
    expect(stored.weatherAddedDays).toBe(weathered.durationDays - plain.durationDays);
    expect(stored.weatherAddedDays).toBeGreaterThan(2);
  });
});
