/**
 * The task page's date edit, read the way the schedule works: typed dates become a start constraint
 * and a duration (see the domain's `typedDatesChange`), and when the re-scheduled task starts later
 * than typed, a sentence saying what holds it and until when.
 */
import type { ProjectDto } from '@/contracts/projects';
import type { TaskDto } from '@/contracts/tasks';
import type { WorkCalendar } from '@/domain/schedule/calendar';
import { parseDependencies } from '@/domain/schedule/dependencies';
import { LINK_TYPE_NAMES } from '@/domain/schedule/link-types';
import { projectWorkCalendar } from '@/domain/schedule/project-calendar';
import { type PredecessorDates, whatHoldsStart } from '@/domain/schedule/typed-task-dates';
import { EMPTY_MATERIALS, materialsStartConstraint, parseMaterialsStatus } from '@/domain/tasks';
import { formatDay, toDateInput } from './dates';

/** The calendar the project is scheduled on (its own, or the default). */
export function calendarOfProject(project: Pick<ProjectDto, 'calendar'> | undefined): WorkCalendar {
  return projectWorkCalendar(project?.calendar);
}

const day = (iso: string) => formatDay(`${iso}T00:00:00Z`);

/**
 * Why the saved task starts after `asked`, as a sentence naming the predecessor (or the materials
 * delivery) and the day the task can start; null when it starts as asked.
 */
export function startHoldMessage(
  calendar: WorkCalendar,
  saved: TaskDto,
  asked: string,
  projectTasks: readonly TaskDto[],
): string | null {
  const start = toDateInput(saved.startDate);
  if (start <= asked) return null;
  const links = parseDependencies(saved.dependencies);
  const predecessors = new Map<number, PredecessorDates>(
    projectTasks.map((t) => [
      t.id,
      { id: t.id, name: t.name, startDate: toDateInput(t.startDate), endDate: toDateInput(t.endDate) },
    ]),
  );
  const materials = parseMaterialsStatus(saved.materialsStatus);
  const hold = whatHoldsStart(
    calendar,
    {
      duration: saved.duration,
      dependencies: links.ok ? links.value : [],
      materialsDate: materialsStartConstraint(
        materials.ok ? materials.value : EMPTY_MATERIALS,
        saved.materialsExpectedDate,
      ),
    },
    predecessors,
    asked,
  );
  const asks = `You asked for ${day(asked)}; the task starts on ${day(start)}`;
  if (hold?.kind === 'link') {
    const lag = hold.lagDays ? `, lag ${hold.lagDays} ${Math.abs(hold.lagDays) === 1 ? 'day' : 'days'}` : '';
    const edge = hold.type === 'FS' || hold.type === 'FF' ? 'finishes' : 'starts';
    const on =
      hold.type === 'FS' || hold.type === 'FF' ? hold.predecessor.endDate : hold.predecessor.startDate;
    return `${asks}: it follows “${hold.predecessor.name}” (${LINK_TYPE_NAMES[hold.type].toLowerCase()}${lag}), which ${edge} on ${day(on)}. It is held until ${day(hold.startDate)}.`;
  }
  if (hold?.kind === 'materials') {
    return `${asks}: its materials are expected on ${day(hold.date)} and are not delivered yet.`;
  }
  return `${asks}: the project's start or calendar does not allow an earlier day.`;
}

/** The project's tasks as the domain's date checks read predecessors. */
export function predecessorDates(projectTasks: readonly TaskDto[]): Map<number, PredecessorDates> {
  return new Map(
    projectTasks.map((t) => [
      t.id,
      { id: t.id, name: t.name, startDate: toDateInput(t.startDate), endDate: toDateInput(t.endDate) },
    ]),
  );
}

/** The task as the domain's `checkTypedDates` reads it. */
export function typedDateTask(task: TaskDto) {
  const links = parseDependencies(task.dependencies);
  const materials = parseMaterialsStatus(task.materialsStatus);
  return {
    startDate: toDateInput(task.startDate),
    endDate: toDateInput(task.endDate),
    duration: task.duration,
    dependencies: links.ok ? links.value : [],
    materialsDate: materialsStartConstraint(
      materials.ok ? materials.value : EMPTY_MATERIALS,
      task.materialsExpectedDate,
    ),
    actualStart: task.actualStart,
  };
}
