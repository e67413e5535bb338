import type { ProjectDto } from '@/contracts/projects';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

/** All Projects, or one project: the insights, counters and summary in view follow it. */
export function ProjectFilter({
  projects,
  projectId,
  onChange,
}: {
  projects: ProjectDto[];
  projectId: number | null;
  onChange: (projectId: number | null) => void;
}) {
  return (
    <Select
      value={projectId === null ? 'all' : String(projectId)}
      onValueChange={(v) => onChange(v === 'all' ? null : Number(v))}
    >
      <SelectTrigger className="w-full sm:w-72" aria-label="Filter by project">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All Projects</SelectItem>
        {projects.map((p) => (
          <SelectItem key={p.id} value={String(p.id)}>
            {p.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
