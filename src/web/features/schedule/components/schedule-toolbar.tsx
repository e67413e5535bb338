import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ProjectDto } from '@/contracts/projects';
import { SCHEDULE_VIEWS, type ScheduleView } from '@/domain/schedule-view';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { cn } from '@/web/lib/utils';
import { projectColour } from '../lib/palette';

const VIEW_LABELS: Record<ScheduleView, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * The view tabs (inside the page's Tabs), Today, the arrows, the period's title and the project
 * filter.
 */
export function ScheduleToolbar({
  view,
  title,
  projects,
  projectId,
  onToday,
  onStep,
  onProject,
}: {
  view: ScheduleView;
  title: string;
  projects: readonly ProjectDto[];
  projectId: number | null;
  onToday: () => void;
  onStep: (steps: number) => void;
  onProject: (projectId: number | null) => void;
}) {
  const unit = VIEW_LABELS[view].toLowerCase();
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-2">
        <TabsList aria-label="Calendar view">
          {SCHEDULE_VIEWS.map((v) => (
            <TabsTrigger key={v} value={v}>
              {VIEW_LABELS[v]}
            </TabsTrigger>
          ))}
        </TabsList>
        <Button variant="outline" onClick={onToday}>
          Today
        </Button>
        <div className="flex items-center">
          <Button variant="ghost" size="icon" onClick={() => onStep(-1)} aria-label={`Previous ${unit}`}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" onClick={() => onStep(1)} aria-label={`Next ${unit}`}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <h2 className="text-lg font-semibold tracking-tight" aria-live="polite">
          {title}
        </h2>
      </div>
      <Select
        value={projectId === null ? 'all' : String(projectId)}
        onValueChange={(v) => onProject(v === 'all' ? null : Number(v))}
      >
        <SelectTrigger className="lg:w-64" aria-label="Filter by project">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All Projects</SelectItem>
          {projects.map((p) => (
            <SelectItem key={p.id} value={String(p.id)}>
              <span className="flex items-center gap-2">
                <span
                  className={cn('size-2.5 shrink-0 rounded-full', projectColour(p.id).dot)}
                  aria-hidden="true"
                />
                {p.name}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
