import { describe, expect, it } from 'vitest';
import { dateOfP6DayNumber, decodeClndrData } from './xer-calendar.js';
import { readXer } from './xer-reader.js';
import { parseXerTables } from './xer-tables.js';

/** Builds XER text from tables given as [name, fields, rows]. */
function xer(...tables: [string, string[], string[][]][]): string {
  const lines = ['ERMHDR\t8.0\t2024-01-01\tProject\tadmin'];
  for (const [name, fields, rows] of tables) {
    lines.push(`%T\t${name}`, `%F\t${fields.join('\t')}`, ...rows.map((row) => `%R\t${row.join('\t')}`));
  }
  lines.push('%E');
  return lines.join('\r\n');
}

const CLNDR_MON_FRI =
  '(0||CalendarData()(  (0||DaysOfWeek()(    (0||1()())    (0||2()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))' +
  '    (0||3()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))    (0||4()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))' +
  '    (0||5()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))    (0||6()(      (0||0(s|08:00|f|12:00)())      (0||1(s|13:00|f|17:00)())))' +
  '    (0||7()())))  (0||VIEW(ShowTotal|Y)())  (0||Exceptions()(    (0||0(d|45292)())    (0||1(d|45297)(      (0||0(s|09:00|f|13:00)())))))))';

const PROJECT: [string, string[], string[][]] = [
  'PROJECT',
  ['proj_id', 'proj_short_name', 'clndr_id', 'plan_start_date', 'last_recalc_date'],
  [['1', 'DEMO', '10', '2024-01-01 00:00', '2024-01-02 00:00']],
];
const CALENDAR: [string, string[], string[][]] = [
  'CALENDAR',
  ['clndr_id', 'default_flag', 'clndr_name', 'day_hr_cnt', 'clndr_data'],
  [['10', 'Y', 'Standard', '8', CLNDR_MON_FRI]],
];
const WBS: [string, string[], string[][]] = [
  'PROJWBS',
  ['wbs_id', 'proj_id', 'proj_node_flag', 'wbs_short_name', 'wbs_name', 'parent_wbs_id'],
  [
    ['100', '1', 'Y', 'DEMO', 'Demo Building', ''],
    ['101', '1', 'N', 'SUB', 'Substructure', '100'],
  ],
];
const TASK_FIELDS = [
  'task_id',
  'proj_id',
  'wbs_id',
  'clndr_id',
  'task_type',
  'status_code',
  'task_code',
  'task_name',
  'target_drtn_hr_cnt',
  'cstr_type',
  'cstr_date',
];
const tasks = (...rows: string[][]): [string, string[], string[][]] => ['TASK', TASK_FIELDS, rows];
const preds = (...rows: string[][]): [string, string[], string[][]] => [
  'TASKPRED',
  ['task_pred_id', 'task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
  rows,
];

describe('parseXerTables', () => {
  it('reads tables by field name, filling missing trailing values', () => {
    const result = parseXerTables(
      xer([
        'T',
        ['a', 'b', 'c'],
        [
          ['1', '2'],
          ['x', 'y', 'z'],
        ],
      ]),
    );
    expect(result.ok && result.tables.get('T')).toEqual([
      { a: '1', b: '2', c: '' },
      { a: 'x', b: 'y', c: 'z' },
    ]);
  });

  it.each([
    ['plain text', 'hello\tworld', /not a Primavera XER/],
    ['a row before its fields', 'ERMHDR\t8\n%T\tTASK\n%R\t1', /line 3: a row \(%R\) before its field list/],
    ['no tables', 'ERMHDR\t8\n', /no tables/],
  ])('rejects %s', (_name, text, message) => {
    const result = parseXerTables(text);
    expect(result.ok ? null : result.error).toMatch(message);
  });
});

describe('decodeClndrData', () => {
  it('decodes P6 day numbers (days from 1899-12-30)', () => {
    expect(dateOfP6DayNumber(44557)).toBe('2021-12-27');
    expect(dateOfP6DayNumber(45292)).toBe('2024-01-01');
    expect(dateOfP6DayNumber(1)).toBe('1899-12-31');
  });

  it('reads the work week (1 = Sunday) and exceptions with and without hours', () => {
    const decoded = decodeClndrData(CLNDR_MON_FRI);
    const day = [
      { start: 480, end: 720 },
      { start: 780, end: 1020 },
    ];
    expect(decoded?.week).toEqual([[], day, day, day, day, day, []]);
    expect(decoded?.exceptions).toEqual([
      { date: '2024-01-01', periods: [] },
      { date: '2024-01-06', periods: [{ start: 540, end: 780 }] },
    ]);
  });

  it('reads a period ending at midnight and old-style block ends', () => {
    const decoded = decodeClndrData(
      '(0||CalendarData()((0||DaysOfWeek()((0||2()((0||0(s|22:00|f|00:00)())(0||1(s|08:00|f|11:59)())))))))',
    );
    expect(decoded?.week[1]).toEqual([
      { start: 480, end: 720 },
      { start: 1320, end: 1440 },
    ]);
  });

  it('returns null for text that is not in the format', () => {
    expect(decodeClndrData('(0||CalendarData()(')).toBeNull();
    expect(decodeClndrData('')).toBeNull();
  });
});

describe('readXer', () => {
  it('reads the project, calendar, phases, tasks, milestones and links', () => {
    const text = xer(
      PROJECT,
      CALENDAR,
      WBS,
      tasks(
        ['1001', '1', '101', '10', 'TT_Task', 'TK_NotStart', 'A10', 'Excavate', '20', '', ''],
        [
          '1002',
          '1',
          '101',
          '10',
          'TT_Task',
          'TK_NotStart',
          'A20',
          'Footings',
          '36',
          'CS_MSOA',
          '2024-01-10 08:00',
        ],
        ['1003', '1', '100', '10', 'TT_FinMile', 'TK_NotStart', 'M1', 'Done', '0', '', ''],
      ),
      preds(['1', '1002', '1001', '1', '1', 'PR_SS', '4'], ['2', '1003', '1002', '1', '1', 'PR_FF', '-8']),
    );
    const result = readXer(text);
    if (!result.ok) throw new Error(result.error.message);
    const { project, calendar, tasks: read, links, warnings } = result.value;
    expect(project).toEqual({
      name: 'Demo Building',
      start: '2024-01-01T00:00',
      dataDate: '2024-01-02T00:00',
    });
    expect(calendar).toMatchObject({
      name: 'Standard',
      hoursPerDay: 8,
      holidays: 'none',
      nonWorkingDates: ['2024-01-01'],
    });
    expect(calendar.exceptions).toEqual([{ date: '2024-01-06', periods: [{ start: 540, end: 780 }] }]);
    expect(read).toEqual([
      {
        externalId: '1001',
        code: 'A10',
        name: 'Excavate',
        phase: 'Substructure',
        durationHours: 20,
        durationDays: 2.5,
        isMilestone: false,
        constraints: {},
      },
      {
        externalId: '1002',
        code: 'A20',
        name: 'Footings',
        phase: 'Substructure',
        durationHours: 36,
        durationDays: 4.5,
        isMilestone: false,
        constraints: { startNoEarlierThan: '2024-01-10T08:00' },
      },
      {
        externalId: '1003',
        code: 'M1',
        name: 'Done',
        phase: null,
        durationHours: 0,
        durationDays: 0,
        isMilestone: true,
        constraints: {},
      },
    ]);
    expect(links).toEqual([
      { predecessorId: '1001', successorId: '1002', type: 'SS', lagHours: 4, lagDays: 0.5 },
      { predecessorId: '1002', successorId: '1003', type: 'FF', lagHours: -8, lagDays: -1 },
    ]);
    expect(warnings).toEqual([]);
  });

  it('leaves out level-of-effort and WBS-summary activities and their links, saying so', () => {
    const text = xer(
      PROJECT,
      CALENDAR,
      WBS,
      tasks(
        ['1', '1', '101', '10', 'TT_Task', 'TK_Active', 'A', 'Work', '8', '', ''],
        ['2', '1', '101', '10', 'TT_LOE', 'TK_NotStart', 'L', 'Supervision', '80', '', ''],
      ),
      preds(['1', '2', '1', '1', '1', 'PR_SS', '0']),
    );
    const result = readXer(text);
    expect(result.ok && result.value.tasks.map((t) => t.code)).toEqual(['A']);
    expect(result.ok && result.value.links).toEqual([]);
    expect(result.ok && result.value.warnings.join(' ')).toMatch(
      /1 activities of type TT_LOE were left out.*progress.*1 relationships/,
    );
  });

  it.each([
    [
      'an unknown relationship type',
      [['1', '2', '1', '1', '1', 'PR_XX', '0']],
      /Relationship 1 has an unknown type "PR_XX"/,
    ],
    ['a lag that is not a number', [['1', '2', '1', '1', '1', 'PR_FS', 'abc']], /lag that is not a number/],
  ])('rejects %s', (_name, rows, message) => {
    const text = xer(
      PROJECT,
      CALENDAR,
      tasks(
        ['1', '1', '', '10', 'TT_Task', 'TK_NotStart', 'A', 'A', '8', '', ''],
        ['2', '1', '', '10', 'TT_Task', 'TK_NotStart', 'B', 'B', '8', '', ''],
      ),
      preds(...rows),
    );
    const result = readXer(text);
    expect(result.ok ? null : result.error.message).toMatch(message);
  });

  it.each([
    ['no project', xer(CALENDAR), /no project/],
    ['no activities', xer(PROJECT, CALENDAR), /no activities/],
    [
      'no calendar',
      xer(PROJECT, tasks(['1', '1', '', '10', 'TT_Task', 'TK_NotStart', 'A', 'A', '8', '', ''])),
      /no calendar/,
    ],
    [
      'an unreadable duration',
      xer(PROJECT, CALENDAR, tasks(['1', '1', '', '10', 'TT_Task', 'TK_NotStart', 'A', 'A', 'x', '', ''])),
      /Activity A: its duration "x"/,
    ],
    [
      'an unreadable calendar',
      xer(
        PROJECT,
        ['CALENDAR', ['clndr_id', 'clndr_name', 'clndr_data'], [['10', 'Odd', '((']]],
        tasks(['1', '1', '', '10', 'TT_Task', 'TK_NotStart', 'A', 'A', '8', '', '']),
      ),
      /"Odd" could not be read/,
    ],
    ['not XER at all', '<xml/>', /not a Primavera XER/],
  ])('rejects a file with %s', (_name, text, message) => {
    const result = readXer(text);
    expect(result.ok ? null : result.error.message).toMatch(message);
  });
});
