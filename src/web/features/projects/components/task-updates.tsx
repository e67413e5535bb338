import { MessageSquare, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/components/ui/use-toast';
import { useCreateUpdate } from '../api/create-update';
import { useTaskUpdates } from '../api/get-task-updates';
import { formatMoment } from '../lib/dates';

/** Task Updates: add one (trimmed; empty disables Add), the list newest first. */
export function TaskUpdates({ taskId }: { taskId: number }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const updates = useTaskUpdates(taskId);
  const createUpdate = useCreateUpdate();
  const trimmed = message.trim();
  const newestFirst = [...(updates.data ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    createUpdate.mutate(
      { taskId, message: trimmed, priority: 'normal' },
      {
        onSuccess: () => {
          setMessage('');
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
          <Button type="submit" className="justify-self-end" disabled={!trimmed || createUpdate.isPending}>
            <Send aria-hidden="true" />
            {createUpdate.isPending ? 'Adding...' : 'Add Update'}
          </Button>
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
                <MessageSquare className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="text-sm break-words whitespace-pre-line">{u.message}</p>
                  <p className="mt-1 text-xs text-muted-foreground">{formatMoment(u.createdAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
