import { describe, expect, it } from 'vitest';
import type { LookaheadTaskDto } from '@/contracts/lookahead';
import { readLookaheadParams } from './lookahead-params';
import { groupLookahead, isOnDay, windowWeekdays } from './lookahead-view';

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
  it('shows the weekdays of the window, Monday to Friday', () => {
    // Saturday 4 April to Friday 17 April 2026.
    const days = windowWeekdays('2026-04-04', '2026-04-17');
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
    expect(['2026-04-06', '2026-04-07', '2026-04-09', '2026-04-10'].map((d) => isOnDay(t, d))).toEqual([
      false,
      true,
      true,
      false,
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
