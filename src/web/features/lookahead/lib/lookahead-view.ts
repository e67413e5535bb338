/**
 * The look-ahead screen's arrangement of the server's answer: the days its day strip shows, the
 * groups (by assignee or by trade), and which of those days a task is on — its project's working
 * days, from the calendar its schedule is made on.
 */
import type { LookaheadTaskDto } from '@/contracts/lookahead';
import type { ProjectCalendarDto } from '@/contracts/projects';
import { projectWorkingDays, taskWorkingDays, type WorkingDays } from '@/domain/schedule/calendar-days';
import { daysBetween } from '@/domain/schedule-view';

export const LOOKAHEAD_GROUPINGS = ['assignee', 'trade'] as const;
export type LookaheadGrouping = (typeof LOOKAHEAD_GROUPINGS)[number];

export function isLookaheadGrouping(value: unknown): value is LookaheadGrouping {
  return (LOOKAHEAD_GROUPINGS as readonly unknown[]).includes(value);
}

/** The working days of the projects a look-ahead shows. */
export interface LookaheadCalendars {
  /** A project's working days (the default calendar's for a project not listed). */
  of(projectId: number): WorkingDays;
  /** Every listed project's (the default calendar's when none is listed). */
  all: readonly WorkingDays[];
}

/** The calendars of the look-ahead's projects, from the answer (null = the default calendar). */
export function lookaheadCalendars(
  projects: readonly { id: number; calendar: ProjectCalendarDto | null }[],
): LookaheadCalendars {
  const fallback = projectWorkingDays(null);
  const byId = new Map(projects.map((p) => [p.id, projectWorkingDays(p.calendar)]));
  return {
    of: (projectId) => byId.get(projectId) ?? fallback,
    all: byId.size > 0 ? [...byId.values()] : [fallback],
  };
}

/**
 * The days of the window the strip shows, in order: those in the working week of at least one of
 * the projects (Monday to Friday on the default calendar, a Saturday for a six-day job). A holiday
 * inside the week stays in the strip, shown as a day off, so the gap in the bars reads as one.
 */
export function windowDays(from: string, to: string, calendars: LookaheadCalendars): string[] {
  return daysBetween(from, to).filter((day) => calendars.all.some((c) => c.inWorkingWeek(day)));
}

/** Whether no project of the look-ahead works the day (a holiday for all of them). */
export function isDayOffForAll(day: string, calendars: LookaheadCalendars): boolean {
  return !calendars.all.some((c) => c.isWorkingDay(day));
}

/** The strip's days a task is drawn on: its project's working days from its first day to its last. */
export function taskDays(
  task: Pick<LookaheadTaskDto, 'projectId' | 'startDate' | 'endDate'>,
  days: readonly string[],
  calendars: LookaheadCalendars,
): Set<string> {
  return new Set(taskWorkingDays(calendars.of(task.projectId), task.startDate, task.endDate, days));
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
