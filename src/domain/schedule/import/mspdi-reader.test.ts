import { describe, expect, it } from 'vitest';
import { hoursOfIsoDuration, readMspdi } from './mspdi-reader.js';

const workingDay = {
  DayWorking: 1,
  WorkingTimes: {
    WorkingTime: [
      { FromTime: '08:00:00', ToTime: '12:00:00' },
      { FromTime: '13:00:00', ToTime: '17:00:00' },
    ],
  },
};

/** A parsed MSPDI document as an XML parser returns it (numbers parsed, single elements unwrapped). */
function document(tasks: unknown[], extra: Record<string, unknown> = {}) {
  return {
    '?xml': '',
    Project: {
      Name: 'Clinic',
      StartDate: '2024-03-04T08:00:00',
      MinutesPerDay: 480,
      CalendarUID: 1,
      Calendars: {
        Calendar: {
          UID: 1,
          Name: 'Standard',
          IsBaseCalendar: 1,
          BaseCalendarUID: -1,
          WeekDays: {
            WeekDay: [
              { DayType: 1, DayWorking: 0 },
              ...[2, 3, 4, 5, 6].map((DayType) => ({ DayType, ...workingDay })),
              { DayType: 7, DayWorking: 0 },
            ],
          },
          Exceptions: {
            Exception: {
              TimePeriod: { FromDate: '2024-03-28T00:00:00', ToDate: '2024-03-29T23:59:00' },
              Type: 1,
              DayWorking: 0,
              Name: 'Easter break',
            },
          },
        },
      },
      Tasks: { Task: tasks },
      ...extra,
    },
  };
}

const summary = { UID: 0, ID: 0, Name: 'Clinic', OutlineLevel: 0, Summary: 1 };

describe('hoursOfIsoDuration', () => {
  it.each([
    ['PT8H0M0S', 8],
    ['PT0H30M0S', 0.5],
    ['PT1.5H', 1.5],
    ['P1DT2H', 26],
    ['-PT4H', -4],
    ['P', null],
    ['8h', null],
  ])('%s → %s', (text, hours) => {
    expect(hoursOfIsoDuration(text)).toBe(hours);
  });
});

describe('readMspdi', () => {
  it('reads tasks under summaries as phases, with durations, milestones and every link type', () => {
    const result = readMspdi(
      document([
        summary,
        { UID: 10, ID: 1, Name: 'Shell', OutlineLevel: 1, Summary: 1, Duration: 'PT40H0M0S' },
        { UID: 11, ID: 2, Name: 'Footings', OutlineLevel: 2, Summary: 0, Duration: 'PT16H0M0S' },
        {
          UID: 12,
          ID: 3,
          Name: 'Walls',
          OutlineLevel: 2,
          Duration: 'PT20H0M0S',
          PredecessorLink: [
            { PredecessorUID: 11, Type: 1, LinkLag: 4800, LagFormat: 7 },
            { PredecessorUID: 11, Type: 3, LinkLag: -2400, LagFormat: 5 },
          ],
        },
        {
          UID: 13,
          ID: 4,
          Name: 'Dry-in',
          OutlineLevel: 1,
          Milestone: 1,
          Duration: 'PT0H0M0S',
          PredecessorLink: { PredecessorUID: 12, Type: 0, LinkLag: 0, LagFormat: 7 },
        },
        {
          UID: 14,
          ID: 5,
          Name: 2024,
          OutlineLevel: 1,
          Duration: 'PT8H0M0S',
          PredecessorLink: { PredecessorUID: 13, Type: 2, LinkLag: 500, LagFormat: 19 },
        },
      ]),
    );
    if (!result.ok) throw new Error(result.error.message);
    const { project, calendar, tasks, links, warnings } = result.value;
    expect(project).toEqual({ name: 'Clinic', start: '2024-03-04T08:00', dataDate: '2024-03-04T08:00' });
    expect(calendar).toMatchObject({
      name: 'Standard',
      hoursPerDay: 8,
      nonWorkingDates: ['2024-03-28', '2024-03-29'],
    });
    expect(calendar.week[0]).toEqual([]);
    expect(calendar.week[3]).toEqual([
      { start: 480, end: 720 },
      { start: 780, end: 1020 },
    ]);
    expect(
      tasks.map((t) => [t.externalId, t.name, t.phase, t.durationHours, t.durationDays, t.isMilestone]),
    ).toEqual([
      ['11', 'Footings', 'Shell', 16, 2, false],
      ['12', 'Walls', 'Shell', 20, 2.5, false],
      ['13', 'Dry-in', null, 0, 0, true],
      ['14', '2024', null, 8, 1, false],
    ]);
    expect(links).toEqual([
      { predecessorId: '11', successorId: '12', type: 'FS', lagHours: 8, lagDays: 1 },
      { predecessorId: '11', successorId: '12', type: 'SS', lagHours: -4, lagDays: -0.5 },
      { predecessorId: '12', successorId: '13', type: 'FF', lagHours: 0, lagDays: 0 },
      { predecessorId: '13', successorId: '14', type: 'SF', lagHours: 0, lagDays: 0 }, // 50 % of a milestone
    ]);
    expect(warnings).toEqual([]);
  });

  it('takes the status date as data date and maps constraints', () => {
    const result = readMspdi(
      document(
        [
          summary,
          {
            UID: 1,
            ID: 1,
            Name: 'Pour',
            OutlineLevel: 1,
            Duration: 'PT8H0M0S',
            ConstraintType: 4,
            ConstraintDate: '2024-03-11T08:00:00',
          },
          { UID: 2, ID: 2, Name: 'Cure', OutlineLevel: 1, Duration: 'PT8H0M0S', ConstraintType: 1 },
        ],
        { StatusDate: '2024-03-06T08:00:00' },
      ),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.project.dataDate).toBe('2024-03-06T08:00');
    expect(result.value.tasks[0]?.constraints).toEqual({ startNoEarlierThan: '2024-03-11T08:00' });
    expect(result.value.warnings).toEqual([
      'Task Cure: constraint type 1 is not supported and was left out.',
    ]);
  });

  it('drops links to summary tasks with a warning', () => {
    const result = readMspdi(
      document([
        summary,
        { UID: 10, ID: 1, Name: 'Phase', OutlineLevel: 1, Summary: 1 },
        { UID: 11, ID: 2, Name: 'A', OutlineLevel: 2, Duration: 'PT8H0M0S' },
        {
          UID: 12,
          ID: 3,
          Name: 'B',
          OutlineLevel: 1,
          Duration: 'PT8H0M0S',
          PredecessorLink: { PredecessorUID: 10, Type: 1 },
        },
      ]),
    );
    expect(result.ok && result.value.links).toEqual([]);
    expect(result.ok && result.value.warnings).toEqual([
      '1 links to summary tasks or other projects were left out.',
    ]);
  });

  it.each([
    ['a document that is not a project', { html: {} }, /not an MS Project XML file/],
    [
      'a link of unknown type',
      document([
        summary,
        { UID: 1, Name: 'A', OutlineLevel: 1, Duration: 'PT8H' },
        {
          UID: 2,
          Name: 'B',
          OutlineLevel: 1,
          Duration: 'PT8H',
          PredecessorLink: { PredecessorUID: 1, Type: 7 },
        },
      ]),
      /unknown type "7"/,
    ],
    [
      'a link to a missing task',
      document([
        summary,
        {
          UID: 2,
          Name: 'B',
          OutlineLevel: 1,
          Duration: 'PT8H',
          PredecessorLink: { PredecessorUID: 99, Type: 1 },
        },
      ]),
      /predecessor UID 99 that is not in the file/,
    ],
    [
      'a duplicate UID',
      document([summary, { UID: 2, Name: 'A', OutlineLevel: 1 }, { UID: 2, Name: 'B', OutlineLevel: 1 }]),
      /UID 2 appears twice/,
    ],
    [
      'an unreadable duration',
      document([summary, { UID: 2, Name: 'B', OutlineLevel: 1, Duration: 'eight hours' }]),
      /Task B: its duration "eight hours"/,
    ],
  ])('rejects %s', (_name, parsed, message) => {
    const result = readMspdi(parsed);
    expect(result.ok ? null : result.error.message).toMatch(message);
  });
});
