import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../../tests/support/fixtures.js';
import type { ImportedScheduleDto } from '../../../contracts/schedule.js';
import { parseDependencies } from '../../../domain/schedule/index.js';
import { projects, tasks } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { storedTasks, uploadSchedule } from './schedule-test-support.js';

const fixture = (name: string) => readFixture(`schedules/${name}`);

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Importers' });
});
afterAll(async () => {
  await t.close();
});

interface XmlTask {
  uid: number;
  name: string;
  hours?: number;
  summary?: boolean;
  level?: number;
  milestone?: boolean;
  cost?: number;
  links?: { uid: number; type: number; lag?: number }[];
}

/** A small MSPDI document: Mon–Fri 08–12, 13–17 calendar, the given tasks in order. */
function mspdi(name: string, list: readonly XmlTask[], extra = ''): string {
  const day = (type: number, working: boolean) =>
    `<WeekDay><DayType>${type}</DayType><DayWorking>${working ? 1 : 0}</DayWorking>${
      working
        ? '<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime>' +
          '<WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes>'
        : ''
    }</WeekDay>`;
  const task = (x: XmlTask) =>
    `<Task><UID>${x.uid}</UID><ID>${x.uid}</ID><Name>${x.name}</Name><OutlineLevel>${x.level ?? 1}</OutlineLevel>` +
    `<Duration>PT${x.hours ?? 8}H0M0S</Duration><Milestone>${x.milestone ? 1 : 0}</Milestone>` +
    `<Summary>${x.summary ? 1 : 0}</Summary>${x.cost === undefined ? '' : `<Cost>${x.cost}</Cost>`}` +
    (x.links ?? [])
      .map(
        (l) =>
          `<PredecessorLink><PredecessorUID>${l.uid}</PredecessorUID><Type>${l.type}</Type>` +
          `<LinkLag>${l.lag ?? 0}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`,
      )
      .join('') +
    '</Task>';
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Project xmlns="http://schemas.microsoft.com/project">' +
    `<Name>${name}</Name><StartDate>2026-03-02T08:00:00</StartDate><CalendarUID>1</CalendarUID>` +
    '<MinutesPerDay>480</MinutesPerDay><Calendars><Calendar><UID>1</UID><Name>Standard</Name>' +
    `<IsBaseCalendar>1</IsBaseCalendar><WeekDays>${[1, 2, 3, 4, 5, 6, 7].map((d) => day(d, d >= 2 && d <= 6)).join('')}` +
    `</WeekDays></Calendar></Calendars>${extra}<Tasks>${list.map(task).join('')}</Tasks></Project>`
  );
}

const projectCount = async () => (await t.ctx.db.select({ n: count() }).from(projects))[0]?.n ?? 0;
const taskCount = async () => (await t.ctx.db.select({ n: count() }).from(tasks))[0]?.n ?? 0;

/** Expects a refusal with the status and a message matching, and that nothing was created. */
async function expectRefused(
  upload: () => ReturnType<typeof uploadSchedule>,
  status: number,
  message: RegExp,
): Promise<Record<string, unknown>> {
  const before = [await projectCount(), await taskCount()];
  const res = await upload();
  expect(res.statusCode, res.body).toBe(status);
  const body = json(res);
  expect(String(body.message)).toMatch(message);
  expect([await projectCount(), await taskCount()]).toEqual(before);
  return body;
}

describe('POST /api/projects/import', () => {
  it('creates a project from MS Project XML: phases from summary tasks, days, links with types and lags, costs', async () => {
    const xml = mspdi('Clinic &amp; Offices', [
      { uid: 1, name: 'Site', summary: true, hours: 40 },
      { uid: 2, name: 'Clear site', level: 2, hours: 16, cost: 150050 },
      { uid: 3, name: 'Dig footings', level: 2, hours: 12, links: [{ uid: 2, type: 1, lag: 4800 }] },
      { uid: 4, name: 'Structure', summary: true, hours: 40 },
      { uid: 5, name: 'Pour', level: 2, hours: 20, cost: 1000000, links: [{ uid: 3, type: 3, lag: -2400 }] },
      {
        uid: 6,
        name: 'Inspect',
        level: 2,
        hours: 2,
        links: [
          { uid: 5, type: 0 },
          { uid: 3, type: 2 },
        ],
      },
      { uid: 7, name: 'Handover', level: 1, hours: 0, milestone: true, links: [{ uid: 6, type: 1 }] },
    ]);
    const res = await uploadSchedule(t, owner, xml, 'clinic.xml');
    expect(res.statusCode, res.body).toBe(201);
    const body = json<ImportedScheduleDto>(res);
    expect(body.project).toMatchObject({
      name: 'Clinic & Offices',
      client: 'Imported',
      type: 'Commercial',
      budget: '11500.50',
      startDate: '2026-03-02T00:00:00.000Z',
    });
    expect(body.project.description).toContain('clinic.xml');
    const rows = await storedTasks(t, body.project.id);
    const byName = new Map(rows.map((r) => [r.name, r]));
    const idOf = (name: string) => byName.get(name)?.id;
    // 16 h = 2 days, 12 h = 1.5 → 2, 20 h = 2.5 → 3, 2 h → 1 (any work keeps a day), 0 h milestone.
    expect(rows.map((r) => [r.name, r.phase, r.duration, r.position])).toEqual([
      ['Clear site', 'Site', 2, 0],
      ['Dig footings', 'Site', 2, 1],
      ['Pour', 'Structure', 3, 2],
      ['Inspect', 'Structure', 1, 3],
      ['Handover', null, 0, 4],
    ]);
    expect([byName.get('Clear site')?.estimatedCost, byName.get('Pour')?.estimatedCost]).toEqual([
      '1500.50',
      '10000.00',
    ]);
    const deps = (name: string) => {
      const parsed = parseDependencies(byName.get(name)?.dependencies);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    };
    expect(deps('Clear site')).toEqual([]);
    expect(deps('Dig footings')).toEqual([{ taskId: idOf('Clear site'), type: 'FS', lagDays: 1 }]);
    // −2,400 tenths of a minute = −4 h = −½ day, which rounds (halves up) to 0.
    expect(deps('Pour')).toEqual([{ taskId: idOf('Dig footings'), type: 'SS', lagDays: 0 }]);
    expect(deps('Inspect')).toEqual([
      { taskId: idOf('Pour'), type: 'FF', lagDays: 0 },
      { taskId: idOf('Dig footings'), type: 'SF', lagDays: 0 },
    ]);
    expect(deps('Handover')).toEqual([{ taskId: idOf('Inspect'), type: 'FS', lagDays: 0 }]);

    // The file's own schedule in hours: Clear Mon–Tue, +1 day lag, Dig Thu 08:00–Fri 12:00,
    // Pour SS −4 h from Thu 08:00 = Wed 13:00 for 20 h → Fri 17:00, Inspect FF Pour → Fri 15:00–17:00.
    const schedule = body.schedule;
    const dated = new Map(schedule.tasks.map((task) => [task.id, task]));
    expect(schedule).toMatchObject({
      projectId: body.project.id,
      startDate: '2026-03-02',
      finishDate: '2026-03-06',
    });
    expect(schedule.durationDays).toBe(5);
    expect(
      ['Clear site', 'Dig footings', 'Pour', 'Inspect', 'Handover'].map((n) => {
        const task = dated.get(idOf(n) as number);
        return [n, task?.startDate, task?.endDate, task?.earlyStart, task?.earlyFinish];
      }),
    ).toEqual([
      ['Clear site', '2026-03-02', '2026-03-03', 0, 2],
      ['Dig footings', '2026-03-05', '2026-03-06', 3, 4.5],
      ['Pour', '2026-03-04', '2026-03-06', 2.5, 5],
      ['Inspect', '2026-03-06', '2026-03-06', 4.75, 5],
      ['Handover', '2026-03-06', '2026-03-06', 5, 5],
    ]);
    for (const row of rows) {
      const task = dated.get(row.id);
      expect([row.start, row.end, row.isCritical], row.name).toEqual([
        task?.startDate,
        task?.endDate,
        task?.isCritical,
      ]);
    }
    expect(new Set(schedule.criticalPath)).toEqual(
      new Set(schedule.tasks.filter((task) => task.isCritical).map((task) => task.id)),
    );
    expect(schedule.criticalPath).toContain(idOf('Handover'));
    expect(body.project.endDate).toBe('2026-03-06T00:00:00.000Z');
  });

  it('reads a Primavera XER export, Windows-1252 text included', async () => {
    const res = await uploadSchedule(t, owner, fixture('xernative_takt_sample.xer'), 'takt.xer');
    expect(res.statusCode, res.body).toBe(201);
    const body = json<ImportedScheduleDto>(res);
    expect(body.project).toMatchObject({ name: 'TAKT Building Example', budget: '0.00' });
    const rows = await storedTasks(t, body.project.id);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.phase))).toEqual(
      new Set(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5']),
    );
    expect(rows.find((r) => r.description === 'Activity ID A1010')).toMatchObject({
      name: 'Studs',
      duration: 5,
    });
  });

  it('answers malformed XML with 400 and creates nothing', async () => {
    const body = await expectRefused(
      () => uploadSchedule(t, owner, '<Project><Tasks><Task><UID>1</UID></Tasks></Project>'),
      400,
      /XML is malformed.*line 1/,
    );
    expect(body.code).toBe('malformed_schedule_file');
    await expectRefused(
      () =>
        uploadSchedule(
          t,
          owner,
          '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><Project><Name>&b;</Name><Tasks/></Project>',
        ),
      400,
      /entities/,
    );
  });

  it('answers XML that is not MS Project with 422', async () => {
    await expectRefused(
      () => uploadSchedule(t, owner, '<?xml version="1.0"?><invoice><total>12</total></invoice>'),
      422,
      /not an MS Project XML file/,
    );
  });

  it('answers an unknown link type with 422 naming it, in MS Project XML and in XER', async () => {
    const xml = mspdi('Bad link', [
      { uid: 1, name: 'A' },
      { uid: 2, name: 'B', links: [{ uid: 1, type: 7 }] },
    ]);
    await expectRefused(() => uploadSchedule(t, owner, xml), 422, /unknown type "7"/);
    const xer = fixture('xernative_takt_sample.xer').toString('latin1').replace('PR_FS', 'PR_XX');
    await expectRefused(
      () => uploadSchedule(t, owner, Buffer.from(xer, 'latin1'), 'takt.xer'),
      422,
      /unknown type "PR_XX"/,
    );
  });

  it('answers malformed XER with 400', async () => {
    const xer = 'ERMHDR\t8.2\n%T\tTASK\n%R\t1\t2\n%E\n';
    await expectRefused(
      () => uploadSchedule(t, owner, xer, 'bad.xer'),
      400,
      /XER file is malformed.*row \(%R\) before its field list/,
    );
  });

  it('answers a file whose links form a cycle with 422 and the activities on it', async () => {
    const xml = mspdi('Loop', [
      { uid: 1, name: 'Start' },
      {
        uid: 2,
        name: 'A',
        links: [
          { uid: 1, type: 1 },
          { uid: 3, type: 1 },
        ],
      },
      { uid: 3, name: 'B', links: [{ uid: 2, type: 3, lag: 4800 }] },
    ]);
    const body = await expectRefused(() => uploadSchedule(t, owner, xml), 422, /cycle/);
    expect(body.code).toBe('dependency_cycle');
    expect([...(body.cycle as string[])].sort()).toEqual(['2', '3']);
    // P6: A1020 (37897) already follows A1010 (37896); make A1010 follow A1020 too.
    const xer = fixture('xernative_takt_sample.xer')
      .toString('latin1')
      .replace(
        /(%F\ttask_pred_id\ttask_id\tpred_task_id[^\n]*\n)/,
        '$1%R\t1\t37896\t37897\t368\t368\tPR_FS\t0\t\t\t\n',
      );
    const xerBody = await expectRefused(
      () => uploadSchedule(t, owner, Buffer.from(xer, 'latin1'), 'loop.xer'),
      422,
      /A1010/,
    );
    expect([...(xerBody.cycle as string[])].sort()).toEqual(['A1010', 'A1020']);
  });

  it('answers a file that is no schedule with 415, a missing or empty file with 400, and a body that is not multipart with 400 or 415', async () => {
    await expectRefused(
      () => uploadSchedule(t, owner, 'Task,Duration\nDig,3\n', 'tasks.csv'),
      415,
      /neither/,
    );
    await expectRefused(
      () => uploadSchedule(t, owner, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), 'x.png'),
      415,
      /neither/,
    );
    await expectRefused(
      () => uploadSchedule(t, owner, mspdi('X', [{ uid: 1, name: 'A' }]), 'a.xml', 'attachment'),
      400,
      /part named "file"/,
    );
    await expectRefused(() => uploadSchedule(t, owner, ''), 400, /empty/);
    const twoFiles = async () => {
      const form = new FormData();
      const xml = mspdi('Two', [{ uid: 1, name: 'A' }]);
      form.append('file', new Blob([xml]), 'a.xml');
      form.append('file', new Blob([xml]), 'b.xml');
      const encoded = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: '/api/projects/import',
        headers: {
          cookie: `sid=${owner.sessionCookie}`,
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
    };
    expect((await expectRefused(twoFiles, 400, /one schedule file/)).code).toBe('one_file_expected');
    // A JSON body fails the body schema (400); no body at all is not multipart (415).
    expect((await owner.post('/api/projects/import', { file: 'x' })).statusCode).toBe(400);
    const bare = await owner.request('POST', '/api/projects/import');
    expect(bare.statusCode).toBe(415);
    expect(json(bare).code).toBe('multipart_expected');
    expect((await t.agent().post('/api/projects/import', {})).statusCode).toBe(401);
  });

  it('refuses a file over the upload limit with 413 and creates nothing', async () => {
    const small = await createTestApp({ MAX_UPLOAD_MB: '0.01' }); // 10,485 bytes
    try {
      const agent = small.agent();
      await agent.signUpWithCompany();
      const res = await uploadSchedule(small, agent, fixture('xernative_takt_sample.xer'), 'takt.xer');
      expect(res.statusCode).toBe(413);
      expect(json(res)).toMatchObject({
        code: 'file_too_large',
        message: 'File is too large (max 0.01 MB)',
      });
      expect((await small.ctx.db.select({ n: count() }).from(projects))[0]?.n).toBe(0);
      const fits = await uploadSchedule(small, agent, mspdi('Fits', [{ uid: 1, name: 'A' }]));
      expect(fits.statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('keeps the import in the company of the user who sent it', async () => {
    const other = t.agent();
    await other.signUpWithCompany({ company: 'Someone Else' });
    const res = await uploadSchedule(t, other, mspdi('Theirs', [{ uid: 1, name: 'A' }]));
    const { project } = json<ImportedScheduleDto>(res);
    expect((await owner.get(`/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${project.id}`)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.projectId, project.id));
    const [mine] = await t.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.companyId).toBe(mine?.companyId);
  });
});
