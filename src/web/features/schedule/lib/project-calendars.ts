import type { ProjectDto } from '@/contracts/projects';
import { projectWorkingDays, type WorkingDays } from '@/domain/schedule/calendar-days';

/** Each project's working days, from the calendar its schedule is made on (read once per list). */
export interface ProjectCalendars {
  of(projectId: number): WorkingDays;
}

const DEFAULT = projectWorkingDays(null);

/**
 * The working days of the listed projects; a project not (yet) listed works the default calendar
 * (Monday–Friday, US federal holidays off), as it would be scheduled without its own.
 */
export function projectCalendars(
  projects: readonly Pick<ProjectDto, 'id' | 'calendar'>[] | undefined,
): ProjectCalendars {
  const byId = new Map<number, WorkingDays>();
  for (const project of projects ?? []) {
    if (project.calendar) byId.set(project.id, projectWorkingDays(project.calendar));
  }
  return { of: (projectId) => byId.get(projectId) ?? DEFAULT };
}
