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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Calendar days the finish falls after the deadline (0 when on or before it), null without a
 * deadline. The list JSON's trigger (migration 0015) computes the same.
 */
export function daysPastDeadline(endDate: Date, deadline: string | null): number | null {
  if (deadline === null) return null;
  const finish = Date.parse(`${endDate.toISOString().slice(0, 10)}T00:00:00Z`);
  const due = Date.parse(`${deadline}T00:00:00Z`);
  return Math.max(0, Math.round((finish - due) / DAY_MS));
}

/** The job's place, null while no country is set. */
function locationOf(row: ProjectRow): ProjectDto['location'] {
  return row.country === null ? null : { country: row.country, state: row.state };
}

/**
 * `awaitingAnswers` is not a column: the caller that knows it (a read of the project's plans) says
 * so; a project just written has no estimate waiting unless told.
 */
export function toProjectDto(row: ProjectRow, awaitingAnswers = false): ProjectDto {
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
    deadline: row.deadline,
    daysPastDeadline: daysPastDeadline(row.endDate, row.deadline),
    siteAddress: row.siteAddress,
    location: locationOf(row),
    awaitingAnswers,
    calendar: toProjectCalendarDto(row.calendar),
    dataDate: row.dataDate,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A list of projects' JSON (each the `dto_json` column, written by the database as `toProjectDto`
 * writes the project without its calendar and with no estimate waiting), with the stored calendars
 * of those that have one read in as `toProjectDto` reads them, and `awaitingAnswers` set on those
 * with an estimate waiting. Most lists have neither and go out as they are.
 */
export function withCalendars(
  listJson: string,
  calendars: { id: number; calendar: unknown }[],
  awaiting: readonly number[] = [],
): string {
  if (calendars.length === 0 && awaiting.length === 0) return listJson;
  const byId = new Map(calendars.map((c) => [c.id, toProjectCalendarDto(c.calendar)]));
  const waiting = new Set(awaiting);
  const list = JSON.parse(listJson) as ProjectDto[];
  return JSON.stringify(
    list.map((p) => ({
      ...p,
      ...(byId.has(p.id) ? { calendar: byId.get(p.id) ?? null } : {}),
      ...(waiting.has(p.id) ? { awaitingAnswers: true } : {}),
    })),
  );
}
