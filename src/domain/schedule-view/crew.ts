/**
 * Crew planning: the period's tasks grouped by who does them, and the double bookings — one person
 * on two tasks of different projects whose days overlap.
 */
import type { IsoDate } from '../schedule/iso-date.js';
import type { DayRange } from './tasks-by-day.js';

/** Who a task is assigned to: a member, a subcontractor, or the name a deleted one left. */
export interface AssigneeRef {
  assignedTo: string | null;
  assignedContactId: number | null;
  assigneeName: string | null;
}

/**
 * One key per person: a member by user id, a subcontractor by contact id, and a name left by a
 * deleted member or contact by that name. Null when unassigned.
 */
export function assigneeKey(task: AssigneeRef): string | null {
  if (task.assignedTo !== null) return `member:${task.assignedTo}`;
  if (task.assignedContactId !== null) return `contact:${task.assignedContactId}`;
  if (task.assigneeName !== null && task.assigneeName.trim() !== '') return `former:${task.assigneeName}`;
  return null;
}

export interface CrewTask extends DayRange, AssigneeRef {
  id: number;
  projectId: number;
}

export interface DoubleBooking<T> {
  first: T;
  second: T;
  /** The days both tasks take, both included. */
  from: IsoDate;
  to: IsoDate;
}

export interface CrewGroup<T> {
  key: string;
  name: string;
  kind: 'member' | 'contact' | 'former';
  tasks: T[];
  /** Pairs of this person's tasks in different projects on the same days. */
  doubleBookings: DoubleBooking<T>[];
}

export interface CrewPlan<T> {
  /** One group per person, by name. */
  groups: CrewGroup<T>[];
  unassigned: T[];
}

/**
 * Overlapping pairs of tasks from different projects, by a sweep over the tasks in start order: each
 * task is compared only with the earlier ones still running on its first day.
 */
export function doubleBookings<T extends CrewTask>(tasks: readonly T[]): DoubleBooking<T>[] {
  const ordered = [...tasks].sort((a, b) => a.startDay.localeCompare(b.startDay) || a.id - b.id);
  const found: DoubleBooking<T>[] = [];
  let running: T[] = [];
  for (const task of ordered) {
    running = running.filter((r) => r.endDay >= task.startDay);
    for (const other of running) {
      if (other.projectId === task.projectId) continue;
      const to = other.endDay < task.endDay ? other.endDay : task.endDay;
      found.push({ first: other, second: task, from: task.startDay, to });
    }
    running.push(task);
  }
  return found;
}

const kindOf = (key: string): CrewGroup<never>['kind'] =>
  key.startsWith('member:') ? 'member' : key.startsWith('contact:') ? 'contact' : 'former';

/** The tasks grouped by assignee (in the order given), with each person's double bookings. */
export function crewPlan<T extends CrewTask>(tasks: readonly T[]): CrewPlan<T> {
  const byKey = new Map<string, { name: string; tasks: T[] }>();
  const unassigned: T[] = [];
  for (const task of tasks) {
    const key = assigneeKey(task);
    if (key === null) {
      unassigned.push(task);
      continue;
    }
    const group = byKey.get(key);
    if (group) group.tasks.push(task);
    else byKey.set(key, { name: task.assigneeName?.trim() || 'Unnamed', tasks: [task] });
  }
  const groups = [...byKey].map(([key, g]) => ({
    key,
    name: g.name,
    kind: kindOf(key),
    tasks: g.tasks,
    doubleBookings: doubleBookings(g.tasks),
  }));
  groups.sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
  return { groups, unassigned };
}
