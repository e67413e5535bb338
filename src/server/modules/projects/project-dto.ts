/**
 * A project row → its DTO, for every module that answers a project (the projects API, the schedule
 * import). Imports no service, so any module may use it without an import cycle.
 */
import type { ProjectCalendarDto, ProjectDto } from '../../../contracts/projects.js';
import { readProjectCalendar } from '../../../domain/schedule/index.js';
import type { projects } from '../../db/schema/index.js';

type ProjectRow = typeof projects.$inferSelect;

/** The stored calendar as the API shows it; null for the default calendar (or an unreadable one). */
export function toProjectCalendarDto(value: unknown): ProjectCalendarDto | null {
  if (value === null || value === undefined) return null;
  const read = readProjectCalendar(value);
  return read.ok ? read.value : null;
}

export function toProjectDto(row: ProjectRow): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    client: row.client,
    type: row.type,
    status: row.status,
    budget: row.budget,
    currency: row.currency,
    progress: row.progress,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    calendar: toProjectCalendarDto(row.calendar),
    dataDate: row.dataDate,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A project's list JSON (the `dto_json` column, written by the database as `toProjectDto` would write
 * the project without its calendar), with its stored calendar (null: the default) read in.
 */
export function withCalendar(json: string, calendar: unknown): string {
  if (calendar === null || calendar === undefined) return json;
  const dto = JSON.parse(json) as ProjectDto;
  return JSON.stringify({ ...dto, calendar: toProjectCalendarDto(calendar) });
}
