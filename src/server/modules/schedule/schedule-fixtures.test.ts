/**
 * The real schedule files of ../shared/fixtures/schedules (see its README) imported through the API:
 * the project's finish and critical set must be the ones the files themselves store (MS Project's
 * and Primavera's own answers, which the domain's fixture test reproduces exactly in hours), here at
 * day granularity: finish dates, critical activities, stored task dates and floats in days.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../../tests/support/fixtures.js';
import type { ImportedScheduleDto } from '../../../contracts/schedule.js';
import { parseXerTables, type XerRow } from '../../../domain/schedule/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { storedTasks, uploadSchedule } from './schedule-test-support.js';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Fixture Builders' });
});
afterAll(async () => {
  await t.close();
});

const sorted = (values: Iterable<string>) => [...values].sort();
const day = (instant: string | undefined) => (instant ?? '').slice(0, 10);

/** Imports a fixture and answers the API's answer with the stored tasks by the file's activity id. */
async function importFixture(name: string) {
  const res = await uploadSchedule(t, owner, readFixture(`schedules/${name}`), name);
  expect(res.statusCode, res.body).toBe(201);
  const body = json<ImportedScheduleDto>(res);
  const rows = await storedTasks(t, body.project.id);
  const dated = new Map(body.schedule.tasks.map((task) => [task.id, task]));
  const byCode = new Map(
    rows.map((row) => {
      const code = /^Activity ID (.+)$/.exec(row.description ?? '')?.[1];
      if (!code) throw new Error(`task ${row.id} has no activity id`);
      return [code, { row, scheduled: dated.get(row.id) }] as const;
    }),
  );
  const critical = sorted([...byCode].filter(([, { row }]) => row.isCritical).map(([code]) => code));
  expect(sorted(body.schedule.criticalPath.map(String))).toEqual(
    sorted(rows.filter((r) => r.isCritical).map((r) => String(r.id))),
  );
  return { body, rows, byCode, critical };
}

function storedXer(name: string) {
  const tables = parseXerTables(readFixture(`schedules/${name}`, 'latin1'));
  if (!tables.ok) throw new Error(tables.error);
  const project = tables.tables.get('PROJECT')?.[0] as XerRow;
  const tasks = [...(tables.tables.get('TASK') ?? [])];
  return { project, tasks };
}

/**
 * The last day worked by a finish instant of this Mon–Fri 08:00–17:00 file: MS Project writes a
 * finish driven by a start-to-finish link as 08:00 of the next working day (task 5: 2006-09-25T08:00),
 * the same moment in working time as 17:00 of the working day before.
 */
function workEndDay(instant: string | undefined): string {
  if (!instant?.includes('T08:00')) return day(instant);
  const date = new Date(`${day(instant)}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() - 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}

describe('mpxj_mspdirelations.xml (MS Project)', () => {
  const parsed = new XMLParser({ parseTagValue: false }).parse(
    readFixture('schedules/mpxj_mspdirelations.xml', 'utf8'),
  ) as { Project: { FinishDate: string; Tasks: { Task: Record<string, string>[] } } };
  const stored = parsed.Project.Tasks.Task.filter((task) => task.Summary === '0');

  it('finishes when MS Project says, with its critical tasks, dates and slack', async () => {
    const { body, byCode, critical } = await importFixture('mpxj_mspdirelations.xml');
    expect(body.schedule.finishDate).toBe(day(parsed.Project.FinishDate));
    expect(body.project.endDate.slice(0, 10)).toBe(day(parsed.Project.FinishDate));
    expect(critical).toEqual(
      sorted(stored.filter((task) => task.Critical === '1').map((task) => task.ID ?? '')),
    );
    expect(critical).toHaveLength(4);
    for (const task of stored) {
      const mine = byCode.get(task.ID ?? '');
      expect([mine?.row.start, mine?.row.end], task.Name).toEqual([day(task.Start), workEndDay(task.Finish)]);
      // Slack is stored in tenths of a minute; the file's day is 480 minutes.
      expect(mine?.scheduled?.totalFloat, task.Name).toBe(Number(task.TotalSlack) / 4800);
      expect(mine?.scheduled?.freeFloat, task.Name).toBe(Number(task.FreeSlack) / 4800);
    }
  });
});

describe('xernative_takt_sample.xer (Primavera P6)', () => {
  const { project, tasks } = storedXer('xernative_takt_sample.xer');

  it('finishes when P6 says, with the activities P6 stores at zero float, on P6’s days', async () => {
    const { body, byCode, critical } = await importFixture('xernative_takt_sample.xer');
    expect(body.schedule.finishDate).toBe(day(project.scd_end_date));
    expect(body.project.startDate.slice(0, 10)).toBe(day(project.last_recalc_date));
    expect(critical).toEqual(
      sorted(tasks.filter((row) => Number(row.total_float_hr_cnt) <= 0).map((row) => row.task_code ?? '')),
    );
    expect(critical).toHaveLength(9);
    expect(byCode.size).toBe(tasks.length);
    for (const row of tasks) {
      const mine = byCode.get(row.task_code ?? '');
      expect([mine?.row.start, mine?.row.end], row.task_code).toEqual([
        day(row.early_start_date),
        day(row.early_end_date),
      ]);
      expect(mine?.row.duration, row.task_code).toBe(Number(row.target_drtn_hr_cnt) / 8);
      expect(mine?.scheduled?.totalFloat, row.task_code).toBe(Number(row.total_float_hr_cnt) / 8);
    }
  });
});

describe('xernative_wk2.xer (Primavera P6, 198 activities)', () => {
  const { project, tasks } = storedXer('xernative_wk2.xer');
  // The PROJECT START milestone stores no float (see the fixtures README); it is compared on dates only.
  const withFloat = tasks.filter((row) => row.total_float_hr_cnt !== '');

  it('finishes on P6’s date with the same activities at zero float', async () => {
    const { body, byCode, critical } = await importFixture('xernative_wk2.xer');
    expect(body.schedule.finishDate).toBe(day(project.scd_end_date));
    expect(body.project.endDate.slice(0, 10)).toBe('2015-02-19');
    expect(byCode.size).toBe(198);
    const storedCritical = sorted(
      withFloat.filter((row) => Number(row.total_float_hr_cnt) <= 0).map((row) => row.task_code ?? ''),
    );
    expect(storedCritical).toHaveLength(33);
    const floatCodes = new Set(withFloat.map((row) => row.task_code));
    expect(critical.filter((code) => floatCodes.has(code))).toEqual(storedCritical);
    for (const row of withFloat) {
      const mine = byCode.get(row.task_code ?? '');
      expect(mine?.scheduled?.totalFloat, row.task_code).toBeCloseTo(Number(row.total_float_hr_cnt) / 8, 6);
      expect(mine?.row.start, row.task_code).toBe(day(row.early_start_date));
    }
    expect(Number(body.project.budget)).toBeGreaterThan(0);
  });
});
