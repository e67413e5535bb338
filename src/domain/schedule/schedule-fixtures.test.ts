/**
 * Real schedule files from ../shared/fixtures/schedules (see its README), read, scheduled by
 * our engine on the file's own calendar, and compared with the answers the files themselves
 * store: MS Project's and Primavera's own finish dates, floats and critical flags. Every
 * expected value below is read out of the file, not typed in.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../tests/support/fixtures.js';
import { readMspdi } from './import/mspdi-reader.js';
import type { ScheduleImport } from './import/schedule-import.js';
import { type ImportedSchedule, scheduleImported } from './import/schedule-imported.js';
import { readXer } from './import/xer-reader.js';
import { parseXerTables, type XerRow } from './import/xer-tables.js';
import { createWorkingTimeIndex, offsetOfInstant, type WorkingTimeIndex } from './working-time.js';

const fixture = (name: string, encoding: BufferEncoding) => readFixture(`schedules/${name}`, encoding);

function imported(result: ReturnType<typeof readXer>): ScheduleImport {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function scheduled(file: ScheduleImport): ImportedSchedule {
  const result = scheduleImported(file);
  if (!result.ok) throw new Error(result.error.message);
  return result.schedule;
}

/** The file's calendar as a clock from its data date, to compare instants as working time. */
function clockOf(file: ScheduleImport, through: string): WorkingTimeIndex {
  const origin = file.project.dataDate ?? file.project.start ?? '';
  return createWorkingTimeIndex(file.calendar, origin, { throughInstant: through });
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('MS Project XML: mpxj_mspdirelations.xml', () => {
  // The thin adapter: the XML library stays outside the domain; the reader takes the parsed object.
  const parsed = new XMLParser({ parseTagValue: false }).parse(fixture('mpxj_mspdirelations.xml', 'utf8'));
  const stored = {
    finish: String(parsed.Project.FinishDate).slice(0, 16),
    tasks: (parsed.Project.Tasks.Task as Record<string, string>[]).filter((t) => t.Summary === '0'),
  };
  const file = imported(readMspdi(parsed));
  const ours = scheduled(file);
  const byId = new Map(ours.tasks.map((t) => [t.externalId, t]));

  it('reads five one-day tasks and one link of each type', () => {
    expect(file.tasks.map((t) => t.durationDays)).toEqual([1, 1, 1, 1, 1]);
    expect(sorted(file.links.map((l) => l.type))).toEqual(['FF', 'FS', 'SF', 'SS']);
    expect(file.links.find((l) => l.type === 'SS')?.lagDays).toBe(1);
  });

  it('finishes when MS Project says', () => {
    expect(ours.finish).toBe(stored.finish);
  });

  it('marks critical the tasks MS Project marks critical, with its total and free slack', () => {
    const critical = stored.tasks.filter((t) => t.Critical === '1').map((t) => String(t.UID));
    expect(sorted(ours.criticalPath)).toEqual(sorted(critical));
    for (const task of stored.tasks) {
      const mine = byId.get(String(task.UID));
      // MSPDI slack is in tenths of a minute.
      expect(mine?.totalFloatHours).toBe(Number(task.TotalSlack) / 600);
      expect(mine?.freeFloatHours).toBe(Number(task.FreeSlack) / 600);
    }
  });

  it('gives every task the early and late dates MS Project stores, as working time', () => {
    const clock = clockOf(file, stored.finish);
    const at = (instant: string) => offsetOfInstant(clock, instant.slice(0, 16));
    for (const task of stored.tasks) {
      const mine = byId.get(String(task.UID));
      if (!mine) throw new Error(`task ${task.UID} missing`);
      expect([mine.earlyStart, mine.earlyFinish, mine.lateStart, mine.lateFinish].map(at)).toEqual(
        [task.EarlyStart, task.EarlyFinish, task.LateStart, task.LateFinish].map((v) => at(String(v))),
      );
    }
  });
});

/** The TASK rows of an XER file, by task id, and the project row. */
function storedXer(text: string): { project: XerRow; tasks: Map<string, XerRow>; links: XerRow[] } {
  const tables = parseXerTables(text);
  if (!tables.ok) throw new Error(tables.error);
  const project = tables.tables.get('PROJECT')?.[0];
  if (!project) throw new Error('no project');
  const tasks = new Map((tables.tables.get('TASK') ?? []).map((row) => [row.task_id ?? '', row]));
  return { project, tasks, links: [...(tables.tables.get('TASKPRED') ?? [])] };
}

const p6Instant = (value: string | undefined) => (value ?? '').replace(' ', 'T');

describe('Primavera P6: xernative_takt_sample.xer', () => {
  const text = fixture('xernative_takt_sample.xer', 'latin1');
  const stored = storedXer(text);
  const file = imported(readXer(text));
  const ours = scheduled(file);

  it('reads the calendar with its lunch break and holiday week, and the levels as phases', () => {
    expect(file.calendar.hoursPerDay).toBe(8);
    expect(file.calendar.week[1]).toEqual([
      { start: 8 * 60, end: 12 * 60 },
      { start: 13 * 60, end: 17 * 60 },
    ]);
    expect(file.calendar.nonWorkingDates).toEqual([
      '2021-12-27',
      '2021-12-28',
      '2021-12-29',
      '2021-12-30',
      '2021-12-31',
    ]);
    expect(new Set(file.tasks.map((t) => t.phase))).toEqual(
      new Set(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5']),
    );
    expect(file.tasks).toHaveLength(stored.tasks.size);
    expect(file.links).toHaveLength(stored.links.length);
    expect(file.project.dataDate).toBe(p6Instant(stored.project.last_recalc_date));
  });

  it('finishes exactly when P6 says', () => {
    expect(ours.finish).toBe(p6Instant(stored.project.scd_end_date));
  });

  it('has exactly the critical set P6 stores (total float 0)', () => {
    const critical = [...stored.tasks.values()]
      .filter((t) => Number(t.total_float_hr_cnt) <= 0)
      .map((t) => t.task_id ?? '');
    expect(critical.length).toBeGreaterThan(0);
    expect(sorted(ours.criticalPath)).toEqual(sorted(critical));
  });

  it('matches every activity’s early and late dates and floats exactly', () => {
    for (const mine of ours.tasks) {
      const row = stored.tasks.get(mine.externalId);
      expect([mine.earlyStart, mine.earlyFinish, mine.lateStart, mine.lateFinish]).toEqual(
        [row?.early_start_date, row?.early_end_date, row?.late_start_date, row?.late_end_date].map(p6Instant),
      );
      expect([mine.totalFloatHours, mine.freeFloatHours]).toEqual([
        Number(row?.total_float_hr_cnt),
        Number(row?.free_float_hr_cnt),
      ]);
    }
  });
});

describe('Primavera P6: xernative_wk2.xer', () => {
  const text = fixture('xernative_wk2.xer', 'latin1');
  const stored = storedXer(text);
  const file = imported(readXer(text));
  const ours = scheduled(file);
  const withFloat = [...stored.tasks.values()].filter((t) => t.total_float_hr_cnt !== '');

  it('reads a Saturday–Thursday calendar whose periods (not its header) give the hours per day', () => {
    const day = [{ start: 8 * 60, end: 16 * 60 }];
    expect(file.calendar.week).toEqual([day, day, day, day, day, [], day]);
    expect(file.calendar.hoursPerDay).toBe(8);
    expect(file.warnings.join(' ')).toMatch(/states 10 h\/day but its work periods give 8 h/);
    expect(file.calendar.nonWorkingDates).toContain('2013-11-28');
  });

  it('reads every activity and every link with its type', () => {
    expect(file.tasks).toHaveLength(stored.tasks.size);
    const count = (types: string[]) =>
      Object.fromEntries(['FS', 'SS', 'FF', 'SF'].map((t) => [t, types.filter((x) => x === t).length]));
    expect(count(file.links.map((l) => l.type))).toEqual(
      count(stored.links.map((l) => (l.pred_type ?? '').replace('PR_', ''))),
    );
  });

  it('finishes on the date and hour P6 says', () => {
    expect(ours.finish).toBe(p6Instant(stored.project.scd_end_date));
  });

  it('has zero float on exactly the activities P6 stores at zero float, and the same float everywhere', () => {
    const stillCritical = withFloat
      .filter((t) => Number(t.total_float_hr_cnt) <= 0)
      .map((t) => t.task_id ?? '');
    const oursCritical = ours.tasks.filter(
      (t) => t.isCritical && stored.tasks.get(t.externalId)?.total_float_hr_cnt !== '',
    );
    expect(sorted(oursCritical.map((t) => t.externalId))).toEqual(sorted(stillCritical));
    for (const row of withFloat) {
      const mine = ours.tasks.find((t) => t.externalId === row.task_id);
      expect([mine?.totalFloatHours, mine?.freeFloatHours]).toEqual([
        Number(row.total_float_hr_cnt),
        Number(row.free_float_hr_cnt),
      ]);
    }
  });

  it('leaves out of the float comparison only the start milestone, which stores no float', () => {
    const noFloat = [...stored.tasks.values()].filter((t) => t.total_float_hr_cnt === '');
    expect(noFloat.map((t) => t.task_type)).toEqual(['TT_Mile']);
  });

  it('gives every activity the early and late dates P6 stores, as working time', () => {
    // P6 writes some boundary instants as 08:00 the next working day where we write 16:00 the day
    // before (a finish driven by a start-to-finish link): the same working-time offset.
    const clock = clockOf(file, p6Instant(stored.project.scd_end_date));
    const at = (instant: string | undefined) => offsetOfInstant(clock, p6Instant(instant));
    for (const mine of ours.tasks) {
      const row = stored.tasks.get(mine.externalId);
      expect([mine.earlyStart, mine.earlyFinish, mine.lateStart, mine.lateFinish].map(at)).toEqual(
        [row?.early_start_date, row?.early_end_date, row?.late_start_date, row?.late_end_date].map(at),
      );
    }
  });
});
