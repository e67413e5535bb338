/**
 * A project row → its DTO, for every module that answers a project (the projects API, the schedule
 * import). Imports no service, so any module may use it without an import cycle.
 */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProjectCalendarDto, ProjectDto } from '../../../contracts/projects.js';
import { readProjectCalendar } from '../../../domain/schedule/index.js';
import { projects } from '../../db/schema/index.js';

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

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds), written by the database. */
const isoText = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `toProjectDto` written by the database as JSON text, for lists of hundreds of projects: the
 * server then neither maps each row's columns nor serialises each project. The calendar is left
 * out (null); a project with one gets it from `withCalendar`, which reads it as `toProjectDto` does.
 * A test holds the two to the same answer for every column.
 */
export const projectDtoJson = sql<string>`json_build_object(
  'id', ${projects.id}, 'name', ${projects.name}, 'description', ${projects.description},
  'client', ${projects.client}, 'type', ${projects.type}, 'status', ${projects.status},
  'budget', ${projects.budget}::text, 'currency', ${projects.currency}, 'progress', ${projects.progress},
  'startDate', ${isoText(projects.startDate)}, 'endDate', ${isoText(projects.endDate)},
  'calendar', null, 'dataDate', ${projects.dataDate}, 'createdBy', ${projects.createdBy},
  'createdAt', ${isoText(projects.createdAt)})::text`;

/** A project's JSON from `projectDtoJson`, with its stored calendar (null: the default) read in. */
export function withCalendar(json: string, calendar: unknown): string {
  if (calendar === null || calendar === undefined) return json;
  const dto = JSON.parse(json) as ProjectDto;
  return JSON.stringify({ ...dto, calendar: toProjectCalendarDto(calendar) });
}
