/**
 * A task's remaining duration beside its progress: the working days left as of the project's data
 * date. Saving one sets the progress by the tasks domain's rule (`remaining-duration.ts`); the server
 * answers the task as re-scheduled.
 */
import { useId, useState } from 'react';
import type { TaskDto } from '@/contracts/tasks';
import { isCompleted } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useUpdateTask } from '../api/update-task';

const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;

/** "N of D days left" (working days), and for unfinished work a field to give the days left. */
export function TaskRemaining({ task }: { task: TaskDto }) {
  const update = useUpdateTask();
  const inputId = useId();
  const helpId = useId();
  const [value, setValue] = useState(String(task.remainingDuration));
  const finished = isCompleted(task);
  const parsed = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= 10_000;
  const changed = valid && parsed !== task.remainingDuration;
  // Awaited rather than given callbacks: the saved task re-keys (remounts) this component.
  const onSubmit = () =>
    update.mutateAsync({ id: task.id, body: { remainingDuration: parsed } }).then(
      (saved) =>
        toast({ title: `Remaining duration saved: ${days(saved.remainingDuration)} (${saved.progress}%)` }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to update task.',
        }),
    );
  return (
    <div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <h2 className="font-medium whitespace-nowrap text-muted-foreground">
          <label htmlFor={finished ? undefined : inputId}>Remaining duration</label>
        </h2>
        <span className="font-medium tabular-nums" data-testid="remaining-duration">
          {task.remainingDuration} of {task.duration} days left
        </span>
      </div>
      {!finished && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed) void onSubmit();
          }}
        >
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={value}
            aria-describedby={helpId}
            aria-invalid={!valid || undefined}
            onChange={(e) => setValue(e.target.value)}
            className="w-28"
          />
          <Button type="submit" variant="outline" disabled={!changed || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      )}
      <p id={helpId} className="mt-1 text-xs text-muted-foreground">
        {finished
          ? 'Finished: no work left.'
          : "Working days left as of the project's data date; saving it sets the progress."}
      </p>
    </div>
  );
}
