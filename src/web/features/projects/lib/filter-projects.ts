import type { ProjectDto } from '@/contracts/projects';
import type { ProjectStatusFilter } from './status';

/** The filter keeps one status (or all); the search matches the name or the client. */
export function filterProjects<P extends Pick<ProjectDto, 'name' | 'client' | 'status'>>(
  projects: readonly P[],
  status: ProjectStatusFilter,
  search: string,
): P[] {
  const q = search.trim().toLowerCase();
  return projects.filter(
    (p) =>
      (status === 'all' || p.status === status) &&
      (!q || p.name.toLowerCase().includes(q) || p.client.toLowerCase().includes(q)),
  );
}
