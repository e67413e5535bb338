import { Bell, BellRing, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { useDismissReminder } from '../api/dismiss-reminder';
import { useDueReminders } from '../api/get-reminders';

const dueFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const formatMoment = (value: string) => dueFormat.format(new Date(value));

/**
 * The header's bell: a count of the signed-in user's due reminders, opening their list; each links
 * to its task and can be cleared.
 */
export function ReminderBell() {
  const [open, setOpen] = useState(false);
  const reminders = useDueReminders();
  const dismiss = useDismissReminder();
  const due = reminders.data ?? [];
  const label = due.length === 0 ? 'Reminders' : `Reminders: ${due.length} due`;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void reminders.refetch();
      }}
    >
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          {due.length > 0 ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
          {due.length > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-white"
            >
              {due.length > 9 ? '9+' : due.length}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Reminders"
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-popover p-2 text-popover-foreground shadow-lg data-[state=open]:animate-zoom-in"
        >
          <p className="px-2 pb-2 text-sm font-semibold">Reminders</p>
          {reminders.isError ? (
            <p className="px-2 py-3 text-sm text-destructive">The reminders could not be loaded.</p>
          ) : due.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted-foreground">No reminders due.</p>
          ) : (
            <ul
              aria-label="Due reminders"
              className="grid max-h-96 gap-1 overflow-y-auto border-t border-border pt-2"
            >
              {due.map((r) => (
                <li key={r.id} className="flex items-start gap-1 rounded-md hover:bg-secondary">
                  <Link
                    to={r.taskId ? `/projects/${r.projectId}/tasks/${r.taskId}` : `/projects/${r.projectId}`}
                    onClick={() => setOpen(false)}
                    className="flex min-w-0 flex-1 items-start gap-2 rounded-md p-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <BellRing className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="text-sm break-words">{r.message}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {r.taskName ? `${r.taskName} · ` : ''}
                        {r.projectName} · {formatMoment(r.reminderDate)}
                      </span>
                    </span>
                  </Link>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={`Clear reminder: ${r.message}`}
                    disabled={dismiss.isPending}
                    onClick={() => dismiss.mutate(r.id)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
