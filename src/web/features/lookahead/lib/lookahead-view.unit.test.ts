import { describe, expect, it } from 'vitest';
import type { LookaheadTaskDto } from '@/contracts/lookahead';
import { readLookaheadParams } from './lookahead-params';
import { groupLookahead, isDayOffForAll, lookaheadCalendars, taskDays, windowDays } from './lookahead-view';

const task = (id: number, assigneeName: string | null, phase: string | null): LookaheadTaskDto => ({
  id,
  projectId: 1,
  projectName: 'P',
  name: `t${id}`,
  phase,
  assigneeName,
  assigneeKind: assigneeName ? 'contact' : null,
  startDate: '2026-04-07',
  endDate: '2026-04-09',
  status: 'not-started',
  progress: 0,
  totalFloat: 0,
  isCritical: false,
  materials: 'not-tracked',
  materialsStep: null,
  materialsExpectedDate: null,
});

describe('the look-ahead view', () => {
  const standard = lookaheadCalendars([{ id: 1, calendar: null }]);
  const sixDays = {
    workDays: [1, 2, 3, 4, 5, 6],
    hoursPerDay: 8,
    nonWorkingDates: [],
    workingDates: [],
    usFederalHolidays: false,
  };

  it('shows the weekdays of the window, Monday to Friday, on the default calendar', () => {
    // Saturday 4 April to Friday 17 April 2026.
    const days = windowDays('2026-04-04', '2026-04-17', standard);
    expect(days).toHaveLength(10);
    expect(days[0]).toBe('2026-04-06');
    expect(days.at(-1)).toBe('2026-04-17');
    expect(days).not.toContain('2026-04-11');
  });

  it('groups by assignee or trade, by name, the ones without last, keeping the order inside', () => {
    const tasks = [
      task(1, 'Zenith', 'Framing'),
      task(2, null, 'Electrical'),
      task(3, 'Acme', null),
      task(4, 'Zenith', null),
    ];
    expect(groupLookahead(tasks, 'assignee').map((g) => [g.label, g.tasks.map((t) => t.id)])).toEqual([
      ['Acme', [3]],
      ['Zenith', [1, 4]],
      ['Unassigned', [2]],
    ]);
    expect(groupLookahead(tasks, 'trade').map((g) => g.label)).toEqual(['Electrical', 'Framing', 'No trade']);
  });

  it('puts a task on its days, both ends included', () => {
    const t = task(1, null, null);
    const days = windowDays('2026-04-06', '2026-04-10', standard);
    expect([...taskDays(t, days, standard)]).toEqual(['2026-04-07', '2026-04-08', '2026-04-09']);
  });

  it('keeps Christmas in the strip as a day off, and draws no bar on it nor on the weekend', () => {
    const days = windowDays('2026-12-21', '2027-01-03', standard);
    expect(days).toContain('2026-12-25');
    expect(days).not.toContain('2026-12-26');
    expect(isDayOffForAll('2026-12-25', standard)).toBe(true);
    const t = { projectId: 1, startDate: '2026-12-23', endDate: '2026-12-29' };
    expect([...taskDays(t, days, standard)]).toEqual([
      '2026-12-23',
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
    ]);
  });

  it('shows a Saturday when a project works it, and draws each task on its own project’s days', () => {
    const both = lookaheadCalendars([
      { id: 1, calendar: null },
      { id: 2, calendar: sixDays },
    ]);
    const days = windowDays('2026-12-21', '2026-12-27', both);
    expect(days).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(isDayOffForAll('2026-12-25', both)).toBe(false);
    const span = { startDate: '2026-12-24', endDate: '2026-12-27' };
    expect([...taskDays({ ...span, projectId: 1 }, days, both)]).toEqual(['2026-12-24']);
    expect([...taskDays({ ...span, projectId: 2 }, days, both)]).toEqual([
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('reads the address, falling back to three weeks by assignee', () => {
    expect(readLookaheadParams(new URLSearchParams('weeks=6&group=trade'))).toEqual({
      weeks: 6,
      grouping: 'trade',
    });
    for (const bad of ['weeks=0', 'weeks=7', 'weeks=abc', 'weeks=2.5&group=x', '']) {
      expect(readLookaheadParams(new URLSearchParams(bad))).toEqual({ weeks: 3, grouping: 'assignee' });
    }
  });
});
