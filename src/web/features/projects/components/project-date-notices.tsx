/**
 * What the project form says about its dates: a start in the past (a plan generated now would lie
 * entirely behind today) with the choice to start today, and, when an existing project's start is
 * changed, whether its schedule moves with it.
 */
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { type Control, useController, useFormContext, useWatch } from 'react-hook-form';
import { startToday } from '@/domain/schedule/new-project-dates';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { localToday } from '@/web/lib/local-today';
import { formatDay } from '../lib/dates';
import type { ProjectFormValues } from './project-form-values';

/** A start date before today, with a button that moves the plan to start today (same length). */
export function PastStartNotice({ control }: { control: Control<ProjectFormValues> }) {
  const { setValue, getValues } = useFormContext<ProjectFormValues>();
  const startDate = useWatch({ control, name: 'startDate' });
  const today = localToday();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || startDate >= today) return null;
  const moveToToday = () => {
    const moved = startToday({ startDate, endDate: getValues('endDate') || startDate }, today);
    setValue('startDate', moved.startDate, { shouldValidate: true, shouldDirty: true });
    setValue('endDate', moved.endDate, { shouldValidate: true, shouldDirty: true });
  };
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2"
    >
      <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        This start date is in the past ({formatDay(`${startDate}T00:00:00Z`)}): a plan generated now would be
        dated before today.
      </p>
      <Button type="button" size="sm" variant="outline" onClick={moveToToday}>
        Start today
      </Button>
    </div>
  );
}

/**
 * Shown when an existing project's start date is changed: move the tasks with it (ticked by default).
 * Not-started tasks move by the same number of working days; started and finished work keeps its dates.
 */
export function ShiftScheduleField({
  control,
  savedStart,
}: {
  control: Control<ProjectFormValues>;
  savedStart: string;
}) {
  const startDate = useWatch({ control, name: 'startDate' });
  const { field } = useController({ control, name: 'shiftSchedule' });
  const id = useId();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || startDate === savedStart) return null;
  return (
    <div className="grid gap-1 rounded-lg border border-dashed border-border bg-muted/50 p-3 sm:col-span-2">
      <div className="flex items-center gap-2.5">
        <Checkbox
          id={id}
          checked={field.value !== false}
          onCheckedChange={(next) => field.onChange(next === true)}
          aria-describedby={`${id}-help`}
        />
        <Label htmlFor={id} className="leading-snug font-normal">
          Move the schedule with the start date
        </Label>
      </div>
      <p id={`${id}-help`} className="pl-7 text-xs text-muted-foreground">
        Tasks not yet started move by the same number of working days; started and finished work keeps its
        dates.
      </p>
    </div>
  );
}
