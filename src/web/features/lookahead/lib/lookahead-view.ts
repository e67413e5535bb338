/**
 * The look-ahead screen's arrangement of the server's answer: the weekdays its day strip shows,
 * the groups (by assignee or by trade), and which of those days a task is on.
 */
import type { LookaheadTaskDto } from '@/contracts/lookahead';
import { daysBetween } from '@/domain/schedule-view';

export const LOOKAHEAD_GROUPINGS = ['assignee', 'trade'] as const;
export type LookaheadGrouping = (typeof LOOKAHEAD_GROUPINGS)[number];

export function isLookaheadGrouping(value: unknown): value is LookaheadGrouping {
  return (LOOKAHEAD_GROUPINGS as readonly unknown[]).includes(value);
}

/** Monday to Friday of the window, in order: the days work is handed out for. */
export function windowWeekdays(from: string, to: string): string[] {
  return daysBetween(from, to).filter((day) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  });
}

export interface LookaheadGroup {
  key: string;
  label: string;
  tasks: LookaheadTaskDto[];
}

export const UNASSIGNED = 'Unassigned';
export const NO_TRADE = 'No trade';

function groupLabel(task: LookaheadTaskDto, grouping: LookaheadGrouping): string | null {
  const value = grouping === 'assignee' ? task.assigneeName : task.phase;
  return value?.trim() || null;
}

/**
 * The tasks in groups, each keeping the server's order (by start date). Groups are by name; the
 * tasks with no assignee (or trade) come last.
 */
export function groupLookahead(
  tasks: readonly LookaheadTaskDto[],
  grouping: LookaheadGrouping,
): LookaheadGroup[] {
  const groups = new Map<string, LookaheadTaskDto[]>();
  for (const task of tasks) {
    const key = groupLabel(task, grouping) ?? '';
    const list = groups.get(key);
    if (list) list.push(task);
    else groups.set(key, [task]);
  }
  const none = grouping === 'assignee' ? UNASSIGNED : NO_TRADE;
  return [...groups]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([key, list]) => ({ key: key || `(${none})`, label: key || none, tasks: list }));
}

/** Whether the task is on `day`: from its first day to its last, both included. */
export function isOnDay(task: Pick<LookaheadTaskDto, 'startDate' | 'endDate'>, day: string): boolean {
  return task.startDate <= day && day <= task.endDate;
}
