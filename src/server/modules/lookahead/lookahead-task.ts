/**
 * The look-ahead's rules in plain functions: the window a number of weeks spans, which tasks are
 * work to hand out in it, where a task's materials stand, and a listed task with its float → its DTO.
 */
import type { LookaheadMaterials, LookaheadTaskDto } from '../../../contracts/lookahead.js';
import type { TaskListItemDto } from '../../../contracts/tasks.js';
import { MATERIAL_STEPS, materialsPending, parseMaterialsStatus } from '../../../domain/tasks/index.js';

const DAY = 24 * 60 * 60 * 1000;

/** The calendar days `from`…`to` (both included) of `weeks` weeks starting on `from`. */
export interface LookaheadWindow {
  from: string;
  to: string;
  weeks: number;
}

export function lookaheadWindow(from: string, weeks: number): LookaheadWindow {
  const last = new Date(Date.parse(`${from}T00:00:00Z`) + (weeks * 7 - 1) * DAY);
  return { from, to: last.toISOString().slice(0, 10), weeks };
}

/**
 * Work to hand out: a task in the window that is not finished. A completed task is history, not
 * work for the coming weeks, so it is left out even when its dates fall in the window.
 */
export function isLookaheadWork(task: Pick<TaskListItemDto, 'status'>): boolean {
  return task.status !== 'completed';
}

/** What the look-ahead reads of a task's materials (its stored row). */
export interface TaskMaterials {
  materialsStatus: string | null;
  materialsExpectedDate: string | null;
}

/** Where the materials stand, and the last ticked step; unreadable text counts as nothing ticked. */
export function materialsOf(task: TaskMaterials | undefined): {
  materials: LookaheadMaterials;
  materialsStep: string | null;
} {
  const read = parseMaterialsStatus(task?.materialsStatus);
  const expected = task?.materialsExpectedDate ?? null;
  if (!read.ok) return { materials: expected ? 'pending' : 'not-tracked', materialsStep: null };
  const state = read.value;
  const ticked = MATERIAL_STEPS.filter((step) => state[step]);
  const materialsStep = ticked.at(-1) ?? null;
  if (state.notApplicable) return { materials: 'not-applicable', materialsStep };
  if (state.delivered) return { materials: 'delivered', materialsStep };
  if (materialsPending(state, expected)) return { materials: 'pending', materialsStep };
  return { materials: 'not-tracked', materialsStep };
}

/** A task's place in the computed schedule, when the schedule could be computed. */
export interface TaskFloat {
  totalFloat: number;
  isCritical: boolean;
}

/** A listed task with its float and materials → the look-ahead's task. */
export function toLookaheadTaskDto(
  item: TaskListItemDto,
  float: TaskFloat | undefined,
  materials: TaskMaterials | undefined,
): LookaheadTaskDto {
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    name: item.name,
    phase: item.phase,
    assigneeName: item.assigneeName,
    assigneeKind: item.assigneeKind,
    startDate: item.startDate.slice(0, 10),
    endDate: item.endDate.slice(0, 10),
    status: item.status,
    progress: item.progress,
    totalFloat: float ? float.totalFloat : null,
    // Without a computed schedule, the flag the last schedule stored.
    isCritical: float ? float.isCritical : item.isCritical,
    ...materialsOf(materials),
    materialsExpectedDate: materials?.materialsExpectedDate ?? null,
  };
}
