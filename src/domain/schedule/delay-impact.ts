/**
 * Recorded delays as an input of the schedule (a time-impact fragnet kept in the model):
 *
 * - a delay of N working days on a task makes that task take N working days longer, whatever its
 *   cause: it lost those days. Finished work keeps its actual dates and is not extended.
 * - a weather delay also stops every weather-sensitive task of the project on the same days: the N
 *   working days from the delay's date become days off for them. One calendar serves a whole
 *   schedule, so this is realised as a duration extension: a weather-sensitive task is extended by
 *   the stopped days that fall in its working window of a first pass (as the weather allowance is).
 *   The task the delay was recorded on is already extended by N and is not counted again; days
 *   before the data date are history (the progress reported as of it already shows them).
 *
 * Every re-schedule applies all of a project's stored delays, so later edits keep their effect.
 */
import type { ScheduledTask, ScheduleTask, TaskId } from './critical-path-types.js';
import type { IsoDate } from './iso-date.js';
import { weatherSensitiveTrade } from './weather-allowance.js';
import { offsetOfDate, type WorkingDayIndex } from './working-days.js';

/** A delay recorded against a task. */
export interface ScheduleDelay<Id extends TaskId = number> {
  taskId: Id;
  /** Working days lost. */
  days: number;
  /** The day the delay began. */
  date: IsoDate;
  /** Weather stops the project's weather-sensitive work on those days too. */
  weather: boolean;
}

/** What the delay rules read of a task. */
interface DelayedTask<Id extends TaskId> {
  id: Id;
  duration: number;
  trade?: string | null;
  actualStart?: IsoDate | null;
  actualFinish?: IsoDate | null;
}

const isFinished = (task: DelayedTask<TaskId>) => Boolean(task.actualStart && task.actualFinish);

/** Working days each task is delayed by, its own delays summed (finished tasks: 0). */
export function ownDelayDays(
  tasks: readonly DelayedTask<TaskId>[],
  delays: readonly ScheduleDelay<TaskId>[],
): number[] {
  const byTask = new Map<TaskId, number>();
  for (const delay of delays)
    byTask.set(delay.taskId, (byTask.get(delay.taskId) ?? 0) + Math.max(0, delay.days));
  return tasks.map((task) => (isFinished(task) ? 0 : (byTask.get(task.id) ?? 0)));
}

/** Extends the engine's tasks by their own delays (changed in place). */
export function addOwnDelays(
  tasks: readonly DelayedTask<TaskId>[],
  engineTasks: ScheduleTask<TaskId>[],
  delays: readonly ScheduleDelay<TaskId>[],
): void {
  if (delays.length === 0) return;
  const extra = ownDelayDays(tasks, delays);
  engineTasks.forEach((engineTask, i) => {
    engineTask.duration += extra[i] ?? 0;
  });
}

/**
 * Working days each weather-sensitive task loses to the project's weather delays: the stopped days
 * (from `dataDate` on, when given) inside its working window `[earlyStart, earlyFinish)` of the first
 * pass, not counting the delays recorded on the task itself. Others: 0.
 */
export function weatherStopDays(
  tasks: readonly DelayedTask<TaskId>[],
  firstPass: readonly ScheduledTask<TaskId>[],
  delays: readonly ScheduleDelay<TaskId>[],
  days: WorkingDayIndex,
  dataDate: number | null = null,
): number[] {
  const weather = delays.filter((d) => d.weather && d.days > 0);
  if (weather.length === 0) return tasks.map(() => 0);
  const stops = weather.map((d) => ({ taskId: d.taskId, from: offsetOfDate(days, d.date), days: d.days }));
  return tasks.map((task, i) => {
    const window = firstPass[i];
    if (!window || isFinished(task) || !task.trade || weatherSensitiveTrade(task.trade) === null) return 0;
    const from = Math.max(window.earlyStart, dataDate ?? Number.NEGATIVE_INFINITY);
    const stopped = new Set<number>();
    for (const stop of stops) {
      if (stop.taskId === task.id) continue;
      const first = Math.max(stop.from, from);
      const end = Math.min(stop.from + stop.days, window.earlyFinish);
      for (let day = first; day < end; day++) stopped.add(day);
    }
    return stopped.size;
  });
}

/** Adds each task's weather-stop days to its weather days (changed in place): the second pass's input. */
export function addWeatherStopDays(weatherDays: number[], ...args: Parameters<typeof weatherStopDays>): void {
  weatherStopDays(...args).forEach((stopped, i) => {
    weatherDays[i] = (weatherDays[i] ?? 0) + stopped;
  });
}
