import { describe, expect, it } from 'vitest';
import { standardDayPeriods } from '../calendar.js';
import type { ImportedTask, ScheduleImport } from './schedule-import.js';
import { scheduleImported } from './schedule-imported.js';

const day = standardDayPeriods(8); // 08:00–12:00, 13:00–17:00

function task(externalId: string, durationHours: number, extra: Partial<ImportedTask> = {}): ImportedTask {
  return {
    externalId,
    code: externalId,
    name: externalId,
    phase: null,
    durationHours,
    durationDays: durationHours / 8,
    isMilestone: durationHours === 0,
    constraints: {},
    ...extra,
  };
}

function file(tasks: ImportedTask[], links: ScheduleImport['links'] = []): ScheduleImport {
  return {
    format: 'primavera-xer',
    project: { name: 'Test', start: '2024-03-04T00:00', dataDate: '2024-03-04T00:00' }, // a Monday
    calendar: {
      name: 'Std',
      hoursPerDay: 8,
      week: [[], day, day, day, day, day, []],
      holidays: 'none',
      nonWorkingDates: ['2024-03-06'],
      exceptions: [],
    },
    tasks,
    links,
    warnings: [],
  };
}

describe('scheduleImported', () => {
  it('schedules in working hours across lunch, days off and weekends', () => {
    const result = scheduleImported(
      file(
        [task('A', 12), task('B', 20), task('M', 0)],
        [
          { predecessorId: 'A', successorId: 'B', type: 'FS', lagHours: 2, lagDays: 0.25 },
          { predecessorId: 'B', successorId: 'M', type: 'FS', lagHours: 0, lagDays: 0 },
        ],
      ),
    );
    if (!result.ok) throw new Error(result.error.message);
    const { schedule } = result;
    // A: Mon 08:00 → Tue 12:00 (12 h). Lag 2 h → B starts Tue 15:00; Wednesday is off;
    // B's 20 h: Tue 2 h, Thu 8 h, Fri 8 h, Mon 2 h → finishes Mon 10:00.
    expect(schedule.tasks.map((t) => [t.externalId, t.earlyStart, t.earlyFinish])).toEqual([
      ['A', '2024-03-04T08:00', '2024-03-05T12:00'],
      ['B', '2024-03-05T15:00', '2024-03-11T10:00'],
      ['M', '2024-03-11T10:00', '2024-03-11T10:00'],
    ]);
    expect(schedule).toMatchObject({
      start: '2024-03-04T08:00',
      finish: '2024-03-11T10:00',
      durationHours: 34,
      durationDays: 4.25,
    });
    expect(schedule.criticalPath).toEqual(['A', 'B', 'M']);
  });

  it('applies constraint instants and reports float in hours', () => {
    const result = scheduleImported(
      file([task('A', 8), task('B', 8, { constraints: { startNoEarlierThan: '2024-03-07T13:00' } })]),
    );
    if (!result.ok) throw new Error(result.error.message);
    const [a, b] = result.schedule.tasks;
    expect(b).toMatchObject({
      earlyStart: '2024-03-07T13:00',
      earlyFinish: '2024-03-08T12:00',
      totalFloatHours: 0,
    });
    expect(a).toMatchObject({ totalFloatHours: 20, freeFloatHours: 20, isCritical: false }); // Mon 8 h + Tue 8 h + Thu 4 h
  });

  it('reports cycles with the file’s ids and a missing start', () => {
    const cyclic = scheduleImported(
      file(
        [task('A', 8), task('B', 8)],
        [
          { predecessorId: 'A', successorId: 'B', type: 'FS', lagHours: 0, lagDays: 0 },
          { predecessorId: 'B', successorId: 'A', type: 'SS', lagHours: 0, lagDays: 0 },
        ],
      ),
    );
    expect(cyclic.ok ? null : cyclic.error).toMatchObject({ code: 'cycle' });
    const noStart = file([task('A', 8)]);
    const result = scheduleImported({ ...noStart, project: { name: 'x', start: null, dataDate: null } });
    expect(result.ok ? null : result.error.code).toBe('no_start');
  });
});
