import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { DelayDto } from '@/contracts/delays';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/utils';
import { useDeleteDelay } from '../api/delete-delay';
import { delayDay, movedLabel, movementSentence } from '../lib/delay-report';

/** Remove: a mistaken entry is taken out and the project re-scheduled without it. */
export function RemoveDelay({ delay }: { delay: DelayDto }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteDelay();
  const confirm = () =>
    remove.mutateAsync({ projectId: delay.projectId, id: delay.id }).then(
      (moved) => {
        setOpen(false);
        toast({ title: 'Delay removed', description: movementSentence(moved) });
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'The delay was not removed',
          description: serverMessage(error),
        }),
    );
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-destructive"
        aria-label={`Remove the delay on ${delay.taskName} of ${delayDay.long(delay.date)}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove this delay?</DialogTitle>
            <DialogDescription>
              {`${delay.days} working day${delay.days === 1 ? '' : 's'} on ${delay.taskName} (${delayDay.long(delay.date)}). The project is re-scheduled without it.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove delay'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

export function Moved({ days }: { days: number }) {
  return (
    <span className={cn('font-semibold tabular-nums', days > 0 ? 'text-red-700' : 'text-muted-foreground')}>
      {movedLabel(days)}
    </span>
  );
}

/** Whether the delayed task was on the critical path when the delay happened. */
export function CriticalBadge({ wasCritical }: { wasCritical: boolean }) {
  return wasCritical ? (
    <Badge className="delays-badge border-transparent bg-red-100 text-red-800">Critical</Badge>
  ) : (
    <Badge variant="muted" className="delays-badge">
      Had float
    </Badge>
  );
}
