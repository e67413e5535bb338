import { CalendarPlus, Check, Copy, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { IssuedCalendarFeedDto } from '@/contracts/calendar-feeds';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useCalendarFeed, useIssueCalendarFeed, useRevokeCalendarFeed } from '@/web/lib/calendar-feeds';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The address as this browser reaches the server (the API answers it on its configured URL too). */
const addressOf = (feed: IssuedCalendarFeedDto) => `${window.location.origin}${feed.path}`;

function FeedAddress({ feed }: { feed: IssuedCalendarFeedDto }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const address = addressOf(feed);
  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => {
        setCopied(true);
        toast({ title: 'Address copied', description: 'Paste it into your calendar app.' });
      },
      () => {
        // Without clipboard access, select the text for the user to copy.
        input.current?.select();
        toast({ title: 'Copy the address', description: 'It is selected in the box.' });
      },
    );
  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Feed address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={input}
          readOnly
          value={address}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy URL'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Copy it now: for your privacy it is shown only once. Anyone with this address can see these tasks.{' '}
        <a
          className="font-medium text-primary underline-offset-4 hover:underline"
          href={address.replace(/^https?:/, 'webcal:')}
        >
          Open in your calendar app
        </a>
      </p>
    </div>
  );
}

/**
 * Turning a private calendar feed on, copying its address, giving it a new one and turning it off.
 * `projectId` null is the user's own feed of every project; a project id is that project's feed,
 * to share with a client or subcontractor.
 */
export function CalendarFeedPanel({ projectId, what }: { projectId: number | null; what: string }) {
  const feed = useCalendarFeed(projectId);
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [issued, setIssued] = useState<IssuedCalendarFeedDto | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'off' | null>(null);
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: serverMessage(error) ?? 'Please try again.' });

  const turnOn = () =>
    issue.mutate(
      { projectId },
      {
        onSuccess: (created) => {
          setIssued(created);
          setConfirming(null);
        },
        onError: failed('Could not turn the calendar feed on'),
      },
    );
  const turnOff = () => {
    if (!feed.data) return;
    revoke.mutate(feed.data, {
      onSuccess: () => {
        setIssued(null);
        setConfirming(null);
        toast({ title: 'Calendar feed turned off', description: 'Its address no longer works.' });
      },
      onError: failed('Could not turn the calendar feed off'),
    });
  };

  if (feed.isPending) return <Spinner label="Loading calendar feed" />;
  if (feed.isError) return <p className="text-sm text-destructive">The calendar feed could not be loaded.</p>;

  const current = feed.data;
  const shown = issued && current && issued.id === current.id ? issued : null;
  return (
    <div className="grid gap-4">
      {!current ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Subscribe to {what} in Google Calendar, Outlook or Apple Calendar: each task shows as an all-day
            event and stays up to date.
          </p>
          <Button onClick={turnOn} disabled={issue.isPending} className="shrink-0">
            <CalendarPlus aria-hidden="true" />
            {issue.isPending ? 'Turning on...' : 'Turn on'}
          </Button>
        </div>
      ) : (
        <>
          {shown ? (
            <FeedAddress feed={shown} />
          ) : (
            <p className="text-sm text-muted-foreground">
              The feed of {what} is on since {dayFormat.format(new Date(current.createdAt))}. Its address was
              shown once, when it was made; to get one again, make a new address (the old one stops working).
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setConfirming('renew')}>
              <RefreshCw aria-hidden="true" />
              Regenerate
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={() => setConfirming('off')}
            >
              Turn off
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming === 'renew'}
        onOpenChange={(open) => setConfirming(open ? 'renew' : null)}
        title="Regenerate the feed address?"
        description="Calendars subscribed to the current address stop receiving updates. You will get a new address to subscribe to."
        confirmLabel="Regenerate"
        pendingLabel="Regenerating..."
        pending={issue.isPending}
        onConfirm={turnOn}
      />
      <ConfirmDialog
        open={confirming === 'off'}
        onOpenChange={(open) => setConfirming(open ? 'off' : null)}
        title="Turn off the calendar feed?"
        description="Calendars subscribed to it stop receiving updates, and its address stops working."
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        pending={revoke.isPending}
        onConfirm={turnOff}
      />
    </div>
  );
}
