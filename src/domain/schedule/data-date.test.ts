import { describe, expect, it } from 'vitest';
import type { ScheduleLink } from './critical-path.js';
import { type ProjectTask, scheduleProject } from './project-schedule.js';

// March 2025 has no federal holiday. Monday 2025-03-03 is the project start (offset 0); the working
// days run 03-03…03-07, 03-10…03-14, 03-17…03-21, 03-24…03-28, 03-31…
const START = '2025-03-03';

const fs = (predecessorId: number, successorId: number, lag = 0): ScheduleLink<number> => ({
  predecessorId,
  successorId,
  type: 'FS',
  lag,
});

function datesOf(tasks: ProjectTask[], links: ScheduleLink<number>[], dataDate: string | null) {
  const result = scheduleProject(tasks, links, { startDate: START, dataDate });
  if (!result.ok) throw new Error(result.error.message);
  return Object.fromEntries(result.schedule.tasks.map((t) => [t.id, [t.startDate, t.endDate]]));
}

describe('scheduling from a data date (retained logic)', () => {
  it('keeps finished work where it happened and starts its successor no earlier than the data date', () => {
    const tasks: ProjectTask[] = [
      { id: 1, duration: 5, actualStart: '2025-03-03', actualFinish: '2025-03-11' },
      { id: 2, duration: 3 },
    ];
    expect(datesOf(tasks, [fs(1, 2)], null)).toEqual({
      1: ['2025-03-03', '2025-03-11'],
      2: ['2025-03-12', '2025-03-14'],
    });
    expect(datesOf(tasks, [fs(1, 2)], '2025-03-17')).toEqual({
      1: ['2025-03-03', '2025-03-11'],
      2: ['2025-03-17', '2025-03-19'],
    });
  });

  it('finishes work begun long ago with its remaining days counted from the data date', () => {
    const tasks: ProjectTask[] = [
      { id: 1, duration: 10, actualStart: '2025-03-03', remainingDuration: 4 },
      { id: 2, duration: 2 },
    ];
    // As planned it would have ended on 03-14; four days are left on Monday 03-24.
    expect(datesOf(tasks, [fs(1, 2)], null)[1]).toEqual(['2025-03-03', '2025-03-14']);
    expect(datesOf(tasks, [fs(1, 2)], '2025-03-24')).toEqual({
      1: ['2025-03-03', '2025-03-27'],
      2: ['2025-03-28', '2025-03-31'],
    });
  });

  it('finishes work begun recently with its remaining days from the data date, not its whole duration', () => {
    const tasks: ProjectTask[] = [{ id: 1, duration: 10, actualStart: '2025-03-20', remainingDuration: 9 }];
    // Its whole duration from the start would end on 04-02; nine days from 03-24 end on 04-03.
    expect(datesOf(tasks, [], null)[1]).toEqual(['2025-03-20', '2025-04-02']);
    expect(datesOf(tasks, [], '2025-03-24')[1]).toEqual(['2025-03-20', '2025-04-03']);
  });

  it('finishes work with nothing left on the working day before the data date', () => {
    const tasks: ProjectTask[] = [
      { id: 1, duration: 10, actualStart: '2025-03-03', remainingDuration: 0 },
      { id: 2, duration: 1 },
    ];
    expect(datesOf(tasks, [fs(1, 2)], '2025-03-24')).toEqual({
      1: ['2025-03-03', '2025-03-21'],
      2: ['2025-03-24', '2025-03-24'],
    });
  });

  it('resumes work started after the data date from its actual start', () => {
    const tasks: ProjectTask[] = [{ id: 1, duration: 5, actualStart: '2025-03-12', remainingDuration: 2 }];
    expect(datesOf(tasks, [], '2025-03-10')[1]).toEqual(['2025-03-12', '2025-03-13']);
  });

  it('never starts work not begun before the data date, and follows its links after it', () => {
    const tasks: ProjectTask[] = [
      { id: 1, duration: 3 },
      { id: 2, duration: 2, startNoEarlierThan: '2025-03-04' },
      { id: 3, duration: 4, actualStart: '2025-03-03', remainingDuration: 3 },
      { id: 4, duration: 1 },
      { id: 5, duration: 0 },
      { id: 6, duration: 2, startNoEarlierThan: '2025-03-26' },
    ];
    // Data date Saturday 03-15: remaining work starts on Monday 03-17.
    expect(datesOf(tasks, [fs(3, 4, 1), fs(1, 5)], '2025-03-15')).toEqual({
      1: ['2025-03-17', '2025-03-19'],
      2: ['2025-03-17', '2025-03-18'],
      3: ['2025-03-03', '2025-03-19'],
      4: ['2025-03-21', '2025-03-21'],
      5: ['2025-03-19', '2025-03-19'],
      6: ['2025-03-26', '2025-03-27'], // a later constraint still holds it
    });
  });

  it('changes nothing for work not begun when the data date lies before the project start', () => {
    const tasks: ProjectTask[] = [
      { id: 1, duration: 3 },
      { id: 2, duration: 2 },
      { id: 3, duration: 5, actualStart: '2025-02-24', remainingDuration: 2 },
    ];
    const planned = datesOf(tasks, [fs(1, 2)], null);
    const statused = datesOf(tasks, [fs(1, 2)], '2025-02-20');
    expect(statused[1]).toEqual(planned[1]);
    expect(statused[2]).toEqual(['2025-03-06', '2025-03-07']);
    // Under way since before the project start: its two days left run from its actual start.
    expect(statused[3]).toEqual(['2025-02-24', '2025-02-25']);
  });

  it('makes the late remaining work critical and measures float from the data date', () => {
    const result = scheduleProject(
      [
        { id: 1, duration: 10, actualStart: '2025-03-03', remainingDuration: 5 },
        { id: 2, duration: 2 },
        { id: 3, duration: 3 },
      ],
      [fs(1, 2)],
      { startDate: START, dataDate: '2025-03-17' },
    );
    if (!result.ok) throw new Error(result.error.message);
    const [a, b, c] = result.schedule.tasks;
    expect(result.schedule.finishDate).toBe('2025-03-25');
    expect(a).toMatchObject({ isCritical: true, endDate: '2025-03-21' });
    expect(b).toMatchObject({ isCritical: true, startDate: '2025-03-24' });
    // Not begun, no links: it starts on the data date and may slip to the finish.
    expect(c).toMatchObject({ isCritical: false, startDate: '2025-03-17', totalFloat: 4 });
  });
});
