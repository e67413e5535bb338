import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useCreateTask } from '../api/create-task';
import { type RefusedDate, refusedDates } from '../lib/refused-dates';
import { DateReason } from './date-reason';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new task is due 7 days after it is created. */
export const NEW_TASK_DUE_DAYS = 7;

/**
 * The inline Add Task form of the Project Timeline: name (trimmed), Create, Cancel. When the server
 * refuses the new task's dates (422 `date_not_allowed`), its reason is shown with the nearest allowed
 * day to use, as the edit form does; Create then sends that day.
 */
export function AddTaskForm({ projectId }: { projectId: number }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [refused, setRefused] = useState<RefusedDate[]>([]);
  const [chosen, setChosen] = useState<{ startDate?: string; endDate?: string }>({});
  const createTask = useCreateTask();
  const trimmed = name.trim();

  const close = () => {
    setOpen(false);
    setName('');
    setRefused([]);
    setChosen({});
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    const now = new Date();
    createTask.mutate(
      {
        projectId,
        name: trimmed,
        description: '',
        status: 'not-started',
        progress: 0,
        isCritical: false,
        phase: 'Planning',
        punchlist: '[]',
        startDate: chosen.startDate ?? now.toISOString(),
        endDate: chosen.endDate ?? new Date(now.getTime() + NEW_TASK_DUE_DAYS * DAY_MS).toISOString(),
      },
      {
        onSuccess: () => {
          close();
          toast({ title: 'Task created successfully' });
        },
        onError: (error) => {
          const dates = refusedDates(error);
          if (dates) {
            setRefused(dates);
            return;
          }
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to create task.',
          });
        },
      },
    );
  };

  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add Task
      </Button>
    );
  }
  const use = (field: RefusedDate['field']) => (day: string) => {
    setChosen((c) => ({ ...c, [field]: day }));
    setRefused((r) => r.filter((d) => d.field !== field));
  };
  return (
    <form onSubmit={onSubmit} className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <Input
        aria-label="Task name"
        placeholder="Task name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
        autoFocus
        className="sm:flex-1"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!trimmed || createTask.isPending}>
          {createTask.isPending ? 'Creating...' : 'Create'}
        </Button>
        <Button variant="outline" size="sm" onClick={close} disabled={createTask.isPending}>
          Cancel
        </Button>
      </div>
      {refused.map((d) => (
        <DateReason key={d.field} reason={d.reason} nearest={d.nearest} onUse={use(d.field)} />
      ))}
    </form>
  );
}
