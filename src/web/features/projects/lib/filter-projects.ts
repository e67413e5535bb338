import type { ProjectDto } from '@/contracts/projects';
import type { ProjectStatusFilter } from './status';

/** Spec §2: the filter keeps one status (or all); the search matches the name or the client. */
export function filterProjects(
  projects: readonly Pick<ProjectDto, 'name' | 'client' | 'status'>[],
  status: ProjectStatusFilter,
  search: string,
) {
  const q = search.trim().toLowerCase();
  return projects.filter(
    (p) =>
      (status === 'all' || p.status === status) &&
      (!q || p.name.toLowerCase().includes(q) || p.client.toLowerCase().includes(q)),
  );
}
