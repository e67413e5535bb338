import { Copy, Eye, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProjectDto } from '@/contracts/projects';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { toast } from '@/web/components/ui/use-toast';
import { formatMoney } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';
import { useDuplicateProject } from '../api/duplicate-project';
import { useUpdateProject } from '../api/update-project';
import { formatDay } from '../lib/dates';
import { ProgressSlider } from './progress-slider';
import { DeadlineValue, DeadlineWarning } from './project-deadline';
import { ProjectStatusBadge } from './status-badges';

/** A click on the card opens the project, unless it landed on one of the card's own controls. */
const isOwnControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest('button, a, [role="slider"], [role="menuitem"]') !== null;

/**
 * A project card of the Portfolio: status badge, edit button, more-menu, name, "type •
 * client", an interactive progress bar, Due Date (red when at risk) and Budget.
 */
export function ProjectCard({
  project,
  onEdit,
  onDelete,
}: {
  project: ProjectDto;
  onEdit: (project: ProjectDto) => void;
  onDelete: (project: ProjectDto) => void;
}) {
  const navigate = useNavigate();
  const updateProject = useUpdateProject();
  const duplicateProject = useDuplicateProject();
  const href = `/projects/${project.id}`;

  const saveProgress = (progress: number) =>
    updateProject
      .mutateAsync({ id: project.id, body: { progress } })
      .catch(() =>
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to update project progress' }),
      );

  const duplicate = () =>
    duplicateProject.mutate(project.id, {
      onSuccess: (copy) =>
        toast({ title: 'Project duplicated', description: `"${copy.name}" has been created.` }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to duplicate project' }),
    });

  const onCardClick = (e: MouseEvent) => {
    if (!isOwnControl(e.target)) void navigate(href);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the project name is the keyboard way in (a link)
    // biome-ignore lint/a11y/noStaticElementInteractions: as above; the whole card is a pointer shortcut
    <div onClick={onCardClick} className="h-full cursor-pointer">
      <Card className="flex h-full flex-col gap-4 p-5 transition-shadow hover:shadow-md">
        <div className="flex items-start justify-between gap-2">
          <ProjectStatusBadge status={project.status} awaitingAnswers={project.awaitingAnswers} />
          <div className="-mt-1.5 -mr-2 flex items-center">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Edit ${project.name}`}
              onClick={() => onEdit(project)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            {/* Not modal: a modal menu hides the page with aria-hidden while its controls stay focusable. */}
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`More actions for ${project.name}`}
                >
                  <MoreVertical aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => void navigate(href)}>
                  <Eye aria-hidden="true" />
                  View Details
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => onEdit(project)}>
                  <Pencil aria-hidden="true" />
                  Edit Project
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={duplicate} disabled={duplicateProject.isPending}>
                  <Copy aria-hidden="true" />
                  Duplicate Project
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => onDelete(project)}>
                  <Trash2 aria-hidden="true" />
                  Delete Project
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>

        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold">
            <Link
              to={href}
              className="rounded-sm break-words hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {project.name}
            </Link>
          </h2>
          <p className="mt-1 truncate text-sm text-muted-foreground">
            {project.type} • {project.client}
          </p>
        </div>

        <div className="grid gap-1.5">
          <div className="flex items-center justify-between text-sm">
            <span className="text-muted-foreground">Progress</span>
            <span className="font-medium tabular-nums">{project.progress}%</span>
          </div>
          <ProgressSlider
            value={project.progress}
            onCommit={saveProgress}
            label={`Progress of ${project.name}`}
          />
        </div>

        <div className="mt-auto grid gap-3 border-t border-border pt-4">
          <dl
            className={cn(
              'grid gap-3 text-sm',
              project.deadline ? 'grid-cols-2 min-[28rem]:grid-cols-3' : 'grid-cols-2',
            )}
          >
            <div>
              <dt className="text-muted-foreground">Due Date</dt>
              <dd
                className={cn('font-medium', project.status === 'at-risk' && 'text-red-700')}
                data-at-risk={project.status === 'at-risk' || undefined}
              >
                {formatDay(project.endDate)}
              </dd>
            </div>
            <DeadlineValue project={project} />
            <div
              className={cn(
                'text-right',
                project.deadline && 'col-span-2 text-left min-[28rem]:col-span-1 min-[28rem]:text-right',
              )}
            >
              <dt className="text-muted-foreground">Budget</dt>
              <dd className="font-medium tabular-nums">{formatMoney(project.budget, project.currency)}</dd>
            </div>
          </dl>
          <DeadlineWarning project={project} />
        </div>
      </Card>
    </div>
  );
}
