import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { TaskDto } from '@/contracts/tasks';
import { actualStartAheadOf, dayLabel } from '@/domain/schedule/typed-date-check';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toDateInput } from '../lib/dates';
import { predecessorDates, typedDateTask } from '../lib/task-date-hold';

/**
 * Asks for the day work on a task began: when progress is recorded on a task not started (the
 * planned start offered), or to correct its actual start. Names, before saving, the predecessors the
 * day would put the task ahead of (the schedule keeps an actual start whatever the links say).
 */
export function TaskActualStartDialog({
  task,
  projectTasks,
  progress,
  onConfirm,
  onCancel,
  pending,
}: {
  task: TaskDto;
  projectTasks: readonly TaskDto[];
  /** The progress being recorded, or null when only the actual start is corrected. */
  progress: number | null;
  onConfirm: (actualStart: string) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const [date, setDate] = useState(task.actualStart ?? toDateInput(task.startDate));
  const inputId = useId();
  const ahead = date
    ? actualStartAheadOf(typedDateTask(task).dependencies, predecessorDates(projectTasks), date)
    : [];
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            {progress === null ? 'Actual start' : `When did work on ${task.name} start?`}
          </DialogTitle>
          <DialogDescription>
            {progress === null
              ? 'The day work on this task really began. The schedule keeps it and moves what follows.'
              : `Recording ${progress}% starts the task. Its planned start is ${dayLabel(toDateInput(task.startDate))}.`}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (date) onConfirm(date);
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Actual start</Label>
            <Input id={inputId} type="date" value={date} required onChange={(e) => setDate(e.target.value)} />
          </div>
          {ahead.length > 0 && (
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                {ahead
                  .map(
                    (a) =>
                      `“${a.predecessor.name}” is planned to ${a.type === 'FS' ? 'finish' : 'start'} on ${dayLabel(a.planned)}`,
                  )
                  .join('; ')}
                . Starting on {dayLabel(date)} puts {task.name} ahead of it.
              </p>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || !date}>
              {progress === null ? 'Save actual start' : `Record ${progress}%`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
