import { FolderKanban, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ProjectDto } from '@/contracts/projects';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { useProjects } from '../api/get-projects';
import { DeleteProjectDialog, EditProjectDialog, NewProjectButton } from '../components/lazy-project-dialogs';
import { ProjectGrid } from '../components/project-grid';
import { filterProjects } from '../lib/filter-projects';
import { PROJECT_STATUS_FILTERS, type ProjectStatusFilter } from '../lib/status';

/** /projects (and / when signed in): the portfolio of projects. */
export function PortfolioPage() {
  const projects = useProjects();
  const [status, setStatus] = useState<ProjectStatusFilter>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ProjectDto | null>(null);
  const [deleting, setDeleting] = useState<ProjectDto | null>(null);
  const shown = useMemo(
    () => filterProjects(projects.data ?? [], status, search),
    [projects.data, status, search],
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Portfolio"
        description="All your construction projects in one place."
        actions={<NewProjectButton />}
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search projects by name or client"
            placeholder="Search projects or clients..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <Select value={status} onValueChange={(v) => setStatus(v as ProjectStatusFilter)}>
          <SelectTrigger className="sm:w-48" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PROJECT_STATUS_FILTERS.map((f) => (
              <SelectItem key={f.value} value={f.value}>
                {f.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {projects.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading projects" />
        </div>
      ) : projects.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="font-medium">Your projects could not be loaded.</p>
            <Button variant="outline" onClick={() => void projects.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : projects.data.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
            <FolderKanban className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No projects yet</h2>
            <p className="max-w-md text-muted-foreground">
              Create your first project. Attach the estimate you already have and it becomes a dated schedule
              with dependencies and a critical path.
            </p>
            <NewProjectButton label="Create your first project" size="lg" />
          </CardContent>
        </Card>
      ) : shown.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
            <FolderKanban className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-muted-foreground">No projects found matching your criteria.</p>
            <Button
              variant="outline"
              onClick={() => {
                setSearch('');
                setStatus('all');
              }}
            >
              Clear filters
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ProjectGrid projects={shown} onEdit={setEditing} onDelete={setDeleting} />
      )}

      {editing && (
        <EditProjectDialog
          project={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteProjectDialog
          project={deleting}
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
