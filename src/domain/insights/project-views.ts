/**
 * Each project as the rules see it: its open tasks, its working calendar, and its schedule run
 * twice with the scheduling engine: as planned (from the project's start) and re-run from today
 * (finished work takes no more time, work under way only its remaining share, and nothing
 * unfinished starts before today). The difference between the two finishes is the slip.
 */
import {
  type IsoDate,
  linksFromDependencies,
  type ProjectSchedule,
  type ProjectTask,
  type ProjectTaskSchedule,
  projectWorkCalendar,
  type ScheduleLink,
  scheduleProject,
  type WorkCalendar,
  weatherTradeOf,
} from '../schedule/index.js';
import { startConstraintOf } from '../tasks/index.js';
import type { InsightInput, InsightProject, InsightTask } from './types.js';

export interface ProjectView {
  project: InsightProject;
  /** All the project's tasks, in their stored order. */
  tasks: InsightTask[];
  calendar: WorkCalendar;
  /** The schedule as planned; null when the tasks cannot be scheduled (a cycle, unreadable links). */
  planned: ProjectSchedule | null;
  /** The schedule re-run from today; null when the tasks cannot be scheduled. */
  fromToday: ProjectSchedule | null;
  /** Each task's dates and float in the schedule re-run from today. */
  current: Map<number, ProjectTaskSchedule>;
  /** What the re-run from today scheduled: its tasks and the project's links (to try other sequences). */
  todayTasks: ProjectTask[];
  links: ScheduleLink<number>[];
  state: string | null;
}

/** Whether the task's work is finished. */
export function isDone(task: Pick<InsightTask, 'status' | 'progress'>): boolean {
  return task.status === 'completed' || task.progress >= 100;
}

/** Whether the project is still being worked on (the rules look at no completed project). */
export function isOpenProject(project: InsightProject): boolean {
  return project.status !== 'completed';
}

const later = (a: IsoDate | null, b: IsoDate): IsoDate => (a !== null && a > b ? a : b);

/** The working days left of a task: none when finished, the unfinished share when under way. */
function remainingDays(task: InsightTask): number {
  if (isDone(task)) return 0;
  if (task.progress <= 0) return task.duration;
  return Math.ceil(task.duration * (1 - task.progress / 100));
}

/** The project's links among its own tasks, or null when a dependencies text is unreadable. */
function linksOf(tasks: InsightTask[]): ScheduleLink<number>[] | null {
  const parsed = linksFromDependencies(tasks);
  if (!parsed.ok) return null;
  const ids = new Set(tasks.map((t) => t.id));
  return parsed.links.filter((l) => ids.has(l.predecessorId));
}

/** Schedules the project's tasks with the engine; null when they cannot be scheduled. */
export function scheduleOf(
  project: InsightProject,
  tasks: readonly ProjectTask[],
  links: readonly ScheduleLink<number>[],
  calendar: WorkCalendar,
  state: string | null,
): ProjectSchedule | null {
  const result = scheduleProject(tasks, links, {
    startDate: project.startDate,
    calendar,
    weatherState: state,
  });
  return result.ok ? result.schedule : null;
}

/** Schedules one project as planned and from today. */
export function projectView(
  project: InsightProject,
  tasks: InsightTask[],
  today: IsoDate,
  state: string | null,
): ProjectView {
  const calendar = projectWorkCalendar(project.calendar);
  const links = linksOf(tasks);
  const plannedTasks = tasks.map(
    (t): ProjectTask => ({
      id: t.id,
      duration: t.duration,
      trade: weatherTradeOf(t),
      startNoEarlierThan: startConstraintOf(t),
    }),
  );
  const todayTasks = tasks.map(
    (t): ProjectTask =>
      isDone(t)
        ? { id: t.id, duration: 0 }
        : {
            id: t.id,
            duration: remainingDays(t),
            trade: weatherTradeOf(t),
            startNoEarlierThan: later(startConstraintOf(t), today),
          },
  );
  const planned = links && scheduleOf(project, plannedTasks, links, calendar, state);
  const fromToday = links && scheduleOf(project, todayTasks, links, calendar, state);
  return {
    project,
    tasks,
    calendar,
    planned,
    fromToday,
    current: new Map((fromToday?.tasks ?? []).map((t) => [t.id, t])),
    todayTasks,
    links: links ?? [],
    state,
  };
}

/** Every open project of the input, scheduled. */
export function projectViews(input: InsightInput): ProjectView[] {
  const byProject = new Map<number, InsightTask[]>();
  for (const task of input.tasks) {
    const list = byProject.get(task.projectId) ?? [];
    list.push(task);
    byProject.set(task.projectId, list);
  }
  return input.projects
    .filter(isOpenProject)
    .map((p) => projectView(p, byProject.get(p.id) ?? [], input.today, input.state));
}
