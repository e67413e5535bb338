/**
 * An imported file's calendar is kept with the project (`projects.calendar`): later re-schedules
 * (a task edit, `POST …/schedule`, `GET …/schedule`) work on it instead of Monday–Friday, the
 * project DTO shows it, and `export.xml` writes it, so export → import keeps it.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../../tests/support/fixtures.js';
import type { ProjectDto } from '../../../contracts/projects.js';
import type { ImportedScheduleDto, ProjectScheduleDto } from '../../../contracts/schedule.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { createProject, seedTasks, storedTasks, uploadSchedule } from './schedule-test-support.js';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Six-Day Builders' });
});
afterAll(async () => {
  await t.close();
});

/** 0 = Sunday … 6 = Saturday, of a `YYYY-MM-DD`. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The wk2 file's holidays that fall inside its schedule (August 2013 – February 2015). */
const WK2_HOLIDAYS_IN_RANGE = ['2013-09-02', '2013-11-28', '2013-12-25'];

async function importWk2() {
  const res = await uploadSchedule(t, owner, readFixture('schedules/xernative_wk2.xer'), 'xernative_wk2.xer');
  expect(res.statusCode, res.body).toBe(201);
  return json<ImportedScheduleDto>(res);
}

/** Every stored start and end date of a project's tasks that is not a milestone's. */
async function workedDates(projectId: number) {
  const rows = await storedTasks(t, projectId);
  return rows.filter((r) => r.duration > 0).flatMap((r) => [r.start, r.end]);
}

describe('an imported calendar is kept', () => {
  it('stores the Saturday–Thursday calendar of wk2 and shows it on the project', async () => {
    const { project } = await importWk2();
    expect(project.calendar).toMatchObject({
      workDays: [1, 2, 3, 4, 6, 7],
      hoursPerDay: 8,
      usFederalHolidays: false,
      name: 'test project',
      workingDates: ['2001-04-06', '2001-04-13', '2001-04-20', '2001-04-27'],
    });
    expect(project.calendar?.nonWorkingDates).toEqual(expect.arrayContaining(WK2_HOLIDAYS_IN_RANGE));
    expect(project.calendar?.nonWorkingDates).toHaveLength(49);
    const again = json<ProjectDto>(await owner.get(`/api/projects/${project.id}`));
    expect(again.calendar).toEqual(project.calendar);
    // A project created in the app has the default calendar.
    const plain = await createProject(t, owner, '2026-03-02', 'Plain');
    expect(json<ProjectDto>(await owner.get(`/api/projects/${plain.id}`)).calendar).toBeNull();
  });

  it('re-schedules on it after a task edit: no Fridays, none of the file holidays, weekends worked', async () => {
    const { project } = await importWk2();
    const rows = await storedTasks(t, project.id);
    const task = rows.find((r) => r.duration >= 5 && r.dependencies === null);
    if (!task) throw new Error('no unlinked task with work in wk2');
    const res = await owner.put(`/api/tasks/${task.id}`, { duration: task.duration + 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-rescheduled']).toBe('true');
    expect(json<TaskDto>(res).duration).toBe(task.duration + 3);

    const dates = await workedDates(project.id);
    expect(dates.length).toBeGreaterThan(300);
    expect(dates.filter((d) => weekday(d) === 5)).toEqual([]);
    expect(dates.filter((d) => WK2_HOLIDAYS_IN_RANGE.includes(d))).toEqual([]);
    // Saturdays and Sundays are worked (a Monday–Friday re-schedule would have none).
    expect(dates.some((d) => weekday(d) === 6)).toBe(true);
    expect(dates.some((d) => weekday(d) === 0)).toBe(true);
    // The schedule spans the holidays, so skipping them was a real constraint.
    expect(dates.some((d) => d > '2013-12-25')).toBe(true);

    // GET computes the same dates without writing; POST writes them again (nothing changes).
    const computed = json<ProjectScheduleDto>(await owner.get(`/api/projects/${project.id}/schedule`));
    const stored = new Map((await storedTasks(t, project.id)).map((r) => [r.id, [r.start, r.end]]));
    for (const scheduled of computed.tasks) {
      expect([scheduled.startDate, scheduled.endDate]).toEqual(stored.get(scheduled.id));
    }
    const posted = await owner.post(`/api/projects/${project.id}/schedule`);
    expect(json<ProjectScheduleDto>(posted)).toEqual(computed);
    expect(weekday(computed.finishDate)).not.toBe(5);
  });

  it('export.xml writes the calendar (name, week, holidays, worked dates) and import reads it back', async () => {
    const { project } = await importWk2();
    const exported = await owner.get(`/api/projects/${project.id}/export.xml`);
    expect(exported.statusCode).toBe(200);
    const xml = new XMLParser({ parseTagValue: false }).parse(exported.body) as {
      Project: {
        Calendars: { Calendar: { Name: string; WeekDays: { WeekDay: Record<string, unknown>[] } } };
      };
    };
    const calendar = xml.Project.Calendars.Calendar;
    expect(calendar.Name).toBe('test project');
    const week = calendar.WeekDays.WeekDay.filter((d) => d.DayType !== '0').map((d) => d.DayWorking);
    // Sunday … Saturday: Friday (6) is the day off.
    expect(week).toEqual(['1', '1', '1', '1', '1', '0', '1']);
    const worked = calendar.WeekDays.WeekDay.filter((d) => d.DayType === '0' && d.DayWorking === '1');
    expect(worked).toHaveLength(4);

    const res = await uploadSchedule(t, owner, exported.body, 'wk2-again.xml');
    expect(res.statusCode, res.body).toBe(201);
    const reimported = json<ImportedScheduleDto>(res).project;
    expect(reimported.calendar).toEqual(project.calendar);
    // Its tasks keep their names and durations (the dates are the re-imported file's own schedule).
    const summary = async (projectId: number) =>
      (await storedTasks(t, projectId)).map((r) => `${r.name} ${r.duration}`).sort();
    expect(await summary(reimported.id)).toEqual(await summary(project.id));
  });

  it("round-trips a project's default calendar and its start constraints through MSPDI", async () => {
    const project = await createProject(t, owner, '2026-06-29', 'Constrained');
    const ids = await seedTasks(t, project, [
      { name: 'Mobilise', duration: 2 },
      { name: 'Crane', duration: 3, after: [{ name: 'Mobilise' }] },
    ]);
    const crane = ids.get('Crane') ?? 0;
    // Monday 13 July: the crane cannot come earlier.
    const put = await owner.put(`/api/tasks/${crane}`, { startNoEarlierThan: '2026-07-13' });
    expect(put.statusCode, put.body).toBe(200);
    const exported = await owner.get(`/api/projects/${project.id}/export.xml`);
    expect(exported.body).toContain('<ConstraintType>4</ConstraintType>');
    expect(exported.body).toContain('<ConstraintDate>2026-07-13T08:00:00</ConstraintDate>');
    const res = await uploadSchedule(t, owner, exported.body, 'constrained.xml');
    expect(res.statusCode, res.body).toBe(201);
    const copy = json<ImportedScheduleDto>(res);
    const rows = await storedTasks(t, copy.project.id);
    expect(rows.map((r) => [r.name, r.startNoEarlierThan, r.start, r.end])).toEqual([
      ['Mobilise', null, '2026-06-29', '2026-06-30'],
      ['Crane', '2026-07-13', '2026-07-13', '2026-07-15'],
    ]);
    // The file's calendar is Monday–Friday with the holidays written (Independence Day, observed Friday 3 July).
    expect(copy.project.calendar).toMatchObject({ workDays: [1, 2, 3, 4, 5], name: 'Standard' });
    expect(copy.project.calendar?.nonWorkingDates).toContain('2026-07-03');
  });
});
