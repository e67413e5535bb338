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
 * A list of projects' JSON (each the `dto_json` column, written by the database as `toProjectDto`
 * writes the project without its calendar), with the stored calendars of those that have one read
 * in as `toProjectDto` reads them. Most lists have none and go out as they are.
 */
export function withCalendars(listJson: string, calendars: { id: number; calendar: unknown }[]): string {
  if (calendars.length === 0) return listJson;
  const byId = new Map(calendars.map((c) => [c.id, toProjectCalendarDto(c.calendar)]));
  const list = JSON.parse(listJson) as ProjectDto[];
  return JSON.stringify(list.map((p) => (byId.has(p.id) ? { ...p, calendar: byId.get(p.id) ?? null } : p)));
}
