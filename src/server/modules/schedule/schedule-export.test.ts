import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedScheduleDto, ProjectScheduleDto } from '../../../contracts/schedule.js';
import { parseDependencies, readMspdi, type ScheduleImport } from '../../../domain/schedule/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { createProject, seedTasks, storedTasks, uploadSchedule } from './schedule-test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Exporters' });
  await other.signUpWithCompany({ company: 'Outsiders' });
});
afterAll(async () => {
  await t.close();
});

type XmlNode = Record<string, unknown>;
const parseXml = (xml: string) => new XMLParser({ parseTagValue: false }).parse(xml) as { Project: XmlNode };
const list = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]) as XmlNode[];

/**
 * A project over the Independence Day holiday (observed Friday 2026-07-03) with phases, every link
 * type, positive and negative lags and a milestone, scheduled by the API.
 */
async function scheduledProject(name: string) {
  const project = await createProject(t, owner, '2026-06-29', name);
  const ids = await seedTasks(t, project, [
    { name: 'Clear site', duration: 3, phase: 'Site work', estimatedCost: '1250.75' },
    {
      name: 'Excavate',
      duration: 4,
      phase: 'Site work',
      after: [{ name: 'Clear site', type: 'FS', lagDays: 1 }],
    },
    {
      name: 'Form footings',
      duration: 3,
      phase: 'Concrete',
      after: [{ name: 'Excavate', type: 'SS', lagDays: 2 }],
    },
    {
      name: 'Pour footings',
      duration: 2,
      phase: 'Concrete',
      after: [{ name: 'Form footings', type: 'FF', lagDays: -1 }],
    },
    {
      name: 'Order steel',
      duration: 5,
      progress: 40,
      after: [{ name: 'Pour footings', type: 'SF', lagDays: 3 }],
    },
    {
      name: 'Foundation done',
      duration: 0,
      phase: 'Concrete',
      after: [{ name: 'Pour footings' }, { name: 'Order steel' }],
    },
  ]);
  const res = await owner.post(`/api/projects/${project.id}/schedule`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { project, ids, schedule: json<ProjectScheduleDto>(res) };
}

describe('GET /api/projects/{id}/export.xml', () => {
  it('writes MSPDI: the working week and holidays, phases as summary tasks, durations, links in tenths of minutes', async () => {
    const { project, ids } = await scheduledProject('Footings & "Slab"');
    const res = await owner.get(`/api/projects/${project.id}/export.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Footings & _Slab_.xml"; filename*=UTF-8''Footings%20%26%20%22Slab%22.xml`,
    );
    expect(
      res.body.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns='),
    ).toBe(true);
    const { Project } = parseXml(res.body);
    expect(Project).toMatchObject({
      Name: 'Footings & "Slab"',
      StartDate: '2026-06-29T08:00:00',
      FinishDate: '2026-07-10T17:00:00',
      CalendarUID: '1',
      MinutesPerDay: '480',
      CurrencyCode: 'USD',
    });
    const calendar = list((Project.Calendars as XmlNode).Calendar)[0] as XmlNode;
    const weekDays = list((calendar.WeekDays as XmlNode).WeekDay);
    expect(weekDays.filter((d) => d.DayType !== '0').map((d) => [d.DayType, d.DayWorking])).toEqual([
      ['1', '0'],
      ['2', '1'],
      ['3', '1'],
      ['4', '1'],
      ['5', '1'],
      ['6', '1'],
      ['7', '0'],
    ]);
    const holidays = list((calendar.Exceptions as XmlNode).Exception).map(
      (e) => (e.TimePeriod as XmlNode).FromDate,
    );
    expect(holidays).toContain('2026-07-03T00:00:00');
    expect(holidays).toEqual([...holidays].sort());

    const tasks = list((Project.Tasks as XmlNode).Task);
    const rows = tasks.map((x) => [x.UID, x.ID, x.Name, x.OutlineLevel, x.Summary, x.Duration]);
    expect(rows).toEqual([
      ['0', '0', 'Footings & "Slab"', '0', '1', 'PT72H0M0S'],
      ['1', '1', 'Site work', '1', '1', 'PT64H0M0S'],
      ['2', '2', 'Clear site', '2', '0', 'PT24H0M0S'],
      ['3', '3', 'Excavate', '2', '0', 'PT32H0M0S'],
      ['4', '4', 'Order steel', '1', '0', 'PT40H0M0S'],
      ['5', '5', 'Concrete', '1', '1', 'PT24H0M0S'],
      ['6', '6', 'Form footings', '2', '0', 'PT24H0M0S'],
      ['7', '7', 'Pour footings', '2', '0', 'PT16H0M0S'],
      ['8', '8', 'Foundation done', '2', '0', 'PT0H0M0S'],
    ]);
    const byName = new Map(tasks.map((x) => [x.Name, x]));
    const links = (name: string) =>
      list(byName.get(name)?.PredecessorLink).map((l) => [l.PredecessorUID, l.Type, l.LinkLag]);
    expect(links('Excavate')).toEqual([['2', '1', '4800']]);
    expect(links('Form footings')).toEqual([['3', '3', '9600']]);
    expect(links('Pour footings')).toEqual([['6', '0', '-4800']]);
    expect(links('Order steel')).toEqual([['7', '2', '14400']]);
    expect(links('Foundation done')).toEqual([
      ['7', '1', '0'],
      ['4', '1', '0'],
    ]);
    expect(byName.get('Foundation done')).toMatchObject({
      Milestone: '1',
      Start: '2026-07-10T17:00:00',
      Finish: '2026-07-10T17:00:00',
    });
    expect(byName.get('Clear site')).toMatchObject({
      Start: '2026-06-29T08:00:00',
      Finish: '2026-07-01T17:00:00',
      Cost: '125075',
      Critical: '1',
    });
    expect(byName.get('Order steel')).toMatchObject({ PercentComplete: '40' });
    expect(ids.size).toBe(6);
  });

  it('round-trips: export.xml → import gives the same tasks, phases, links, lags, dates and calendar work days', async () => {
    const { project, schedule } = await scheduledProject('Round trip');
    const exported = await owner.get(`/api/projects/${project.id}/export.xml`);
    const file: ScheduleImport = (() => {
      const read = readMspdi(parseXml(exported.body));
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    })();
    // The calendar as written: Mon–Fri working, weekends off, the holidays as non-working dates.
    expect(file.calendar.week.map((periods) => periods.length > 0)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(file.calendar.hoursPerDay).toBe(8);
    expect(file.calendar.nonWorkingDates).toContain('2026-07-03');

    const res = await uploadSchedule(t, owner, exported.body, 'round-trip.xml');
    expect(res.statusCode, res.body).toBe(201);
    const imported = json<ImportedScheduleDto>(res);
    const summarize = async (projectId: number) => {
      const rows = await storedTasks(t, projectId);
      const nameOf = new Map(rows.map((r) => [r.id, r.name]));
      return rows
        .map((r) => {
          const deps = parseDependencies(r.dependencies);
          return {
            name: r.name,
            phase: r.phase,
            duration: r.duration,
            start: r.start,
            end: r.end,
            isCritical: r.isCritical,
            cost: r.estimatedCost,
            links: deps.ok ? deps.value.map((d) => [nameOf.get(d.taskId), d.type, d.lagDays]) : 'unreadable',
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
    };
    const original = await summarize(project.id);
    expect(original.some((task) => task.start === '2026-07-06')).toBe(true); // the holiday was skipped
    expect(await summarize(imported.project.id)).toEqual(original);
    expect(imported.schedule.finishDate).toBe(schedule.finishDate);
    expect(imported.schedule.durationDays).toBe(schedule.durationDays);
    expect(imported.project.budget).toBe('1250.75');

    // And again: the re-imported project exports the same document, but for the notes (the import
    // writes the activity ids there) and the progress (which the import does not read).
    const again = await owner.get(`/api/projects/${imported.project.id}/export.xml`);
    const comparable = (xml: string) =>
      xml.replace(/\t*<(Notes|PercentComplete)>.*<\/(Notes|PercentComplete)>\n/g, '');
    expect(again.body).not.toBe(exported.body);
    expect(comparable(again.body)).toBe(comparable(exported.body));
  });

  it('dates a project without tasks from its first working day', async () => {
    const project = await createProject(t, owner, '2026-03-07', 'Empty'); // a Saturday
    const { Project } = parseXml((await owner.get(`/api/projects/${project.id}/export.xml`)).body);
    expect([Project.StartDate, Project.FinishDate]).toEqual(['2026-03-09T08:00:00', '2026-03-09T08:00:00']);
    const tasks = list((Project.Tasks as XmlNode).Task);
    expect(tasks.map((x) => [x.UID, x.Summary, x.Duration])).toEqual([['0', '1', 'PT0H0M0S']]);
  });

  it("answers another company's project with 404", async () => {
    const { project } = await scheduledProject('Private');
    const foreign = await other.get(`/api/projects/${project.id}/export.xml`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(await other.get('/api/projects/99999999/export.xml')));
    expect((await other.get(`/api/projects/${project.id}/export.csv`)).statusCode).toBe(404);
  });
});

describe('GET /api/projects/{id}/export.csv', () => {
  it('writes the task table with proper quoting, predecessors, critical flags and progress', async () => {
    const project = await createProject(t, owner, '2026-03-02', 'Table, "quoted"');
    const ids = await seedTasks(t, project, [
      { name: 'Demo, phase 1', duration: 3, phase: 'Site "prep"' },
      { name: 'Line one\nline two', duration: 1, after: [{ name: 'Demo, phase 1', type: 'SS', lagDays: 1 }] },
      {
        name: '=HYPERLINK("http://x")',
        duration: 1,
        progress: 55,
        after: [{ name: 'Demo, phase 1', type: 'FS', lagDays: -1 }],
      },
    ]);
    expect((await owner.post(`/api/projects/${project.id}/schedule`)).statusCode).toBe(200);
    const res = await owner.get(`/api/projects/${project.id}/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Table, _quoted_ tasks.csv"; filename*=UTF-8''Table%2C%20%22quoted%22%20tasks.csv`,
    );
    const demo = ids.get('Demo, phase 1');
    const lines = ids.get('Line one\nline two');
    const formula = ids.get('=HYPERLINK("http://x")');
    expect(res.body).toBe(
      '\uFEFFid,name,phase,duration,start,finish,predecessors,critical,progress\r\n' +
        `${demo},"Demo, phase 1","Site ""prep""",3,2026-03-02,2026-03-04,,yes,0\r\n` +
        `${lines},"Line one\nline two",,1,2026-03-03,2026-03-03,${demo}SS+1d,no,0\r\n` +
        `${formula},"'=HYPERLINK(""http://x"")",,1,2026-03-04,2026-03-04,${demo}FS-1d,yes,55\r\n`,
    );
  });
});
