import { useMemo } from 'react';
import type { LookaheadTaskDto } from '@/contracts/lookahead';
import type { ProjectCalendarDto } from '@/contracts/projects';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/utils';
import { type LookaheadGrouping, lookaheadCalendars } from '../lib/lookahead-view';
import { LookaheadTable } from './lookahead-table';

type ProjectCalendarRef = { id: number; calendar: ProjectCalendarDto | null };

/**
 * What both look-aheads show under their header: loading, a failure, no work, or the table, each
 * task drawn on its project's working days (`projects`: the look-ahead's projects and calendars).
 */
export function LookaheadBody({
  query,
  projects,
  grouping,
  showProject = false,
}: {
  projects: readonly ProjectCalendarRef[];
  query: {
    data: { from: string; to: string; tasks: LookaheadTaskDto[] } | undefined;
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  grouping: LookaheadGrouping;
  showProject?: boolean;
}) {
  const calendars = useMemo(() => lookaheadCalendars(projects), [projects]);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading the look-ahead" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="font-medium">The look-ahead could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { data } = query;
  return (
    <div
      data-testid="lookahead"
      data-ready={!query.isPlaceholderData}
      data-grouping={grouping}
      data-from={data.from}
      data-to={data.to}
      aria-busy={query.isPlaceholderData}
      className={cn('min-w-0 transition-opacity', query.isPlaceholderData && 'opacity-60')}
    >
      {data.tasks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border py-12 text-center text-sm text-muted-foreground">
          No work to hand out in these weeks.
        </p>
      ) : (
        <LookaheadTable
          tasks={data.tasks}
          from={data.from}
          to={data.to}
          calendars={calendars}
          grouping={grouping}
          showProject={showProject}
        />
      )}
    </div>
  );
}
