import { MonitorSmartphone } from 'lucide-react';
import type { SessionDto } from '@/contracts/sessions';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { browserName } from './browser-name';
import { SettingsCard } from './settings-card';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const at = (iso: string) => timeFormat.format(new Date(iso));

function SessionRow({ session }: { session: SessionDto }) {
  return (
    <li className="py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          {browserName(session.userAgent)}
          {session.current ? <Badge variant="muted">This browser</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          Signed in {at(session.createdAt)}
          <span aria-hidden="true"> · </span>
          <span className="whitespace-nowrap">last active {at(session.lastUsedAt)}</span>
        </p>
      </div>
    </li>
  );
}

/**
 * Sessions: the browsers the user is signed in on, and signing out all but this one (a lost phone,
 * a shared computer).
 */
export function SessionsCard() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const confirm = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast({
          title: 'Signed out',
          description:
            ended === 1 ? 'One other session was signed out.' : `${ended} other sessions were signed out.`,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(error) ?? 'The other sessions could not be signed out.',
        }),
    });

  return (
    <SettingsCard
      icon={MonitorSmartphone}
      title="Signed-in Sessions"
      description="Where your account is signed in. A session ends by itself after a while without use."
    >
      {sessions.isPending ? (
        <Spinner label="Loading your sessions" />
      ) : sessions.isError ? (
        <p className="text-sm text-destructive">Your sessions could not be loaded.</p>
      ) : (
        <div className="grid gap-3">
          <ul aria-label="Signed-in sessions" className="divide-y">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          <Button
            variant="outline"
            className="w-full sm:w-fit"
            disabled={others === 0 || signOutOthers.isPending}
            onClick={confirm}
          >
            {signOutOthers.isPending ? 'Signing out...' : 'Sign Out Other Sessions'}
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}
