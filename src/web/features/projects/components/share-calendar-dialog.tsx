import { CalendarDays } from 'lucide-react';
import { CalendarFeedPanel } from '@/web/components/calendar-feed-panel';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';

/** Share calendar: the project's private calendar feed, for a client or subcontractor to subscribe to. */
export function ShareCalendarDialog({ projectId, projectName }: { projectId: number; projectName: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <CalendarDays aria-hidden="true" />
          Share calendar
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share calendar</DialogTitle>
          <DialogDescription>
            A private calendar feed of {projectName}&apos;s tasks, for the client or a subcontractor.
          </DialogDescription>
        </DialogHeader>
        <CalendarFeedPanel projectId={projectId} what="this project's tasks" />
      </DialogContent>
    </Dialog>
  );
}
