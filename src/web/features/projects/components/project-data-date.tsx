/**
 * The project's data date (status date): the day progress is reported as of. Setting it re-schedules
 * the project in the same request, the way P6's retained logic does (the rule is the schedule
 * domain's `data-date.ts`).
 */
import { CalendarCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type { ProjectDto } from '@/contracts/projects';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { localToday } from '@/web/lib/local-today';
import { useUpdateProject } from '../api/update-project';
import { formatDay } from '../lib/dates';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The data date with a date field (today when none is set), "Set & re-schedule" and "Clear". */
export function ProjectDataDate({ project }: { project: ProjectDto }) {
  const update = useUpdateProject();
  const inputId = useId();
  const helpId = useId();
  const [value, setValue] = useState(project.dataDate ?? localToday());
  // Awaited rather than given callbacks: the answer re-renders the page, which may remount this.
  const save = (dataDate: string | null) =>
    update.mutateAsync({ id: project.id, body: { dataDate, reschedule: true } }).then(
      () =>
        toast({
          title: dataDate
            ? `Re-scheduled from the data date ${formatDay(`${dataDate}T00:00:00Z`)}`
            : 'Data date cleared; re-scheduled as planned',
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to re-schedule the project.',
        }),
    );
  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-2 rounded-lg border p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${inputId}-title`} className="flex items-center gap-2 text-sm font-medium">
          <CalendarCheck aria-hidden="true" className="size-4 text-muted-foreground" />
          Data date (status date)
        </h3>
        <span className="text-sm tabular-nums" data-testid="current-data-date">
          {project.dataDate ? formatDay(`${project.dataDate}T00:00:00Z`) : 'Not set'}
        </span>
      </div>
      <p id={helpId} className="text-xs text-muted-foreground">
        The day progress is reported as of. Re-scheduling keeps finished work where it happened, finishes work
        under way with its remaining days from this date, and starts nothing else before it.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (DAY_PATTERN.test(value)) void save(value);
        }}
      >
        <div className="grid min-w-40 flex-1 gap-1.5 sm:max-w-56">
          <Label htmlFor={inputId}>Data date</Label>
          <Input
            id={inputId}
            type="date"
            value={value}
            aria-describedby={helpId}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={update.isPending || !DAY_PATTERN.test(value)}>
          {update.isPending ? 'Re-scheduling...' : 'Set & re-schedule'}
        </Button>
        {project.dataDate && (
          <Button type="button" variant="outline" disabled={update.isPending} onClick={() => void save(null)}>
            Clear
          </Button>
        )}
      </form>
    </section>
  );
}
