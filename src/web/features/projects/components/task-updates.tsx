import { BellRing, MessageSquare, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { useCreateUpdate } from '../api/create-update';
import { useTaskUpdates } from '../api/get-task-updates';
import { formatMoment } from '../lib/dates';

/** The `datetime-local` value one hour from now, in the browser's time zone. */
function inAnHour(): string {
  const d = new Date(Date.now() + 3_600_000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/**
 * Task Updates: add one (trimmed; empty disables Add), optionally as a reminder at a chosen time
 * (mailed then to the task's assignee, or to the author when nobody is assigned), the list newest first.
 */
export function TaskUpdates({ taskId }: { taskId: number }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [remind, setRemind] = useState(false);
  const [remindAt, setRemindAt] = useState('');
  const updates = useTaskUpdates(taskId);
  const createUpdate = useCreateUpdate();
  const trimmed = message.trim();
  const reminderDate = remind && remindAt ? new Date(remindAt) : null;
  const reminderMissing = remind && (!reminderDate || Number.isNaN(reminderDate.getTime()));
  const newestFirst = [...(updates.data ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || reminderMissing) return;
    createUpdate.mutate(
      {
        taskId,
        message: trimmed,
        priority: 'normal',
        ...(remind && reminderDate ? { isReminder: true, reminderDate: reminderDate.toISOString() } : {}),
      },
      {
        onSuccess: () => {
          setMessage('');
          setRemind(false);
          toast({ title: 'Update added successfully' });
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to add update.' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Task Updates</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} className="grid gap-2">
          <Label htmlFor={id} className="sr-only">
            New update
          </Label>
          <Textarea
            id={id}
            rows={3}
            placeholder="Add an update on this task..."
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Checkbox
                id={`${id}-remind`}
                checked={remind}
                onCheckedChange={(checked) => {
                  setRemind(checked === true);
                  if (checked === true && !remindAt) setRemindAt(inAnHour());
                }}
              />
              <Label htmlFor={`${id}-remind`} className="text-sm font-normal">
                Remind at
              </Label>
              {remind ? (
                <Input
                  type="datetime-local"
                  aria-label="Reminder date and time"
                  className="h-9 w-auto"
                  value={remindAt}
                  onChange={(e) => setRemindAt(e.target.value)}
                />
              ) : null}
            </div>
            <Button type="submit" disabled={!trimmed || reminderMissing || createUpdate.isPending}>
              <Send aria-hidden="true" />
              {createUpdate.isPending ? 'Adding...' : 'Add Update'}
            </Button>
          </div>
        </form>
        {updates.isPending ? (
          <Spinner label="Loading updates" />
        ) : updates.isError ? (
          <p className="text-sm text-destructive">The updates could not be loaded.</p>
        ) : newestFirst.length === 0 ? (
          <p className="text-sm text-muted-foreground">No updates yet.</p>
        ) : (
          <ul className="grid max-h-96 gap-2 overflow-y-auto pr-1" aria-label="Task updates">
            {newestFirst.map((u) => (
              <li key={u.id} className="flex gap-3 rounded-lg bg-muted p-3">
                {u.isReminder ? (
                  <BellRing className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
                ) : (
                  <MessageSquare className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                )}
                <div className="min-w-0">
                  <p className="text-sm break-words whitespace-pre-line">{u.message}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {formatMoment(u.createdAt)}
                    {u.isReminder && u.reminderDate ? ` · Reminder ${formatMoment(u.reminderDate)}` : ''}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
